import {
  BANK_INSTITUTION_CATEGORY,
  EMAIL_OTP_MESSAGES,
  EMPLOYER_SEARCH_LIMIT,
  EMPLOYER_SEARCH_MIN_LENGTH,
  EMPLOYMENT_TYPE,
  OTP_MESSAGES,
  OTP_PATTERN,
  PraveshError,
  isAcceptableEmail,
  isIndianMobileNumber,
  isPraveshError,
  indianDate,
  maskEmail,
  maskIdentifier,
  normaliseEmail,
  normalisePersonalDetails,
  personalDetailsProblems,
  personalDetailsView,
  type CustomerProfileUpdateResponse,
  type EmployerSearchResponse,
  type PersonalDetailsInput,
  type StoredPersonalDetails,
} from '@pravesh/core';
import { normalisePii, type PiiCipher } from '../../auth/pii-cipher.ts';
import type { ModuleDeps } from '../../config/deps.ts';
import { openStoredPersonalDetails, sealPersonalDetails } from '../../lib/personal-details.ts';
import { employerSearchTerms } from './employer-search.ts';
import type { ProfileStore } from './store.ts';

type ConfirmationCodes = Pick<ModuleDeps['otp'], 'sendChangeConfirmation' | 'verifyChangeConfirmation'>;
type ContactChange = Parameters<ConfirmationCodes['sendChangeConfirmation']>[0];

export interface ProfileServiceOptions {
  store: ProfileStore;
  pii: PiiCipher;
  /** The shared OTP service (deps.otp): contact changes are confirmed by a code to the new identifier. */
  otp: ConfirmationCodes;
  now: () => number;
}

/** A change of email or mobile number as the update call carries it (spec 001 §7 customerProfile/update). */
export interface ContactChangeRequest {
  kind: 'mobile' | 'email';
  value: string;
  otp?: string | undefined;
  ip: string;
}

/**
 * Profile and personal details (issue 16 §2): the reference lists, the customer's personal
 * details (spec 001 §3 lists, encrypted at rest) and contact changes confirmed by OTP (spec 001 §5
 * email rules and OTP messages). Every refusal is a catalogue error thrown before anything is
 * written, so bad input changes nothing.
 */
