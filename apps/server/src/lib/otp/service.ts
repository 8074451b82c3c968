import { randomInt, randomUUID } from 'node:crypto';
import { eq, sql, type SQL } from 'drizzle-orm';
import { OTP_LENGTH, PraveshError, isPraveshError, type OtpProofOfWork } from '@pravesh/core';
import type { ShieldKey } from '../../config/index.ts';
import type { SsoConfig } from '../../config/sso.ts';
import { resultRows, type Database } from '../../db/client.ts';
import { ssoOtpCodes } from '../../db/schema/sso.ts';
import { createBatcher } from '../batcher.ts';
import type { RateLimiter } from '../rate-limit/index.ts';
import type { EmailProvider } from '../../providers/email/index.ts';
import type { SmsProvider } from '../../providers/sms/index.ts';
import { hmacSha256 } from '../crypto.ts';
import type { PiiCipher } from '../../auth/pii-cipher.ts';
import { customerFromRow, type Customer } from '../customer-record.ts';
import { IMMEDIATE, type GroupCommit } from '../group-commit.ts';
import { ChallengedError, createProofOfWork } from './proof-of-work.ts';
import type { Metrics } from '../../observability/metrics.ts';

/**
 * One-time passwords, by SMS and, for JOURNEY_EMAIL_OTP, by email: 6 digits from
 * crypto.randomInt, alive 5 minutes, stored only as HMAC-SHA256 under a kid'd pepper, single use,
 * dead after 5 attempts. Sends are limited to one per 30 s and 5 per hour per number or address,
 * and a configurable number per hour per client IP, through the shared rate limiter so the limits
 * hold across instances. SMS sends also spend two hourly budgets (SMS pumping): one
 * per number prefix (a run of numbers in one operator series costs the sender per message) and one
 * for the whole deployment. Past a budget a sign-in send needs a proof of work (smsBudgets), so
 * pumping grows ever dearer without one requester locking every other customer out.
 */
export interface OtpServiceOptions {
  db: Database;
  config: SsoConfig;
  /** Keys the mobile number of a row (a stable HMAC key, not rotated with the pepper). */
  mobileKeySecret: string;
  limiter: RateLimiter;
  /** Encrypts the number of a customer created at sign-in. */
  pii: PiiCipher;
  sms: SmsProvider;
  /** JOURNEY_EMAIL_OTP's mail provider; without one, email sends answer emailOtpUnavailable. */
  email?: EmailProvider | undefined;
  /** Host name for the WebOTP line (https://wicg.github.io/web-otp/#message-format). */
  webOtpHost: string;
  now: () => number;
  /** How concurrent checks share statements (group-commit.ts); one at a time by default. */
  groupCommit?: GroupCommit;
  /** Counts codes sent and refused (observability/metrics.ts: pravesh_otp_*). */
  metrics?: Pick<Metrics, 'otpSends' | 'otpRefusals'> | undefined;
}

interface Taken {
  attempts: number;
  consumedAt: Date | null;
  /** The customer of a sign-in check whose code checked out (see checkStatement). */
  customer: Customer | undefined;
}

export interface OtpSent {
  resendAfterSeconds: number;
  expiresInSeconds: number;
  otpLength: number;
  /** True when this send replaced a live code (the spec's "re-sent" message applies). */
  resent: boolean;
}

const HOUR_MS = 3_600_000;

/** An SMS send's part in the shared budgets (see smsBudgets). */
interface SmsSend {
  mobileNo: string;
  /**
   * Whether budget pressure asks this send for a proof of work: a sign-in's does; a signed-in
   * customer's contact change does not (the session is the step-up), but spends the budgets.
   */
  proveWork: boolean;
  proof?: OtpProofOfWork | null | undefined;
}

/**
 * A new mobile number or email address a signed-in customer wants on their account (spec 001 §5): confirmed by a code sent to the new identifier before it replaces the old one.
 */
export type ContactChange =
  | { readonly customerId: string; readonly kind: 'mobile'; readonly mobileNo: string }
  | { readonly customerId: string; readonly kind: 'email'; readonly email: string };

