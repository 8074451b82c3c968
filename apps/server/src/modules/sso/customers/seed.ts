import { hashPassword } from './passwords.ts';
import type { CustomerStore } from './store.ts';

/** The demo customer (outside production only): sign in with 9876543210 by OTP or with the password. */
export const DEMO_CUSTOMER = {
  mobileNo: '9876543210',
  email: 'demo@pravesh.local',
  password: 'pravesh-demo-password',
} as const;

/**
 * The demo password's hash, worked out once per process: every server outside production seeds the
 * demo customer at start, and each test server is such a start, so scrypt's deliberate cost (32 MiB
 * and ~100 ms, passwords.ts) was paid per test database. The password is public (README), so one
 * salt shared by this process's databases tells nothing; a failed hash is not kept.
 */
let demoHash: Promise<string> | undefined;
function demoPasswordHash(): Promise<string> {
  demoHash ??= hashPassword(DEMO_CUSTOMER.password).catch((error: unknown) => {
    demoHash = undefined;
    throw error;
  });
  return demoHash;
}

export async function seedDemoCustomer(customers: CustomerStore): Promise<void> {
  const existing = await customers.byMobile(DEMO_CUSTOMER.mobileNo);
  if (existing?.passwordHash) return;
  const customer = existing ?? (await customers.findOrCreate(DEMO_CUSTOMER.mobileNo));
  await customers.update(customer.customerId, {
    email: DEMO_CUSTOMER.email,
    passwordHash: await demoPasswordHash(),
  });
}
