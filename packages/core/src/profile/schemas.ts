import { z } from 'zod';

/**
 * Shapes of the profile calls. spec 001 §7 names the paths, not their payloads, so
 * these are ours. Field rules with catalogue messages (email, PAN, ages…) are checked by rules.ts on
 * the server, not here: a zod refusal would answer a generic text instead of the field's own.
 */
import { EMPLOYER_SEARCH_MAX_LENGTH } from './routes.ts';

export {
  PROFILE_ROUTES,
  BANK_INSTITUTION_CATEGORY,
  EMPLOYER_SEARCH_LIMIT,
  EMPLOYER_SEARCH_MAX_LENGTH,
  EMPLOYER_SEARCH_MIN_LENGTH,
  institutionPath,
} from './routes.ts';

export const employerSearchQuerySchema = z.object({ q: z.string().max(EMPLOYER_SEARCH_MAX_LENGTH) });

export const employerSchema = z.object({ employerId: z.number().int(), name: z.string() });
export type Employer = z.infer<typeof employerSchema>;

/** spec 001 §3 utility slice employerList: the best matches first, at most `limit`; `more` when others match too. */
export const employerSearchResponseSchema = z.object({
  employers: z.array(employerSchema),
  limit: z.number().int(),
  more: z.boolean(),
});
export type EmployerSearchResponse = z.infer<typeof employerSearchResponseSchema>;

export const citySchema = z.object({ cityId: z.number().int(), name: z.string(), state: z.string() });
export type City = z.infer<typeof citySchema>;
export const cityListResponseSchema = z.object({ cities: z.array(citySchema) });
export type CityListResponse = z.infer<typeof cityListResponseSchema>;

export const institutionSchema = z.object({
  institutionId: z.number().int(),
  name: z.string(),
  /** How customers usually say it ("SBI", "HDFC Bank"). */
  shortName: z.string(),
});
export type Institution = z.infer<typeof institutionSchema>;
export const institutionListResponseSchema = z.object({ institutions: z.array(institutionSchema) });
export type InstitutionListResponse = z.infer<typeof institutionListResponseSchema>;
export const institutionParamsSchema = z.object({ category: z.coerce.number().int() });

export const turnoverRangeSchema = z.object({
  rangeId: z.number().int(),
  label: z.string(),
  /** Whole rupees a year, from (inclusive). */
  minRupees: z.number().int(),
  /** Whole rupees a year, up to (exclusive); null for the open top band. */
  maxRupees: z.number().int().nullable(),
});
export type TurnoverRange = z.infer<typeof turnoverRangeSchema>;
/**
 * spec 001 §7 utility/getAnnualTurnoveRange: the bands (utility slice annualSalesTurnover) and
 * specialAnnualTurnOverKeys (spec 001 §3), the rangeIds of the bands at which the personal-details
 * form also asks for the bank (rules.ts isSpecialTurnover).
 */
export const turnoverRangeListResponseSchema = z.object({
  ranges: z.array(turnoverRangeSchema),
  specialAnnualTurnOverKeys: z.array(z.number().int()),
});
export type TurnoverRangeListResponse = z.infer<typeof turnoverRangeListResponseSchema>;

const optionalId = z.number().int().nullable().optional();

/** What the personal-details form sends (rules.ts PersonalDetailsInput; ids from the reference lists). */
export const personalDetailsInputSchema = z.strictObject({
  fullName: z.string().max(200),
  dateOfBirth: z.string().max(20),
  gender: z.string().max(20),
  pan: z.string().max(20).nullable().optional(),
  employmentType: z.number().int(),
  employerId: optionalId,
  monthlyIncome: z.number().nullable().optional(),
  professionType: optionalId,
  businessType: optionalId,
  annualTurnoverId: optionalId,
  cityId: z.number().int(),
  bankId: optionalId,
});

/**
 * The details as the customer sees them (getCustomerDetails and the update's answer): the ids with
 * their names resolved from the reference lists, and the PAN masked (spec 001 §5 short identifier)
 * — the full PAN never leaves the server again once given.
 */