interface CheckItem {
  key: string;
  /** "kid:hash" of the offered code under each pepper. */
  offered: string[];
  /** A number whose customer is found or created once its code checks out (sign-in): its look-up hash and ciphertext. */
  mobile?: { hash: string; sealed: string } | undefined;
  /** The id a created customer gets. */
  customerId?: string | undefined;
}

interface CheckRow {
  mobile_key: string;
  attempts: number;
  consumed_at: Date | string | null;
  customer_id: string | null;
  mobile_enc: string | null;
  email_enc: string | null;
  password_hash: string | null;
  created_at: Date | string | null;
  updated_at: Date | string | null;
}

/**
 * One statement per round of checks (each number at most once): takes an attempt from every live
 * row checked and consumes the rows whose offered hash matches (a conditional increment, so
 * parallel guesses cannot test more than maxAttempts codes), then, for the numbers whose code
 * checked out, finds (by keyed hash) or creates (with the encrypted number) their
 * customer. The checks travel as one JSON parameter. A customer inserted by another transaction
 * meanwhile is neither created nor seen here (customer_id null): the caller falls back to the
 * customer store.
 */
function checkStatement(items: readonly CheckItem[], nowMs: number, maxAttempts: number): SQL {
  const at = new Date(nowMs).toISOString();
  const input = JSON.stringify(
    items.map((item) => ({
      k: item.key,
      m: item.mobile?.hash ?? null,
      e: item.mobile?.sealed ?? null,
      c: item.customerId ?? null,
    })),
  );
  const offered = sql.join(
    items.flatMap((item) => item.offered.map((hash) => sql`${hash}`)),
    sql`, `,
  );
  return sql`with input as (
      select * from json_to_recordset(${input}::json) as i(k text, m text, e text, c uuid)
    ), taken as (
      update sso_otp_codes
      set attempts = attempts + 1,
        consumed_at = case when pepper_kid || ':' || code_hash in (${offered}) then ${at}::timestamptz else null end
      where mobile_key in (select k from input)
        and consumed_at is null
        and expires_at > ${at}::timestamptz
        and attempts < ${maxAttempts}
      returning mobile_key, attempts, consumed_at
    ), verified as (
      select input.m, input.e, input.c from taken join input on input.k = taken.mobile_key
      where taken.consumed_at is not null and input.m is not null
    ), created as (
      insert into sso_customers (customer_id, mobile_hash, mobile_enc, created_at, updated_at)
      select c, m, e, ${at}::timestamptz, ${at}::timestamptz from verified
      on conflict (mobile_hash) do nothing
      returning customer_id, mobile_hash, mobile_enc, email_enc, password_hash, created_at, updated_at
    ), found as (
      select * from created
      union all
      select c.customer_id, c.mobile_hash, c.mobile_enc, c.email_enc, c.password_hash, c.created_at, c.updated_at
      from sso_customers c join verified on c.mobile_hash = verified.m
    )
    select taken.mobile_key, taken.attempts, taken.consumed_at,
      found.customer_id, found.mobile_enc, found.email_enc, found.password_hash, found.created_at, found.updated_at
    from taken
    join input on input.k = taken.mobile_key
    left join found on taken.consumed_at is not null and found.mobile_hash = input.m`;
}

