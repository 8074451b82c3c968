import { entry, type CatalogueEntry } from '../errors/entry.ts';

/**
 * Profile and personal details entries for the error catalogue. spec 001 §5 words the
 * email rules and the OTP messages (the OTP texts are the dashboard group's otpIncorrect,
 * otpIncorrectOnResend and otpFailure; a bad email address is the sign-on group's invalidEmail, a
 * bad number its invalidMobileNumber); the spec names no text for the other fields, so these are
 * ours: short, and each says what to do. The dashboard shows the same texts beside its fields.
 */
export const PROFILE_ERRORS = {
  invalidFullName: entry('invalidFullName', 400, 'Please enter your full name as on your PAN card'),
  invalidDateOfBirth: entry('invalidDateOfBirth', 400, 'Please enter a valid date of birth'),
  ageOutOfRange: entry('ageOutOfRange', 400, 'You must be between 18 and 100 years old'),
  invalidGender: entry('invalidGender', 400, 'Please choose your gender'),
  invalidPan: entry('invalidPan', 400, 'Please enter a valid PAN, like ABCPE1234F'),
  invalidEmploymentType: entry('invalidEmploymentType', 400, 'Please choose your employment type'),
  unknownEmployer: entry('unknownEmployer', 400, 'Please choose your employer from the list'),
  invalidMonthlyIncome: entry(
    'invalidMonthlyIncome',
    400,
    'Please enter your monthly take-home income between ₹1,000 and ₹1,00,00,000',
  ),
  invalidProfessionType: entry('invalidProfessionType', 400, 'Please choose your profession'),
  invalidBusinessType: entry('invalidBusinessType', 400, 'Please choose your business type'),
  unknownTurnoverRange: entry('unknownTurnoverRange', 400, 'Please choose your annual turnover'),
  unknownCity: entry('unknownCity', 400, 'Please choose your city from the list'),
  unknownInstitution: entry('unknownInstitution', 400, 'Please choose your bank from the list'),
  /** A special turnover band (spec 001 §3 specialAnnualTurnOverKeys) without the bank it asks for. */
  bankRequiredForTurnover: entry(
    'bankRequiredForTurnover',
    400,
    'Please choose the bank that holds your main business account',
  ),
  unknownInstitutionCategory: entry('unknownInstitutionCategory', 404, 'No such list of institutions'),
  employerSearchTooShort: entry(
    'employerSearchTooShort',
    400,
    'Please type at least 2 letters of your employer’s name',
  ),
  sameMobileNumber: entry('sameMobileNumber', 400, 'This is already the mobile number on your account'),
  sameEmail: entry('sameEmail', 400, 'This is already the email address on your account'),
  mobileNumberInUse: entry(
    'mobileNumberInUse',
    409,
    'This mobile number is registered to another account. Please use a different number',
  ),
  emailInUse: entry(
    'emailInUse',
    409,
    'This email address is used by another account. Please use a different email address',
  ),
  /**
   * A change of mobile number or email without a fresh proof of the current one (ASVS 5.0 V7.5.1 /
   * 4.0.3 V3.7.1: an access token alone must not change the factor that signs in). 403, not 401:
   * the customer is signed in, and the dashboard must not take it for an ended session.
   */
  reauthenticationRequired: entry(
    'reauthenticationRequired',
    403,
    'For your security, please confirm it’s you with an OTP before changing your contact details',
  ),
  /** More codes to new numbers or addresses than CONTACT_CHANGE_SENDS_PER_HOUR allows one customer. */
  contactChangeRateLimited: entry(
    'contactChangeRateLimited',
    429,
    'You’ve tried to change your contact details too many times. Please try again in an hour',
  ),
  /** More saves of the personal-details form than PERSONAL_DETAILS_SAVES_PER_HOUR allows. */
  personalDetailsRateLimited: entry(
    'personalDetailsRateLimited',
    429,
    'You’ve saved your details many times in a short while. Please try again in an hour',
  ),
  /** The email provider is off (PRAVESH_EMAIL_PROVIDER=disabled): no code can reach a new address. */
  emailChangeUnavailable: entry(
    'emailChangeUnavailable',
    503,
    'Changing your email address is not available right now. Please try again later',
  ),
} as const satisfies Record<string, CatalogueEntry>;

export type ProfileErrorKey = keyof typeof PROFILE_ERRORS;

/** The text of a profile error (a plain string: none of these take parameters). */
export function profileErrorText(key: ProfileErrorKey): string {
  return PROFILE_ERRORS[key].message as string;
}
