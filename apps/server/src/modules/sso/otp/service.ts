import { randomInt } from 'node:crypto';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { OTP_LENGTH, PraveshError } from '@pravesh/core';
import type { ShieldKey } from '../../../config/index.ts';
import type { SsoConfig } from '../../../config/sso.ts';
import type { Database } from '../../../db/client.ts';
import { ssoOtpCodes } from '../../../db/schema.ts';
import type { RateLimiter } from '../../../lib/rate-limit/index.ts';
import type { SmsProvider } from '../../../providers/sms/index.ts';
import { hmacSha256 } from '../crypto.ts';

/**
 * One-time passwords (issue 4): 6 digits from crypto.randomInt, alive 5 minutes, stored only as
 * HMAC-SHA256 under a kid'd pepper, single use, dead after 5 attempts. Sends are limited to one
 * per 30 s and 5 per hour per number, and a configurable number per hour per client IP, through
 * the shared rate limiter so the limits hold across instances.
 */
export interface OtpServiceOptions {
  db: Database;
  config: SsoConfig;
  /** Keys the mobile number of a row (a stable HMAC key, not rotated with the pepper). */
  mobileKeySecret: string;
  limiter: RateLimiter;
  sms: SmsProvider;
  /** Host name for the WebOTP line (https://wicg.github.io/web-otp/#message-format). */
  webOtpHost: string;
  now: () => number;
}

export interface OtpSent {
  resendAfterSeconds: number;
  expiresInSeconds: number;
  otpLength: number;
  /** True when this send replaced a live code (the spec's "re-sent" message applies). */
  resent: boolean;
}

const HOUR_MS = 3_600_000;

export function createOtpService(options: OtpServiceOptions) {
  const { db, config, limiter, now } = options;
  const rules = config.otp;
  const peppers = new Map(config.otpPeppers.map((key: ShieldKey) => [key.kid, key.secret]));
  const mobileKey = (mobileNo: string) => hmacSha256(options.mobileKeySecret, `pravesh-otp-mobile:${mobileNo}`);
  const codeHash = (pepper: string, key: string, code: string) => hmacSha256(pepper, `${key}:${code}`);

  return {
    async send(mobileNo: string, ip: string): Promise<OtpSent> {
      const key = mobileKey(mobileNo);
      const perIp = await limiter.consume(`otp:ip:${ip}`, rules.maxSendsPerIpPerHour, HOUR_MS);
      if (!perIp.allowed) throw new PraveshError('otpRateLimited');
      const cooldown = await limiter.consume(`otp:resend:${key}`, 1, rules.resendAfterSeconds * 1000);
      if (!cooldown.allowed) {
        throw new PraveshError('otpResendTooSoon', { seconds: Math.ceil(cooldown.retryAfterMs / 1000) });
      }
      const hourly = await limiter.consume(`otp:mobile:${key}`, rules.maxSendsPerHour, HOUR_MS);
      if (!hourly.allowed) throw new PraveshError('otpRateLimited');

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
        await options.sms.send({
          to: mobileNo,
          templateId: config.smsOtpTemplateId,
          // The last line is the WebOTP format, so the accounts page can read the code (spec 000 §9).
          text: `${code} is your Pravesh sign-in code. It is valid for ${Math.round(rules.ttlSeconds / 60)} minutes. Do not share it with anyone.\n\n@${options.webOtpHost} #${code}`,
        });
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
    },

    /**
     * Checks a code and consumes it. Each check takes one attempt in the same atomic statement
     * that compares (a conditional increment), so parallel guesses cannot test more than
     * `maxAttempts` codes, and a right code after the limit is refused like a wrong one. The
     * comparison of two HMACs in SQL leaks nothing useful: the attacker controls neither side.
     */
    async verify(mobileNo: string, code: string): Promise<void> {
      const key = mobileKey(mobileNo);
      const at = new Date(now());
      // The hash of the offered code under each pepper a live row may have been made with.
      const offered = sql.join(
        [...peppers].map(([kid, pepper]) => sql`when ${kid} then ${codeHash(pepper, key, code)}::text`),
        sql` `,
      );
      // One statement takes an attempt and, when the code matches, consumes it.
      const [taken] = await db
        .update(ssoOtpCodes)
        .set({
          attempts: sql`${ssoOtpCodes.attempts} + 1`,
          consumedAt: sql`case when ${ssoOtpCodes.codeHash} = (case ${ssoOtpCodes.pepperKid} ${offered} end) then ${at.toISOString()}::timestamptz else null end`,
        })
        .where(
          and(
            eq(ssoOtpCodes.mobileKey, key),
            isNull(ssoOtpCodes.consumedAt),
            gt(ssoOtpCodes.expiresAt, at),
            lt(ssoOtpCodes.attempts, rules.maxAttempts),
          ),
        )
        .returning({ attempts: ssoOtpCodes.attempts, consumedAt: ssoOtpCodes.consumedAt });
      if (!taken) {
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
    },
  };
}

export type OtpService = ReturnType<typeof createOtpService>;
