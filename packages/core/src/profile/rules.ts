import { isValidEmail, isIndianMobileNumber, normaliseEmail } from '../sso/constants.ts';
import type { ProfileErrorKey } from './errors.ts';
import { BUSINESS_TYPES, EMPLOYMENT_TYPE, EMPLOYMENT_TYPES, GENDERS, PROFESSION_TYPES } from './reference.ts';

/**
 * The pure rules of profile and personal details, shared by the server, which refuses
 * what breaks them, and the dashboard, which says so beside the field before a request is sent.
 */

/**
 * A contact change needs a proof of the current number (or email) made within this many seconds:
 * an OTP to it, checked by customerProfile/update's `reauthenticate` step (ASVS 5.0 V7.5.1, 4.0.3
 * V3.7.1; Keycloak's UPDATE_EMAIL required action asks for a fresh sign-in the same way). Ten minutes: long
 * enough to send a code to the new number (alive 5 minutes) and type it, too short to keep a proof
 * for a later, unattended session. An OTP sign-in does not count as one: the dashboard's access token
 * is renewed without the customer, so its age says nothing about who holds the phone now.
 */
export const CONTACT_CHANGE_PROOF_SECONDS = 600;

/**
 * Codes to new numbers or addresses one customer may ask for in any 60 minutes. The answer to a
 * send is the same for a free and a taken identifier (a taken one is refused only after its code is
 * verified), and this bounds how many identifiers a customer can try at all.
 */
export const CONTACT_CHANGE_SENDS_PER_HOUR = 5;
/**
 * Saves of the personal-details form a customer may make in an hour: a person corrects a field
 * or two; a script rewriting a profile in a loop fills the database's history and the logs.
 */
export const PERSONAL_DETAILS_SAVES_PER_HOUR = 20;

/**
 * spec 001 §5 "Email, loose: an @ at position 1 or later, a dot after the @ by at least 2
 * characters, and the dot not among the last 2 characters." (the last dot: the one before the
 * top-level domain).
 */
export function isLooseEmail(value: string): boolean {
  const at = value.indexOf('@');
  const dot = value.lastIndexOf('.');
  return at >= 1 && dot >= at + 2 && dot + 2 < value.length;
}

/**
 * An address the profile accepts: the loose rule (a real top-level domain of 2 or more letters
 * after a named host) and the strict rule of spec 001 §5 (isValidEmail: one @, not first; a dot
 * after it, not right after it; no spaces; no double dots), on the trimmed address.
 */
export function isAcceptableEmail(value: string): boolean {
  const email = value.trim();
  return isLooseEmail(email) && isValidEmail(email);
}

export { isIndianMobileNumber, normaliseEmail };

/** PAN (Income Tax Act §139A): 5 letters, 4 digits, a letter; the 4th letter is P for a person. */
export const PAN_PATTERN = /^[A-Z]{3}P[A-Z][0-9]{4}[A-Z]$/;

export function normalisePan(value: string): string {
  return value.replace(/\s+/g, '').toUpperCase();
}

