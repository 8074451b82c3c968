import { hashPassword } from './passwords.ts';
import type { CustomerStore } from './store.ts';

/** The demo customer (outside production only): sign in with 9876543210 by OTP or with the password. */
export const DEMO_CUSTOMER = {
  mobileNo: '9876543210',
  email: 'demo@pravesh.local',
  password: 'pravesh-demo-password',
} as const;

export async function seedDemoCustomer(customers: CustomerStore): Promise<void> {
  const existing = await customers.byMobile(DEMO_CUSTOMER.mobileNo);
  if (existing?.passwordHash) return;
  const customer = existing ?? (await customers.findOrCreate(DEMO_CUSTOMER.mobileNo));
  await customers.update(customer.customerId, {
    email: DEMO_CUSTOMER.email,
    passwordHash: await hashPassword(DEMO_CUSTOMER.password),
  });
}