export function createProfileService({ store, pii, otp, now }: ProfileServiceOptions) {
  /** The names behind the form's ids; an id that names nothing is the field's catalogue error. */
  async function resolve(details: ReturnType<typeof normalisePersonalDetails>): Promise<StoredPersonalDetails> {
    const employer = details.employerId === null ? undefined : await store.employer(details.employerId);
    if (details.employmentType === EMPLOYMENT_TYPE.salaried && !employer) throw new PraveshError('unknownEmployer');
    const range = details.annualTurnoverId === null ? undefined : await store.turnoverRange(details.annualTurnoverId);
    if (details.annualTurnoverId !== null && !range) throw new PraveshError('unknownTurnoverRange');
    const city = await store.city(details.cityId);
    if (!city) throw new PraveshError('unknownCity');
    const bank = details.bankId === null ? undefined : await store.institution(details.bankId);
    if (details.bankId !== null && !bank) throw new PraveshError('unknownInstitution');
    return {
      ...details,
      employerName: employer?.name ?? null,
      cityName: city.name,
      state: city.state,
      bankName: bank?.name ?? null,
      annualTurnoverLabel: range?.label ?? null,
    };
  }

  /** The new identifier, normalised and checked against the rules and the customer's current one. */
  async function checkedChange(customerId: string, kind: 'mobile' | 'email', raw: string): Promise<ContactChange> {
    const current = await store.contact(customerId);
    if (!current) throw new PraveshError('tokenNotValidated');
    if (kind === 'mobile') {
      const mobileNo = normalisePii('mobile', raw);
      if (!isIndianMobileNumber(mobileNo)) throw new PraveshError('invalidMobileNumber');
      const hash = pii.hash('mobile', mobileNo);
      if (hash === current.mobileHash) throw new PraveshError('sameMobileNumber');
      if ((await store.holderOf('mobile', hash)) !== undefined) throw new PraveshError('mobileNumberInUse');
      return { customerId, kind, mobileNo };
    }
    // spec 001 §5: the loose and the strict email rule, on the address as typed (trimmed).
    if (!isAcceptableEmail(raw)) throw new PraveshError('invalidEmail');
    const email = normaliseEmail(raw);
    const hash = pii.hash('email', email);
    if (hash === current.emailHash) throw new PraveshError('sameEmail');
    if ((await store.holderOf('email', hash)) !== undefined) throw new PraveshError('emailInUse');
    return { customerId, kind, email };
  }

  return {
    /** utility/employer: the best `EMPLOYER_SEARCH_LIMIT` matches, and whether more match. */
    async searchEmployers(term: string): Promise<EmployerSearchResponse> {
      const terms = employerSearchTerms(term);
      if (terms.key.replace(/ /g, '').length < EMPLOYER_SEARCH_MIN_LENGTH) {
        throw new PraveshError('employerSearchTooShort');
      }
      // One more than shown: whether to say "keep typing to see more".
      const found = await store.searchEmployers(terms, EMPLOYER_SEARCH_LIMIT + 1);
      return {
        employers: found.slice(0, EMPLOYER_SEARCH_LIMIT),
        limit: EMPLOYER_SEARCH_LIMIT,
        more: found.length > EMPLOYER_SEARCH_LIMIT,
      };
    },
    cities: () => store.cities(),
    topCities: () => store.topCities(),
    async institutions(category: number) {
      const institutions = await store.institutions(category);
      if (institutions.length === 0) throw new PraveshError('unknownInstitutionCategory');
      return institutions;
    },
    topInstitutions: () => store.topInstitutions(BANK_INSTITUTION_CATEGORY),
    turnoverRanges: () => store.turnoverRanges(),

    async savePersonalDetails(customerId: string, input: PersonalDetailsInput): Promise<CustomerProfileUpdateResponse> {
      const [problem] = personalDetailsProblems(input, indianDate(new Date(now())));
      if (problem) throw new PraveshError(problem.error);
      const stored = await resolve(normalisePersonalDetails(input));
      // The PAN is never sent back in full (spec 001 §5 masking), so a form that leaves `pan` out
      // keeps the one on file; null or "" removes it.
      if (input.pan === undefined) {
        const sealed = await store.sealedPersonalDetails(customerId);
        stored.pan = sealed ? openStoredPersonalDetails(pii, sealed).pan : null;
      }
      const at = new Date(now());
      await store.savePersonalDetails(customerId, sealPersonalDetails(pii, stored), at);
      return { outcome: 'saved', personalDetails: personalDetailsView(stored, at) };
    },

    /**
     * A new email or mobile number: without `otp`, a code goes to the NEW identifier (again, when
     * asked again: spec 001 §5 "re-sent"); with it, the code is checked and only then does the new
     * identifier replace the old one.
     */
    async changeContact(customerId: string, request: ContactChangeRequest): Promise<CustomerProfileUpdateResponse> {
      const change = await checkedChange(customerId, request.kind, request.value);
      const messages = change.kind === 'mobile' ? OTP_MESSAGES : EMAIL_OTP_MESSAGES;
      const shown = change.kind === 'mobile' ? maskIdentifier(change.mobileNo) : maskEmail(change.email);
      if (request.otp === undefined) {
        const sent = await otp.sendChangeConfirmation(change, request.ip).catch((error: unknown) => {
          if (isPraveshError(error) && error.key === 'emailOtpUnavailable')
            throw new PraveshError('emailChangeUnavailable');
          throw error;
        });
        return {
          outcome: 'otpSent',
          message: sent.resent ? messages.resent : `Please enter the OTP sent to ${shown}`,
          otp: { sentTo: shown, ...sent },
        };
      }
      // A code of the wrong shape is wrong without spending one of the 5 attempts.
      if (!OTP_PATTERN.test(request.otp)) throw new PraveshError('otpIncorrect');
      await otp.verifyChangeConfirmation(change, request.otp);
      const value = change.kind === 'mobile' ? change.mobileNo : change.email;
      const replaced = await store.replaceContact(
        customerId,
        change.kind,
        { hash: pii.hash(change.kind, value), sealed: pii.encrypt(change.kind, value) },
        new Date(now()),
      );
      if (!replaced) throw new PraveshError(change.kind === 'mobile' ? 'mobileNumberInUse' : 'emailInUse');
      const contact = await store.contact(customerId);
      return {
        outcome: 'verified',
        message: messages.verified,
        mobileNo: contact?.mobileEnc ? pii.decrypt('mobile', contact.mobileEnc) : '',
        email: contact?.emailEnc ? pii.decrypt('email', contact.emailEnc) : null,
      };
    },
  };
}

export type ProfileService = ReturnType<typeof createProfileService>;
