/**
 * The three demo customers (README "My Account": "three demo customers: scores at all four
 * bureaus, NO_HIT, new-to-credit"). They sign in like anyone else, by OTP to these numbers (the
 * local SMS outbox at /dev/outbox shows the code); the server's seed step (`npm run seed`, run by
 * `npm start`) creates them, records their consent to the credit report terms and pulls their
 * reports, and the simulated bureau answers these numbers with these profiles whatever customer id
 * sign-up gave them. Demo sites, end-to-end tests and the README take the numbers from here.
 */
export const DEMO_CREDIT_CUSTOMERS = {
  /** A file at CIBIL, EXPERIAN, HIGHMARK and EQUIFAX: four scores with 12+ months of history. */
  scored: { mobileNo: '9800000001', bureauProfile: 'SCORED' },
  /** No file at any bureau: every bureau answers NO_HIT, so the tile offers "Get Credit Score for FREE". */
  noHit: { mobileNo: '9800000002', bureauProfile: 'NO_HIT' },
  /** A file too young to score: CIBIL and EXPERIAN grade it (risk index), HIGHMARK and EQUIFAX find none. */
  newToCredit: { mobileNo: '9800000003', bureauProfile: 'NEW_TO_CREDIT' },
} as const;

export type DemoCreditCustomer = keyof typeof DEMO_CREDIT_CUSTOMERS;
