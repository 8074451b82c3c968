import { BRAND } from '../brand.ts';

/**
 * How customers reach Kosh (spec 001 §2 support tab "Contact Us"). The demo brand's details; a
 * deployment under another brand changes them here, in one place.
 */
export const SUPPORT_CONTACT = {
  phone: { display: '1800 266 0000', tel: '18002660000', hours: '9 am to 7 pm, Monday to Saturday (toll-free)' },
  email: { address: 'care@kosh.example.in', promise: 'We reply within one working day' },
  grievance: {
    /** Where a complaint goes when our reply did not settle it (IT Rules 2021 r. 3(2), DPDP Act 2023 §8(10)). */
    officer: 'Meera Iyer, Grievance Redressal Officer',
    address: 'grievance@kosh.example.in',
  },
  office: `${BRAND.legalName}, ${BRAND.registeredOffice}`,
} as const;