/** A name as on the PAN card: letters (any script), spaces, dots, apostrophes and hyphens; 2 to 85 characters. */
const NAME_PATTERN = /^[\p{L}][\p{L}\p{M} .'-]{1,84}$/u;

export function normaliseName(value: string): string {
  return value.trim().replace(/\s+/g, ' ');
}

export const MIN_AGE_YEARS = 18;
export const MAX_AGE_YEARS = 100;
export const MIN_MONTHLY_INCOME = 1_000;
export const MAX_MONTHLY_INCOME = 1_00_00_000;

/** Whole years from `dateOfBirth` (YYYY-MM-DD) to `today` (YYYY-MM-DD, in India: invoices/gst.ts indianDate). */
export function ageOn(dateOfBirth: string, today: string): number {
  const [by, bm, bd] = dateOfBirth.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = today.split('-').map(Number) as [number, number, number];
  return ty - by - (tm < bm || (tm === bm && td < bd) ? 1 : 0);
}

/** A real calendar date written YYYY-MM-DD. */
export function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/**
 * From this annual turnover (whole rupees) a self-employed customer's bank is asked too: lenders
 * assess a business or practice of this size on its bank statements (the credits to its main account
 * are the turnover they lend against), so the form asks which bank holds it. The bands at or above
 * it are spec 001 §3's specialAnnualTurnOverKeys.
 */
export const SPECIAL_TURNOVER_MIN_RUPEES = 50_00_000;

/** Whether a band (utility/getAnnualTurnoveRange) is one of the special ones that asks for the bank. */
export const isSpecialTurnover = (range: { minRupees: number }) => range.minRupees >= SPECIAL_TURNOVER_MIN_RUPEES;

/** spec 001 §3 specialAnnualTurnOverKeys: the rangeIds of the special bands, lowest first. */
export function specialAnnualTurnOverKeys(ranges: readonly { rangeId: number; minRupees: number }[]): number[] {
  return ranges.filter(isSpecialTurnover).map((range) => range.rangeId);
}

/** Personal details as a form or a client sends them: ids from the reference lists, the rest as typed. */
export interface PersonalDetailsInput {
  fullName: string;
  dateOfBirth: string;
  gender: string;
  /** Optional: null or "" for none; left out (undefined), the one on file stays (it is only ever shown masked). */
  pan?: string | null | undefined;
  employmentType: number;
  /** Salaried: from the employer search (utility/employer). */
  employerId?: number | null | undefined;
  /** Salaried: take-home pay per month, whole rupees. */
  monthlyIncome?: number | null | undefined;
  /** Self Employed Professional. */
  professionType?: number | null | undefined;
  /** Self Employed Business. */
  businessType?: number | null | undefined;
  /** Self employed (either kind): a band of utility/getAnnualTurnoveRange. */
  annualTurnoverId?: number | null | undefined;
  cityId: number;
  /** The bank of the customer's main account (utility/institution/4); optional. */
  bankId?: number | null | undefined;
}

export type PersonalDetailsField = keyof PersonalDetailsInput;

export interface PersonalDetailsProblem {
  field: PersonalDetailsField;
  error: ProfileErrorKey;
}

const isId = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value > 0;
const inList = (list: readonly { id: number }[], value: unknown) => list.some((option) => option.id === value);

/**
 * Every rule the details break, in the form's order (empty when they are fine). Whether an id
 * names a real employer, city, bank or turnover band is the server's to check against its lists.
 */
export function personalDetailsProblems(
  input: PersonalDetailsInput,
  today: string,
  /** spec 001 §3 specialAnnualTurnOverKeys: with one of these bands, a self-employed customer's bank is required. */
  specialTurnoverKeys: readonly number[] = [],
): PersonalDetailsProblem[] {
  const problems: PersonalDetailsProblem[] = [];
  const add = (field: PersonalDetailsField, error: ProfileErrorKey) => problems.push({ field, error });

  if (!NAME_PATTERN.test(normaliseName(input.fullName))) add('fullName', 'invalidFullName');
  if (!isCalendarDate(input.dateOfBirth)) add('dateOfBirth', 'invalidDateOfBirth');
  else {
    const age = ageOn(input.dateOfBirth, today);
    if (age < MIN_AGE_YEARS || age > MAX_AGE_YEARS) add('dateOfBirth', 'ageOutOfRange');
  }
  if (!GENDERS.some((gender) => gender.id === input.gender)) add('gender', 'invalidGender');
  const pan = normalisePan(input.pan ?? '');
  if (pan !== '' && !PAN_PATTERN.test(pan)) add('pan', 'invalidPan');

  if (!inList(EMPLOYMENT_TYPES, input.employmentType)) add('employmentType', 'invalidEmploymentType');
  else if (input.employmentType === EMPLOYMENT_TYPE.salaried) {
    if (!isId(input.employerId)) add('employerId', 'unknownEmployer');
    const income = input.monthlyIncome;
    if (
      typeof income !== 'number' ||
      !Number.isInteger(income) ||
      income < MIN_MONTHLY_INCOME ||
      income > MAX_MONTHLY_INCOME
    ) {
      add('monthlyIncome', 'invalidMonthlyIncome');
    }
  } else {
    if (input.employmentType === EMPLOYMENT_TYPE.selfEmployedProfessional) {
      if (!inList(PROFESSION_TYPES, input.professionType)) add('professionType', 'invalidProfessionType');
    } else if (!inList(BUSINESS_TYPES, input.businessType)) add('businessType', 'invalidBusinessType');
    if (!isId(input.annualTurnoverId)) add('annualTurnoverId', 'unknownTurnoverRange');
  }
  if (!isId(input.cityId)) add('cityId', 'unknownCity');
  if (input.bankId !== null && input.bankId !== undefined && !isId(input.bankId)) add('bankId', 'unknownInstitution');
  else if (
    input.employmentType !== EMPLOYMENT_TYPE.salaried &&
    isId(input.annualTurnoverId) &&
    specialTurnoverKeys.includes(input.annualTurnoverId) &&
    !isId(input.bankId)
  ) {
    add('bankId', 'bankRequiredForTurnover');
  }
  return problems;
}

/**
 * The details as they are kept: trimmed and upper-cased where that is the rule, and only the
 * fields of the chosen employment type (an employer left over from "Salaried" does not stay behind
 * a switch to "Self Employed Business").
 */
export function normalisePersonalDetails(input: PersonalDetailsInput) {
  const salaried = input.employmentType === EMPLOYMENT_TYPE.salaried;
  const pan = normalisePan(input.pan ?? '');
  return {
    fullName: normaliseName(input.fullName),
    dateOfBirth: input.dateOfBirth,
    gender: input.gender,
    pan: pan === '' ? null : pan,
    employmentType: input.employmentType,
    employerId: salaried ? (input.employerId ?? null) : null,
    monthlyIncome: salaried ? (input.monthlyIncome ?? null) : null,
    professionType:
      input.employmentType === EMPLOYMENT_TYPE.selfEmployedProfessional ? (input.professionType ?? null) : null,
    businessType: input.employmentType === EMPLOYMENT_TYPE.selfEmployedBusiness ? (input.businessType ?? null) : null,
    annualTurnoverId: salaried ? null : (input.annualTurnoverId ?? null),
    cityId: input.cityId,
    bankId: input.bankId ?? null,
  };
}
