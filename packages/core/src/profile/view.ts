import { maskIdentifier } from '../masking.ts';
import { BUSINESS_TYPES, EMPLOYMENT_TYPES, PROFESSION_TYPES, labelOf } from './reference.ts';
import type { normalisePersonalDetails } from './rules.ts';
import type { PersonalDetailsView } from './schemas.ts';

/**
 * Personal details as kept (encrypted, server side): the normalised form input with the names its
 * ids had when it was saved, so reading them back needs no look-ups.
 */
export type StoredPersonalDetails = ReturnType<typeof normalisePersonalDetails> & {
  employerName: string | null;
  cityName: string;
  state: string;
  bankName: string | null;
  annualTurnoverLabel: string | null;
};

/** What the customer is shown: labels for the spec 001 §3 ids, and the PAN masked (spec 001 §5). */
export function personalDetailsView(stored: StoredPersonalDetails, updatedAt: Date): PersonalDetailsView {
  return {
    fullName: stored.fullName,
    dateOfBirth: stored.dateOfBirth,
    gender: stored.gender,
    panMasked: stored.pan === null ? null : maskIdentifier(stored.pan),
    employmentType: stored.employmentType,
    employmentTypeLabel: labelOf(EMPLOYMENT_TYPES, stored.employmentType) ?? '',
    employerId: stored.employerId,
    employerName: stored.employerName,
    monthlyIncome: stored.monthlyIncome,
    professionType: stored.professionType,
    professionLabel: labelOf(PROFESSION_TYPES, stored.professionType) ?? null,
    businessType: stored.businessType,
    businessLabel: labelOf(BUSINESS_TYPES, stored.businessType) ?? null,
    annualTurnoverId: stored.annualTurnoverId,
    annualTurnoverLabel: stored.annualTurnoverLabel,
    cityId: stored.cityId,
    cityName: stored.cityName,
    state: stored.state,
    bankId: stored.bankId,
    bankName: stored.bankName,
    updatedAt: updatedAt.toISOString(),
  };
}
