import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  BANK_INSTITUTION_CATEGORY,
  CONTACT_CHANGE_PROOF_SECONDS,
  CONTACT_CHANGE_SENDS_PER_HOUR,
  PERSONAL_DETAILS_SAVES_PER_HOUR,
  SUPPORT_CONTACT,
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
  specialAnnualTurnOverKeys,
  type CustomerProfileUpdateResponse,
  type EmployerSearchResponse,
  type PersonalDetailsInput,
  type StoredPersonalDetails,
} from '@pravesh/core';
import { normalisePii, type PiiCipher } from '../../auth/pii-cipher.ts';
import type { ModuleDeps } from '../../config/deps.ts';
import type { AccountActivity } from '../../lib/account-activity.ts';
import type { RateLimiter } from '../../lib/rate-limit/index.ts';
import { openStoredPersonalDetails, sealPersonalDetails } from '../../lib/personal-details.ts';
import { employerSearchTerms } from './employer-search.ts';
import type { ProfileStore } from './store.ts';

type ConfirmationCodes = Pick<
  ModuleDeps['otp'],
  'sendChangeConfirmation' | 'verifyChangeConfirmation' | 'sendCurrentFactorCode' | 'verifyCurrentFactorCode'
>;
type ContactChange = Parameters<ConfirmationCodes['sendChangeConfirmation']>[0];

export interface ProfileServiceOptions {
  store: ProfileStore;
  pii: PiiCipher;
  /** The shared OTP service (deps.otp): codes to the current identifier (the proof) and to the new one. */
  otp: ConfirmationCodes;
  /** Signs the customer's other sessions out after a change (deps.sessions). */
  sessions: ModuleDeps['sessions'];
  /** Where the change is recorded for the customer to see (deps.accountActivity). */
  accountActivity: Pick<AccountActivity, 'record'>;
  /** Where the notice of a change goes: the old number and the old address (deps.providers). */
  sms: ModuleDeps['providers']['sms'];
  email: ModuleDeps['providers']['email'];
  limiter: RateLimiter;
  /** Keys the current-factor proofs (a secret of the deployment; a label of its own derives the key). */
  proofSecret: string;
  log: FastifyBaseLogger;
  now: () => number;
}

/** Who asks: the access token's customer and session (a proof is good in its own session only). */
export interface ContactChangeCaller {
  customerId: string;
  sessionId: string;
  ip: string;
}

/** A change of email or mobile number as the update call carries it (spec 001 §7 customerProfile/update). */
export interface ContactChangeRequest {
  kind: 'mobile' | 'email';
  value: string;
  otp?: string | undefined;
  /** The `reauthenticate` step's proof of the current number or email. */
  reauthToken?: string | undefined;
}

const HOUR_MS = 3_600_000;
const KIND_WORDS = { mobile: 'mobile number', email: 'email address' } as const;

/** When a change happened, as the notice says it (India Standard Time, e.g. "21 Nov 2026, 11:30 am"). */
function noticeTime(at: Date): string {
  return new Intl.DateTimeFormat('en-IN', {
    timeZone: 'Asia/Kolkata',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  }).format(at);
}

/**
 * Profile and personal details: the reference lists, the customer's personal
 * details (spec 001 §3 lists, encrypted at rest) and contact changes confirmed by OTP (spec 001 §5
 * email rules and OTP messages). Every refusal is a catalogue error thrown before anything is
 * written, so bad input changes nothing.
 */