export function createOtpService(options: OtpServiceOptions) {
  const { db, config, limiter, now } = options;
  const rules = config.otp;
  const peppers = new Map(config.otpPeppers.map((key: ShieldKey) => [key.kid, key.secret]));
  const mobileKey = (mobileNo: string) => hmacSha256(options.mobileKeySecret, `pravesh-otp-mobile:${mobileNo}`);
  // An address gets a key of its own kind, so no number and address can share an OTP row.
  const emailKey = (email: string) => hmacSha256(options.mobileKeySecret, `pravesh-otp-email:${email}`);
  const codeHash = (pepper: string, key: string, code: string) => hmacSha256(pepper, `${key}:${code}`);
  const minutes = Math.round(rules.ttlSeconds / 60);
  const proofOfWork = createProofOfWork({
    secret: options.mobileKeySecret,
    limiter,
    now,
    ttlSeconds: rules.proofOfWork.ttlSeconds,
  });

  /**
   * One statement takes an attempt from every row checked and, where the offered code matches,
   * consumes it. Checks that arrive while a statement runs leave together in the next one (the
   * benchmark's 50 connections otherwise queue one statement each on the embedded database). A
   * statement touches a number at most once, so parallel guesses at one number still take one
   * attempt each: a repeated number waits for the next round.
   */
  const checks = createBatcher<CheckItem, Taken | undefined>({
    ...(options.groupCommit ?? IMMEDIATE),
    async flush(items) {
      const results: (Taken | undefined)[] = new Array<Taken | undefined>(items.length);
      let pending = items.map((item, index) => ({ ...item, index }));
      while (pending.length > 0) {
        const round = new Map<string, (typeof pending)[number]>();
        const later: typeof pending = [];
        for (const item of pending) {
          if (round.has(item.key)) later.push(item);
          else round.set(item.key, item);
        }
        const rows = resultRows<CheckRow>(
          await db.execute(checkStatement([...round.values()], now(), rules.maxAttempts)),
        );
        const byKey = new Map(rows.map((row) => [row.mobile_key, row]));
        for (const item of round.values()) {
          const row = byKey.get(item.key);
          results[item.index] = row && {
            attempts: row.attempts,
            consumedAt: row.consumed_at === null ? null : new Date(row.consumed_at),
            customer:
              row.customer_id === null
                ? undefined
                : customerFromRow(options.pii, {
                    customerId: row.customer_id,
                    mobileEnc: row.mobile_enc,
                    emailEnc: row.email_enc,
                    passwordHash: row.password_hash,
                    createdAt: new Date(row.created_at!),
                    updatedAt: new Date(row.updated_at!),
                  }),
          };
        }
        pending = later;
      }
      return results;
    },
  });

  /**
   * Issues a code for one subject (a number or an address): the per-IP, 30 s and hourly limits,
   * then the row (stored as a keyed hash only), then delivery. `hourlyKind` keeps the hourly
   * counters of numbers and addresses apart; the per-IP limit counts every send of the address.
   */
  /**
   * The two shared SMS budgets of a number (SMS pumping): its prefix's and the
   * deployment's. Past either, a send is not refused but costs the requester a proof of work whose
   * difficulty doubles each time the sends double (README "OTP"): one requester filling a budget
   * can no longer refuse everyone else their code, and pumping on costs ever more work.
   */
  function smsBudgets(mobileNo: string) {
    const { baseBits, maxBits } = rules.proofOfWork;
    // Past this many times a budget the difficulty is at its most, so the counts need not grow.
    const saturation = 2 ** (maxBits - baseBits);
    const budgets = [
      { key: `otp:sms-prefix:${mobileNo.slice(0, rules.smsPrefixDigits)}`, perHour: rules.smsPrefixBudgetPerHour },
      { key: 'otp:sms-global', perHour: rules.smsBudgetPerHour },
    ];
    return {
      /** Leading zero bits a send must prove now; 0 while both budgets have room. */
      async difficulty(): Promise<number> {
        const counts = await Promise.all(budgets.map((budget) => limiter.count(budget.key, HOUR_MS)));
        const pressure = Math.max(...budgets.map((budget, index) => counts[index]! / budget.perHour));
        return pressure < 1 ? 0 : Math.min(maxBits, baseBits + Math.floor(Math.log2(pressure)));
      },
      async spend(): Promise<void> {
        for (const budget of budgets) await limiter.consume(budget.key, budget.perHour * saturation, HOUR_MS);
      },
    };
  }

  /**
   * Issues a code for one subject (a number or an address): for a sign-in SMS under budget
   * pressure the proof of work first (a challenge costs no allowance), then the per-IP, 30 s and
   * hourly limits, which stay hard, then the row (stored as a keyed hash only), then delivery.
   * `hourlyKind` keeps the hourly counters of numbers and addresses apart; the per-IP limit counts
   * every send of the address.
   */
  async function issue(...args: Parameters<typeof issueUncounted>): Promise<OtpSent> {
    try {
      const sent = await issueUncounted(...args);
      options.metrics?.otpSends.inc({ channel: args[2] === 'mobile' ? 'sms' : 'email' });
      return sent;
    } catch (error) {
      options.metrics?.otpRefusals.inc({ reason: isPraveshError(error) ? error.key : 'failure' });
      throw error;
    }
  }

  async function issueUncounted(
    key: string,
    ip: string,
    hourlyKind: 'mobile' | 'email',
    deliver: (code: string) => Promise<void>,
    sms?: SmsSend,
    /** Whose limits the send counts against: the number or address itself (default: the row's key). */
    limitKey: string = key,
  ): Promise<OtpSent> {
    const budgets = sms && smsBudgets(sms.mobileNo);
    if (budgets && sms.proveWork) {
      const difficulty = await budgets.difficulty();
      if (sms.proof) await proofOfWork.spend(sms.proof, key, ip, Math.max(difficulty, rules.proofOfWork.baseBits));
      else if (difficulty > 0) {
        throw new ChallengedError('otpProofOfWorkRequired', proofOfWork.challenge(key, ip, difficulty));
      }
    }
    const perIp = await limiter.consume(`otp:ip:${ip}`, rules.maxSendsPerIpPerHour, HOUR_MS);
    if (!perIp.allowed) throw new PraveshError('otpRateLimited');
    const cooldown = await limiter.consume(`otp:resend:${limitKey}`, 1, rules.resendAfterSeconds * 1000);
    if (!cooldown.allowed) {
      throw new PraveshError('otpResendTooSoon', { seconds: Math.ceil(cooldown.retryAfterMs / 1000) });
    }
    const hourly = await limiter.consume(`otp:${hourlyKind}:${limitKey}`, rules.maxSendsPerHour, HOUR_MS);
    if (!hourly.allowed) throw new PraveshError('otpRateLimited');
    // Spent last, so a send refused for another reason spends none of the shared budgets.
    await budgets?.spend();

    const code = String(randomInt(0, 10 ** OTP_LENGTH)).padStart(OTP_LENGTH, '0');
    const kid = config.activeOtpPepperKid;
    const at = now();
    const sentAt = new Date(at);
    const [row] = await db
      .insert(ssoOtpCodes)
      .values({
        mobileKey: key,
        codeHash: codeHash(peppers.get(kid)!, key, code),
        pepperKid: kid,
        attempts: 0,
        sends: 1,
        sentAt,
        expiresAt: new Date(at + rules.ttlSeconds * 1000),
        consumedAt: null,
      })
      .onConflictDoUpdate({
        target: ssoOtpCodes.mobileKey,
        set: {
          codeHash: sql`excluded.code_hash`,
          pepperKid: sql`excluded.pepper_kid`,
          attempts: 0,
          // A live, unused code being replaced makes this a resend.
          sends: sql`case when ${ssoOtpCodes.consumedAt} is null and ${ssoOtpCodes.expiresAt} > ${sentAt} then ${ssoOtpCodes.sends} + 1 else 1 end`,
          sentAt: sql`excluded.sent_at`,
          expiresAt: sql`excluded.expires_at`,
          consumedAt: null,
        },
      })
      .returning({ sends: ssoOtpCodes.sends });
    try {
      await deliver(code);
    } catch {
      // The code was never delivered: kill it so it cannot be guessed, and say "resend".
      await db.update(ssoOtpCodes).set({ consumedAt: sentAt }).where(eq(ssoOtpCodes.mobileKey, key));
      throw new PraveshError('otpOtherFailure');
    }
    return {
      resendAfterSeconds: rules.resendAfterSeconds,
      expiresInSeconds: rules.ttlSeconds,
      otpLength: OTP_LENGTH,
      resent: (row?.sends ?? 1) > 1,
    };
  }

  /** One check of `code` against the live code of `key` (see verify). */
  async function check(key: string, code: string, mobileNo?: string): Promise<Taken> {
    // The hash of the offered code under each pepper a live row may have been made with, as
    // "kid:hash" so a row only matches the hash made with its own pepper.
    const offered = [...peppers].map(([kid, pepper]) => `${kid}:${codeHash(pepper, key, code)}`);
    const taken = await checks.add(
      mobileNo === undefined
        ? { key, offered }
        : {
            key,
            offered,
            mobile: { hash: options.pii.hash('mobile', mobileNo), sealed: options.pii.encrypt('mobile', mobileNo) },
            customerId: randomUUID(),
          },
    );
    if (!taken) {
      const at = new Date(now());
      const [row] = await db
        .select({ consumedAt: ssoOtpCodes.consumedAt, expiresAt: ssoOtpCodes.expiresAt })
        .from(ssoOtpCodes)
        .where(eq(ssoOtpCodes.mobileKey, key));
      const live = row && row.consumedAt === null && row.expiresAt > at;
      throw new PraveshError(live ? 'otpIncorrectOnResend' : 'otpOtherFailure');
    }
    if (taken.consumedAt === null) {
      throw new PraveshError(taken.attempts >= rules.maxAttempts ? 'otpIncorrectOnResend' : 'otpIncorrect');
    }
    return taken;
  }

  /**
   * The row of a contact change: its own per customer and new identifier, so a sign-in code never
   * confirms a change and one customer's code never confirms another customer's change.
   */
  const changeKey = (change: ContactChange) =>
    hmacSha256(
      options.mobileKeySecret,
      `pravesh-otp-change-${change.kind}:${change.customerId.toLowerCase()}:${change.kind === 'mobile' ? change.mobileNo : change.email}`,
    );

  /** The row of a current-factor code (sendCurrentFactorCode): per customer and current identifier. */
  const stepUpKey = (subject: ContactChange) =>
    hmacSha256(
      options.mobileKeySecret,
      `pravesh-otp-step-up-${subject.kind}:${subject.customerId.toLowerCase()}:${subject.kind === 'mobile' ? subject.mobileNo : subject.email}`,
    );

  return {
    /**
     * A code confirming a contact change, sent to the NEW number or address. The
     * sign-in rules hold (hashed under the pepper, 5 minutes, single use, 5 attempts), and the
     * per-IP, 30 s and hourly limits count against the new identifier itself, shared with its
     * sign-in codes, so a change cannot be used to flood someone else's phone or inbox.
     */
    async sendChangeConfirmation(change: ContactChange, ip: string): Promise<OtpSent> {
      const key = changeKey(change);
      if (change.kind === 'mobile') {
        return issue(
          key,
          ip,
          'mobile',
          (code) =>
            options.sms.send({
              to: change.mobileNo,
              templateId: config.smsChangeTemplateId,
              text: `${code} is your Pravesh code to make this the mobile number of your account. It is valid for ${minutes} minutes. Do not share it with anyone.\n\n@${options.webOtpHost} #${code}`,
            }),
          { mobileNo: change.mobileNo, proveWork: false },
          mobileKey(change.mobileNo),
        );
      }
      const mail = options.email;
      if (!mail) throw new PraveshError('emailOtpUnavailable');
      return issue(
        key,
        ip,
        'email',
        (code) =>
          mail.send({
            to: change.email,
            subject: `${code} is your Pravesh code to confirm your email address`,
            templateId: 'pravesh-email-otp-change',
            text: `Your Pravesh code to add this email address to your account is ${code}. It is valid for ${minutes} minutes. Do not share it with anyone.\n\nIf you did not ask for it, someone may have typed your address by mistake; you can ignore this email.`,
          }),
        undefined,
        emailKey(change.email),
      );
    },

    /** Checks and consumes a contact change's code: the same rules and answers as verify(). */
    async verifyChangeConfirmation(change: ContactChange, code: string): Promise<void> {
      await check(changeKey(change), code);
    },

    /**
     * A code to the customer's CURRENT number (or address, for an account without one), proving the
     * factor before a contact change (ASVS 5.0 V7.5.1 / 4.0.3 V3.7.1; the profile module's step-up).
     * Its own row per customer and identifier, so neither a sign-in code nor a change code proves it,
     * and its own 30 s and hourly limits: only the signed-in customer can ask for one, to their own
     * number, so it need not spend the number's sign-in allowance. The per-IP limit and the SMS
     * budgets hold as for every send.
     */
    async sendCurrentFactorCode(subject: ContactChange, ip: string): Promise<OtpSent> {
      const key = stepUpKey(subject);
      if (subject.kind === 'mobile') {
        return issue(
          key,
          ip,
          'mobile',
          (code) =>
            options.sms.send({
              to: subject.mobileNo,
              templateId: 'pravesh-otp-step-up',
              text: `${code} is your Pravesh code to confirm it's you before you change your contact details. It is valid for ${minutes} minutes. Never share it: we will never call to ask for it.\n\n@${options.webOtpHost} #${code}`,
            }),
          { mobileNo: subject.mobileNo, proveWork: false },
          key,
        );
      }
      const mail = options.email;
      if (!mail) throw new PraveshError('emailOtpUnavailable');
      return issue(
        key,
        ip,
        'email',
        (code) =>
          mail.send({
            to: subject.email,
            subject: `${code} is your Pravesh code to confirm it's you`,
            templateId: 'pravesh-email-otp-step-up',
            text: `Your Pravesh code to confirm it's you before you change your contact details is ${code}. It is valid for ${minutes} minutes. Never share it: we will never call to ask for it.\n\nIf you did not ask for it, someone may be trying to change your account's contact details: sign in and check your active devices.`,
          }),
        undefined,
        key,
      );
    },

    /** Checks and consumes a current-factor code (sendCurrentFactorCode): the same rules and answers as verify(). */
    async verifyCurrentFactorCode(subject: ContactChange, code: string): Promise<void> {
      await check(stepUpKey(subject), code);
    },

    /** A sign-in code; `proof` answers the challenge of an earlier otpProofOfWorkRequired reply. */
    async send(mobileNo: string, ip: string, proof?: OtpProofOfWork | null): Promise<OtpSent> {
      return issue(
        mobileKey(mobileNo),
        ip,
        'mobile',
        (code) =>
          options.sms.send({
            to: mobileNo,
            templateId: config.smsOtpTemplateId,
            // The last line is the WebOTP format, so the accounts page can read the code (spec 000 §9).
            text: `${code} is your Pravesh sign-in code. It is valid for ${minutes} minutes. Do not share it with anyone.\n\n@${options.webOtpHost} #${code}`,
          }),
        { mobileNo, proveWork: true, proof },
      );
    },

    /** JOURNEY_EMAIL_OTP: the same code rules for an email address (already validated, lower-cased). */
    async sendEmail(email: string, ip: string): Promise<OtpSent> {
      const mail = options.email;
      if (!mail) throw new PraveshError('emailOtpUnavailable');
      return issue(emailKey(email), ip, 'email', (code) =>
        mail.send({
          to: email,
          subject: `${code} is your Pravesh sign-in code`,
          templateId: 'pravesh-email-otp-login',
          text: `Your Pravesh sign-in code is ${code}. It is valid for ${minutes} minutes. Do not share it with anyone.\n\nIf you did not ask for it, you can ignore this email.`,
        }),
      );
    },

    /** Checks a code sent to an address; the same rules as verify(). */
    async verifyEmail(email: string, code: string): Promise<void> {
      await check(emailKey(email), code);
    },

    /**
     * Checks a code and consumes it. Each check takes one attempt in the same atomic statement
     * that compares (a conditional increment), so parallel guesses cannot test more than
     * `maxAttempts` codes, and a right code after the limit is refused like a wrong one. The
     * comparison of two HMACs in SQL leaks nothing useful: the attacker controls neither side.
     * Concurrent checks of different numbers share one statement (group commit, see `checks`).
     */
    async verify(mobileNo: string, code: string): Promise<void> {
      await check(mobileKey(mobileNo), code);
    },

    /**
     * verify() for a sign-in: the same statement that consumes the code finds or creates the
     * number's customer. Undefined when the customer was created by another instance meanwhile
     * (the caller reads it from the customer store).
     */
    async verifySignIn(mobileNo: string, code: string): Promise<Customer | undefined> {
      return (await check(mobileKey(mobileNo), code, mobileNo)).customer;
    },
  };
}

export type OtpService = ReturnType<typeof createOtpService>;
