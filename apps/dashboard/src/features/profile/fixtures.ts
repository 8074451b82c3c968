import { PROFILE_ROUTES, institutionPath } from '@pravesh/core/profile/routes.ts';
import type { PersonalDetailsView } from '@pravesh/core/profile/schemas.ts';
import type { Reply } from '../../test/harness.tsx';

/** Reference lists as the server answers them (a few entries of each), for the profile screens' tests. */
export const CITIES = [
  { cityId: 101, name: 'Mumbai', state: 'Maharashtra' },
  { cityId: 102, name: 'Delhi', state: 'Delhi' },
  { cityId: 103, name: 'Pune', state: 'Maharashtra' },
  { cityId: 104, name: 'Puducherry', state: 'Puducherry' },
  { cityId: 105, name: 'Coimbatore', state: 'Tamil Nadu' },
];

export const BANKS = [
  { institutionId: 13, name: 'HDFC Bank', shortName: 'HDFC Bank' },
  { institutionId: 1, name: 'State Bank of India', shortName: 'SBI' },
  { institutionId: 21, name: 'Federal Bank', shortName: 'Federal Bank' },
];

export const EMPLOYERS = [
  { employerId: 2, name: 'Infosys Limited' },
  { employerId: 40, name: 'Info Edge (India) Limited' },
  { employerId: 5001, name: 'Shree Infotech Systems Private Limited' },
];

export const REFERENCE_ROUTES: Record<string, Reply> = {
  [PROFILE_ROUTES.city]: { cities: CITIES },
  [PROFILE_ROUTES.getTopCity]: { cities: CITIES.slice(0, 2) },
  [institutionPath()]: { institutions: BANKS },
  [PROFILE_ROUTES.getTopInstitution]: { institutions: BANKS.slice(0, 2) },
  [PROFILE_ROUTES.getAnnualTurnoverRange]: {
    ranges: [
      { rangeId: 1, label: 'Up to ₹10 lakh', minRupees: 0, maxRupees: 1_000_000 },
      { rangeId: 2, label: '₹10 lakh to ₹25 lakh', minRupees: 1_000_000, maxRupees: 2_500_000 },
      { rangeId: 4, label: '₹50 lakh to ₹1 crore', minRupees: 5_000_000, maxRupees: 10_000_000 },
    ],
    specialAnnualTurnOverKeys: [4],
  },
  [PROFILE_ROUTES.employer]: (_body: unknown, query?: Record<string, unknown>) => {
    const q = typeof query?.q === 'string' ? query.q.toLowerCase() : '';
    const employers = EMPLOYERS.filter((employer) => employer.name.toLowerCase().includes(q));
    return { employers, limit: 20, more: false };
  },
};

export const SAVED_DETAILS: PersonalDetailsView = {
  fullName: 'Ananya Rao',
  dateOfBirth: '1992-04-18',
  gender: 'FEMALE',
  panMasked: 'AB******4K',
  employmentType: 1,
  employmentTypeLabel: 'Salaried',
  employerId: 2,
  employerName: 'Infosys Limited',
  monthlyIncome: 85_000,
  professionType: null,
  professionLabel: null,
  businessType: null,
  businessLabel: null,
  annualTurnoverId: null,
  annualTurnoverLabel: null,
  cityId: 103,
  cityName: 'Pune',
  state: 'Maharashtra',
  bankId: 13,
  bankName: 'HDFC Bank',
  updatedAt: '2026-11-20T06:00:00.000Z',
};