export function createProfileService(options: ProfileServiceOptions) {
  const { store, pii, otp, now } = options;
  const proofKey = createHmac('sha256', options.proofSecret).update('pravesh-contact-change-proof').digest();
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

  type Contact = NonNullable<Awaited<ReturnType<ProfileStore['contact']>>>;

  /** The new identifier, normalised and checked against the rules and the customer's current one. */
  function checkedChange(customerId: string, kind: 'mobile' | 'email', raw: string, current: Contact): ContactChange {
    if (kind === 'mobile') {
      const mobileNo = normalisePii('mobile', raw);
      if (!isIndianMobileNumber(mobileNo)) throw new PraveshError('invalidMobileNumber');
      const hash = pii.hash('mobile', mobileNo);
      if (hash === current.mobileHash) throw new PraveshError('sameMobileNumber');
      return { customerId, kind, mobileNo };
    }
    // spec 001 §5: the loose and the strict email rule, on the address as typed (trimmed).
    if (!isAcceptableEmail(raw)) throw new PraveshError('invalidEmail');
    const email = normaliseEmail(raw);
    const hash = pii.hash('email', email);
    if (hash === current.emailHash) throw new PraveshError('sameEmail');
    return { customerId, kind, email };
  }

  /**
   * The proof of the current factor: an HMAC over the customer, the session, the current number's
   * and email's look-up hashes and the expiry. Bound to the session, another session (or customer)
   * cannot use it; bound to the current identifiers, it dies with the change it allowed.
   */
  function proofMac(caller: ContactChangeCaller, current: Contact, expiresAt: number): Buffer {
    return createHmac('sha256', proofKey)
      .update(
        [
          caller.customerId.toLowerCase(),
          caller.sessionId,
          current.mobileHash ?? '',
          current.emailHash ?? '',
          expiresAt,
        ].join('\u0001'),
      )
      .digest();
  }

  function proofFor(caller: ContactChangeCaller, current: Contact): string {
    const expiresAt = now() + CONTACT_CHANGE_PROOF_SECONDS * 1000;
    return `${expiresAt}.${proofMac(caller, current, expiresAt).toString('base64url')}`;
  }

  function requireProof(caller: ContactChangeCaller, current: Contact, token: string | undefined): void {
    const [expiry, mac] = (token ?? '').split('.');
    const expiresAt = Number(expiry);
    const fresh =
      Number.isSafeInteger(expiresAt) &&
      expiresAt > now() &&
      expiresAt <= now() + CONTACT_CHANGE_PROOF_SECONDS * 1000 &&
      mac !== undefined;
    const given = fresh ? Buffer.from(mac, 'base64url') : Buffer.alloc(0);
    const expected = fresh ? proofMac(caller, current, expiresAt) : Buffer.alloc(32);
    if (!fresh || given.length !== expected.length || !timingSafeEqual(given, expected)) {
      throw new PraveshError('reauthenticationRequired');
    }
  }

  /** The identifier a current-factor code goes to: the number, or the email of an account without one. */
  function currentFactor(customerId: string, current: Contact): ContactChange {
    if (current.mobileEnc) return { customerId, kind: 'mobile', mobileNo: pii.decrypt('mobile', current.mobileEnc) };
    if (current.emailEnc) return { customerId, kind: 'email', email: pii.decrypt('email', current.emailEnc) };
    throw new PraveshError('tokenNotValidated');
  }

  /**
   * Tells every number and address the account had before the change (except the new one) what
   * changed, when, and what to do if it was not them (ASVS 5.0 V6.3.7, 4.0.3 V2.2.3). The change is
   * made by then: a notice that cannot be sent is logged (by kind only, never the number) and the
   * answer stands.
   */
  async function sendChangeNotices(before: Contact, change: ContactChange, at: Date): Promise<void> {
    const shownNew = change.kind === 'mobile' ? maskIdentifier(change.mobileNo) : maskEmail(change.email);
    const what = `${KIND_WORDS[change.kind]} of your Pravesh account was changed to ${shownNew} on ${noticeTime(at)} IST, and your other devices were signed out.`;
    const help = `If you did not make this change, call ${SUPPORT_CONTACT.phone.display} (toll-free) or write to ${SUPPORT_CONTACT.email.address} now.`;
    const sends: Promise<void>[] = [];
    if (before.mobileEnc) {
      sends.push(
        options.sms.send({
          to: pii.decrypt('mobile', before.mobileEnc),
          templateId: 'pravesh-contact-changed',
          text: `The ${what} ${help}`,
        }),
      );
    }
    if (before.emailEnc && options.email) {
      sends.push(
        options.email.send({
          to: pii.decrypt('email', before.emailEnc),
          subject: `The ${KIND_WORDS[change.kind]} of your Pravesh account was changed`,
          templateId: 'pravesh-email-contact-changed',
          text: `The ${what}\n\n${help}\n\nIf it was you, there is nothing more to do.`,
        }),
      );
    }
    const results = await Promise.allSettled(sends);
    for (const result of results) {
      if (result.status === 'rejected') options.log.warn({ notice: change.kind }, 'contact change notice not sent');
    }
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
    /** spec 001 §7 utility/getAnnualTurnoveRange: the bands and spec 001 §3 specialAnnualTurnOverKeys. */
    async turnoverRanges() {
      const ranges = await store.turnoverRanges();
      return { ranges, specialAnnualTurnOverKeys: specialAnnualTurnOverKeys(ranges) };
    },

    async savePersonalDetails(customerId: string, input: PersonalDetailsInput): Promise<CustomerProfileUpdateResponse> {
      const special = specialAnnualTurnOverKeys(await store.turnoverRanges());
      const [problem] = personalDetailsProblems(input, indianDate(new Date(now())), special);
      if (problem) throw new PraveshError(problem.error);
      const allowed = await options.limiter.consume(
        `profile:personal-details:${customerId.toLowerCase()}`,
        PERSONAL_DETAILS_SAVES_PER_HOUR,
        HOUR_MS,
      );
      if (!allowed.allowed) throw new PraveshError('personalDetailsRateLimited');
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
     * The `reauthenticate` step: without `otp`, a code to the current number (or email); with it, the
     * code is checked and the answer is a proof good for CONTACT_CHANGE_PROOF_SECONDS in this session.
     */
    async proveCurrentFactor(
      caller: ContactChangeCaller,
      code: string | undefined,
    ): Promise<CustomerProfileUpdateResponse> {
      const current = await store.contact(caller.customerId);
      if (!current) throw new PraveshError('tokenNotValidated');
      const factor = currentFactor(caller.customerId, current);
      if (code === undefined) {
        const messages = factor.kind === 'mobile' ? OTP_MESSAGES : EMAIL_OTP_MESSAGES;
        const shown = factor.kind === 'mobile' ? maskIdentifier(factor.mobileNo) : maskEmail(factor.email);
        const sent = await otp.sendCurrentFactorCode(factor, caller.ip);
        return {
          outcome: 'otpSent',
          message: sent.resent ? messages.resent : `Please enter the OTP sent to ${shown}`,
          otp: { sentTo: shown, ...sent },
        };
      }
      if (!OTP_PATTERN.test(code)) throw new PraveshError('otpIncorrect');
      await otp.verifyCurrentFactorCode(factor, code);
      return {
        outcome: 'reauthenticated',
        message: 'Thanks for confirming it’s you',
        reauthToken: proofFor(caller, current),
        expiresInSeconds: CONTACT_CHANGE_PROOF_SECONDS,
      };
    },

    /**
     * A new email or mobile number, with a proof of the current one (proveCurrentFactor). Without
     * `otp`, a code goes to the NEW identifier (again, when asked again: spec 001 §5 "re-sent"), the
     * same answer whether another account holds it or not, at most CONTACT_CHANGE_SENDS_PER_HOUR a
     * customer. With it, the code is checked; only then is a taken identifier refused, or the new
     * one put in place of the old, the other sessions signed out and the old contacts told.
     *
     * Reconciled with the spec: spec 001 §7 lists customerProfile/update (path only) and spec 001 §3
     * its OTP texts ("Your mobile number verified successfully."); taken literally — a signed-in
     * call and a code to the new number — a 15-minute access token could move the number that signs
     * in to an attacker's phone. The path, updateType values and texts are kept; the reauthenticate
     * step is added before them (ASVS 5.0 V7.5.1 / 4.0.3 V3.7.1: re-authenticate before changing an
     * identifier used to sign in; Keycloak's UPDATE_EMAIL required action does the same), the old
     * contacts are told (V6.3.7 / V2.2.3) and the other sessions end (V7.4.3 / V3.3.3). See
     * docs/decisions/0005-contact-change-needs-the-current-factor.md.
     */
    async changeContact(
      caller: ContactChangeCaller,
      request: ContactChangeRequest,
    ): Promise<CustomerProfileUpdateResponse> {
      const { customerId } = caller;
      const before = await store.contact(customerId);
      if (!before) throw new PraveshError('tokenNotValidated');
      const change = checkedChange(customerId, request.kind, request.value, before);
      requireProof(caller, before, request.reauthToken);
      const messages = change.kind === 'mobile' ? OTP_MESSAGES : EMAIL_OTP_MESSAGES;
      const shown = change.kind === 'mobile' ? maskIdentifier(change.mobileNo) : maskEmail(change.email);
      if (request.otp === undefined) {
        const allowed = await options.limiter.consume(
          `profile:contact-change:${customerId.toLowerCase()}`,
          CONTACT_CHANGE_SENDS_PER_HOUR,
          HOUR_MS,
        );
        if (!allowed.allowed) throw new PraveshError('contactChangeRateLimited');
        const sent = await otp.sendChangeConfirmation(change, caller.ip).catch((error: unknown) => {
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
      const hash = pii.hash(change.kind, value);
      const inUse = change.kind === 'mobile' ? 'mobileNumberInUse' : 'emailInUse';
      // Only now, with the new identifier proven, may the answer say another account holds it.
      if ((await store.holderOf(change.kind, hash)) !== undefined) throw new PraveshError(inUse);
      const at = new Date(now());
      const replaced = await store.replaceContact(
        customerId,
        change.kind,
        { hash, sealed: pii.encrypt(change.kind, value) },
        at,
        (writer) =>
          options.accountActivity.record(
            { customerId, kind: change.kind === 'mobile' ? 'mobileChanged' : 'emailChanged', detail: shown },
            writer,
          ),
      );
      if (!replaced) throw new PraveshError(inUse);
      const otherDevicesSignedOut = await options.sessions.revokeOthersOf(customerId, caller.sessionId);
      await sendChangeNotices(before, change, at);
      const contact = await store.contact(customerId);
      return {
        outcome: 'verified',
        message: messages.verified,
        mobileNo: contact?.mobileEnc ? pii.decrypt('mobile', contact.mobileEnc) : '',
        email: contact?.emailEnc ? pii.decrypt('email', contact.emailEnc) : null,
        otherDevicesSignedOut,
      };
    },
  };
}

export type ProfileService = ReturnType<typeof createProfileService>;
