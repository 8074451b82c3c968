import { and, eq, gt, inArray } from 'drizzle-orm';
import {
  CALLER_ID_DEFAULT_TTL_MS,
  PraveshError,
  SSO_SITE_ID,
  type CallerIdStartBody,
  type CallerIdStatus,
} from '@pravesh/core';
import type { Database } from '../../../db/client.ts';
import { ssoCallerIdRequests } from '../../../db/schema/sso.ts';
import type { CallerIdProvider } from '../../../providers/caller-id/index.ts';
import type { PiiCipher } from '../../../auth/pii-cipher.ts';
import { randomToken } from '../../../lib/crypto.ts';

/**
 * Caller-identification requests (spec 000 §4): initiated when the browser starts one, pending
 * once the app has it, then success (with the verified number) or rejected; timeout once its ttl
 * has passed without an answer; login_initiated once an approved nonce has signed someone in, so
 * it works once. app_not_present is the browser's own verdict and never stored.
 */
export type CallerIdRequest = typeof ssoCallerIdRequests.$inferSelect;

const OPEN: CallerIdStatus[] = ['initiated', 'pending'];
const REDEEM_WITHIN_MS = 5 * 60_000;

export function createCallerIdService(options: {
  db: Database;
  provider: CallerIdProvider;
  now: () => number;
  /** The verified number is stored encrypted, as customers' are. */
  pii: PiiCipher;
}) {
  const { db, provider, now, pii } = options;

  /** The status as of now: an open request past its ttl is timeout. */
  function effective(request: CallerIdRequest): CallerIdStatus {
    const status = request.status as CallerIdStatus;
    if (OPEN.includes(status) && request.expiresAt.getTime() <= now()) return 'timeout';
    return status;
  }

  async function find(requestNonce: string): Promise<CallerIdRequest | undefined> {
    const [row] = await db.select().from(ssoCallerIdRequests).where(eq(ssoCallerIdRequests.requestNonce, requestNonce));
    return row;
  }

  /** Moves an open, unexpired request to `status`; false when it was not open any more. */
  async function transition(requestNonce: string, from: CallerIdStatus[], status: CallerIdStatus, mobileNo?: string) {
    const at = now();
    const request = await find(requestNonce);
    if (!request || !from.includes(effective(request))) return false;
    const [updated] = await db
      .update(ssoCallerIdRequests)
      .set({
        status,
        updatedAt: new Date(at),
        ...(mobileNo ? { mobileEnc: pii.encrypt('callerIdMobile', mobileNo) } : {}),
      })
      .where(and(eq(ssoCallerIdRequests.requestNonce, requestNonce), inArray(ssoCallerIdRequests.status, from)))
      .returning({ requestNonce: ssoCallerIdRequests.requestNonce });
    return updated !== undefined;
  }

  return {
    provider,
    async start(siteId: number, body: CallerIdStartBody) {
      const requestNonce = body.requestNonce ?? randomToken(24);
      const ttl = body.ttl ?? CALLER_ID_DEFAULT_TTL_MS;
      const at = now();
      const { requestNonce: _nonce, ...payload } = body;
      const [created] = await db
        .insert(ssoCallerIdRequests)
        .values({
          requestNonce,
          siteId,
          status: 'initiated',
          provider: provider.name,
          payload,
          createdAt: new Date(at),
          updatedAt: new Date(at),
          expiresAt: new Date(at + ttl),
        })
        .onConflictDoNothing({ target: ssoCallerIdRequests.requestNonce })
        .returning({ requestNonce: ssoCallerIdRequests.requestNonce });
      if (!created) throw new PraveshError('callerIdNonceTaken');
      return {
        requestNonce,
        status: 'initiated' as const,
        expiresInMs: ttl,
        appUrl: provider.appUrl({ requestNonce, partnerKey: body.partnerKey, lang: body.lang }),
      };
    },

    /** The status for the site that started the request (another site's nonce is "not found"). */
    async status(siteId: number, requestNonce: string): Promise<CallerIdStatus> {
      const request = await find(requestNonce);
      if (!request || request.siteId !== siteId) throw new PraveshError('callerIdRequestNotFound');
      return effective(request);
    },

    /** For the provider's side (simulator page, webhook): the request as the app sees it. */
    async lookup(requestNonce: string): Promise<(CallerIdRequest & { effective: CallerIdStatus }) | undefined> {
      const request = await find(requestNonce);
      return request ? { ...request, effective: effective(request) } : undefined;
    },
    /** The app has the request. */
    opened: (requestNonce: string) => transition(requestNonce, ['initiated'], 'pending'),
    /** The person approved in the app; the provider vouches for `mobileNo`. */
    approve: (requestNonce: string, mobileNo: string) => transition(requestNonce, OPEN, 'success', mobileNo),
    reject: (requestNonce: string) => transition(requestNonce, OPEN, 'rejected'),

    /**
     * Redeems an approved nonce for the social_truecaller method: success → login_initiated, once.
     * Answers the verified mobile number.
     */
    async redeem(siteId: number, requestNonce: string): Promise<string> {
      const at = now();
      const [redeemed] = await db
        .update(ssoCallerIdRequests)
        .set({ status: 'login_initiated', updatedAt: new Date(at) })
        .where(
          and(
            eq(ssoCallerIdRequests.requestNonce, requestNonce),
            eq(ssoCallerIdRequests.status, 'success'),
            // An approval is redeemed promptly or not at all.
            gt(ssoCallerIdRequests.updatedAt, new Date(at - REDEEM_WITHIN_MS)),
            // The accounts pages (the SSO site) redeem for any site; other sites only their own.
            siteId === SSO_SITE_ID ? undefined : eq(ssoCallerIdRequests.siteId, siteId),
          ),
        )
        .returning({ mobileEnc: ssoCallerIdRequests.mobileEnc });
      if (!redeemed?.mobileEnc) throw new PraveshError('callerIdNotApproved');
      return pii.decrypt('callerIdMobile', redeemed.mobileEnc);
    },
  };
}

export type CallerIdService = ReturnType<typeof createCallerIdService>;