export const personalDetailsViewSchema = z.object({
  fullName: z.string(),
  dateOfBirth: z.string(),
  gender: z.string(),
  panMasked: z.string().nullable(),
  employmentType: z.number().int(),
  employmentTypeLabel: z.string(),
  employerId: z.number().int().nullable(),
  employerName: z.string().nullable(),
  monthlyIncome: z.number().int().nullable(),
  professionType: z.number().int().nullable(),
  professionLabel: z.string().nullable(),
  businessType: z.number().int().nullable(),
  businessLabel: z.string().nullable(),
  annualTurnoverId: z.number().int().nullable(),
  annualTurnoverLabel: z.string().nullable(),
  cityId: z.number().int(),
  cityName: z.string(),
  state: z.string(),
  bankId: z.number().int().nullable(),
  bankName: z.string().nullable(),
  /** ISO 8601: when the customer last saved them. */
  updatedAt: z.iso.datetime(),
});
export type PersonalDetailsView = z.infer<typeof personalDetailsViewSchema>;

const otpField = z.string().max(20).optional();
/** The proof of the current number or email that the `reauthenticate` step answered (opaque to the client). */
const reauthTokenField = z.string().max(200).optional();

/**
 * spec 001 §7 customerProfile/update: one of the changes named by `updateType`. spec 001 §7 names the
 * path only; a change of email or mobile number here takes three calls, because the number or email
 * signs in and an access token alone must not move it to someone else (ASVS 5.0 V7.5.1, 4.0.3 V3.7.1):
 *
 * 1. `reauthenticate` without `otp` sends a code to the CURRENT number (the email, for an account
 *    without one); with it, the answer is `reauthenticated` and a `reauthToken`, good for
 *    CONTACT_CHANGE_PROOF_SECONDS in this session only.
 * 2. `email` or `mobileNo` with the `reauthToken` and without `otp` sends a code to the NEW address or
 *    number (sent again: re-sent). Free and taken ones get the same answer.
 * 3. The same with `otp`: the code is checked, and only then is a taken one refused (emailInUse,
 *    mobileNumberInUse) or the new one put in place of the old.
 */
export const customerProfileUpdateBodySchema = z.discriminatedUnion('updateType', [
  z.strictObject({
    updateType: z.literal('personalDetails'),
    customerId: z.uuid(),
    personalDetails: personalDetailsInputSchema,
  }),
  z.strictObject({ updateType: z.literal('reauthenticate'), customerId: z.uuid(), otp: otpField }),
  z.strictObject({
    updateType: z.literal('email'),
    customerId: z.uuid(),
    email: z.string().max(320),
    otp: otpField,
    reauthToken: reauthTokenField,
  }),
  z.strictObject({
    updateType: z.literal('mobileNo'),
    customerId: z.uuid(),
    mobileNo: z.string().max(20),
    otp: otpField,
    reauthToken: reauthTokenField,
  }),
]);
export type CustomerProfileUpdateBody = z.infer<typeof customerProfileUpdateBodySchema>;

/** A code sent to a new email or number: where (masked), and the OTP rules the dialog shows. */
export const contactOtpSentSchema = z.object({
  /** The new address or number, masked (spec 001 §5). */
  sentTo: z.string(),
  /** True when this replaced a live code (spec 001 §5 "Please enter OTP re-sent to your mobile number"). */
  resent: z.boolean(),
  resendAfterSeconds: z.number().int(),
  expiresInSeconds: z.number().int(),
  otpLength: z.number().int(),
});
export type ContactOtpSent = z.infer<typeof contactOtpSentSchema>;

export const customerProfileUpdateResponseSchema = z.discriminatedUnion('outcome', [
  z.object({ outcome: z.literal('saved'), personalDetails: personalDetailsViewSchema }),
  z.object({ outcome: z.literal('otpSent'), message: z.string(), otp: contactOtpSentSchema }),
  z.object({
    outcome: z.literal('reauthenticated'),
    message: z.string(),
    /** Sent back with the `email` or `mobileNo` calls of this session. */
    reauthToken: z.string(),
    expiresInSeconds: z.number().int(),
  }),
  z.object({
    outcome: z.literal('verified'),
    /** spec 001 §5 "Your mobile number verified successfully." (its email counterpart for an address). */
    message: z.string(),
    /** The new identifier, in full: the customer just typed it, and the dashboard keeps mobileNo (spec 001 §3). */
    mobileNo: z.string(),
    email: z.string().nullable(),
    /** The customer's other sessions, signed out because the identifier that signs in changed. */
    otherDevicesSignedOut: z.number().int(),
  }),
]);
export type CustomerProfileUpdateResponse = z.infer<typeof customerProfileUpdateResponseSchema>;
