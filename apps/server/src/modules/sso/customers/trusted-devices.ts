import { and, eq, gt, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Environment } from '@pravesh/core';
import type { Database } from '../../../db/client.ts';
import { ssoCustomers, ssoDeviceTrust } from '../../../db/schema/sso.ts';
import { readCookie, serializeCookie } from '../../../lib/cookies.ts';
import { randomToken, sha256 } from '../../../lib/crypto.ts';

/**
 * Trusted browsers for the password sign-in's second factor (OWASP ASVS 4.0 V2,
 * authentication). A device hash from the pass token cannot be
 * the proof: the page computes it and anyone holding one of the victim's pass tokens can read it.
 * Instead, an OTP sign-in sets a server-issued cookie: 256 random bits, stored only as SHA-256,
 * HttpOnly (no script reads it), Secure outside `local`, SameSite=Strict and Path=/SSOSP/ (sent
 * only with the accounts service's own calls). A password sign-in from a browser whose cookie is
 * trusted for that customer needs no OTP.
 *
 * Every OTP sign-in issues a fresh value and carries the customers the browser's previous value
 * was trusted for over to it, then retires the old value: a value an attacker planted in the
 * browser (cookie tossing) never becomes trusted for the victim.
 */
export const TRUSTED_DEVICE_TTL_SECONDS = 90 * 24 * 3600;

export function deviceCookieName(environment: Environment): string {
  return environment === 'production' ? 'PB_DEVICE_TRUST' : 'PB_DEVICE_TRUST_DEV';
}

export function createDeviceTrust(db: Database, options: { environment: Environment; now: () => number }) {
  const name = deviceCookieName(options.environment);
  const attributes = {
    maxAgeSeconds: TRUSTED_DEVICE_TTL_SECONDS,
    path: '/SSOSP/',
    sameSite: 'Strict' as const,
    secure: options.environment !== 'local',
    httpOnly: true,
  };
  const live = (token: string) =>
    and(eq(ssoDeviceTrust.tokenHash, sha256(token)), gt(ssoDeviceTrust.expiresAt, new Date(options.now())));

  return {
    cookieName: name,
    /** The browser's device value, when it sent a well-formed one. */
    read(request: FastifyRequest): string | undefined {
      const value = readCookie(request.headers.cookie, name);
      return value && /^[A-Za-z0-9_-]{43}$/.test(value) ? value : undefined;
    },

    async isTrusted(customerId: string, token: string | undefined): Promise<boolean> {
      if (!token) return false;
      const count = await db.$count(ssoDeviceTrust, and(live(token), eq(ssoDeviceTrust.customerId, customerId)));
      return count > 0;
    },

    /**
     * The customer whose number hashes to `mobileHash`, when this browser is trusted for them; one
     * statement, the same whether or not the number is registered.
     */
    async trustedCustomerByMobileHash(token: string | undefined, mobileHash: string) {
      if (!token) return undefined;
      const [row] = await db
        .select({ customerId: ssoCustomers.customerId, passwordHash: ssoCustomers.passwordHash })
        .from(ssoDeviceTrust)
        .innerJoin(ssoCustomers, eq(ssoCustomers.customerId, ssoDeviceTrust.customerId))
        .where(and(live(token), eq(ssoCustomers.mobileHash, mobileHash)));
      return row;
    },

    /** After an OTP sign-in: a fresh value trusted for `customerId` and the previous value's customers. */
    async remember(customerId: string, previous: string | undefined): Promise<string> {
      const token = randomToken();
      const at = new Date(options.now());
      const expiresAt = new Date(at.getTime() + TRUSTED_DEVICE_TTL_SECONDS * 1000);
      const carried = previous
        ? await db.select({ customerId: ssoDeviceTrust.customerId }).from(ssoDeviceTrust).where(live(previous))
        : [];
      const customers = [...new Set([customerId, ...carried.map((row) => row.customerId)])];
      await db.transaction(async (tx) => {
        await tx
          .insert(ssoDeviceTrust)
          .values(customers.map((id) => ({ tokenHash: sha256(token), customerId: id, createdAt: at, expiresAt })))
          .onConflictDoNothing();
        if (previous) await tx.delete(ssoDeviceTrust).where(eq(ssoDeviceTrust.tokenHash, sha256(previous)));
        // Expired trust is of no use to anyone: swept now and then, on the way.
        if (Math.random() < 0.01) await tx.delete(ssoDeviceTrust).where(sql`${ssoDeviceTrust.expiresAt} <= ${at}`);
      });
      return token;
    },

    set(reply: FastifyReply, token: string): void {
      void reply.header('set-cookie', serializeCookie(name, token, attributes));
    },
  };
}

export type DeviceTrust = ReturnType<typeof createDeviceTrust>;
