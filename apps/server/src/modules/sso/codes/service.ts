import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { and, eq, getTableColumns, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { SignJWT, decodeProtectedHeader, jwtVerify } from 'jose';
import { PraveshError } from '@pravesh/core';
import type { SsoConfig } from '../../../config/sso.ts';
import type { Database } from '../../../db/client.ts';
import { jsonRowsInsert } from '../../../db/json-rows.ts';
import { createBatcher, createWriteBatcher } from '../../../lib/batcher.ts';
import {
  ssoAccessTokens,
  ssoAuthorizationCodes,
  ssoCustomers,
  ssoSessions,
  ssoTrustedDevices,
} from '../../../db/schema/sso.ts';
import {
  hmacSha256,
  isValidCodeVerifier,
  openWithSecret,
  pkceS256,
  randomToken,
  safeEqual,
  sealWithSecret,
  sha256,
} from '../../../lib/crypto.ts';
import type { PiiCipher } from '../../../auth/pii-cipher.ts';
import type { GroupCommit } from '../../../lib/group-commit.ts';
import type { SsidHandoffs } from '../sessions/ssid-handoff.ts';
import type { Session, SessionStore } from '../sessions/store.ts';
import { ACCESS_TOKEN_TYPE, accessTokenKeys, createAccessTokenVerifier } from '../../../auth/access-tokens.ts';
import type { TokenLiveness } from '../../../auth/token-liveness.ts';

/**
 * Authorization codes and access tokens (RFC 6749 §4.1, RFC 7636, RFC 9068 token shape).
 * A code is a 256-bit random stored as SHA-256; it lives 60 s, works once, and is bound to its
 * client, its exact redirect_uri and, when sent, a PKCE S256 challenge. A second use of a code is
 * refused and revokes what the first use issued (RFC 6749 §4.1.2): the access tokens and, since a
 * setSSID handoff of the session may have gone out with them, the session.
 * Access tokens are HS256 JWTs signed with the active kid of PRAVESH_SSO_TOKEN_KEYS; each jti is
 * recorded, so a token is only valid while its row and its session are unrevoked.
 */
export interface CodeServiceOptions {
  db: Database;
  /** How concurrent inserts and claims share statements (group-commit.ts). */
  groupCommit: GroupCommit;
  config: SsoConfig;
  sessions: SessionStore;
  issuer: string;
  now: () => number;
  log: FastifyBaseLogger;
  /** The site of a client (config/sso.ts): the audience an access token is good for. */
  siteOfClient: (clientId: string) => number | undefined;
  handoffs: SsidHandoffs;
  /** Public clients (no client secret) must prove PKCE at every exchange (RFC 9700 §2.1.1). */
  isPublicClient: (clientId: string) => boolean;
  /** Opens the customer's encrypted number. */
  pii: Pick<PiiCipher, 'decrypt'>;
  /** The instance's access-token liveness cache (deps.tokenLiveness), told of every revocation here. */
  liveness?: TokenLiveness | undefined;
}

export interface IssueCodeInput {
  clientId: string;
  redirectUri: string;
  scope: string;
  codeChallenge: string | null;
  customerId: string;
  sessionId: string;
  sessionToken: string;
  visitorId: string | null;
  visitId: string | null;
}

export interface ExchangeInput {
  code: string;
  /** The client authenticated (token endpoint) or implied by the calling site (spec endpoints). */
  clientId?: string | undefined;
  /** Client ids the caller may redeem for (the calling site's clients). */
  allowedClientIds?: readonly string[] | undefined;
  redirectUri?: string | null | undefined;
  /** RFC 6749 §4.1.3: required when the authorize request had one (always, for OAuth clients). */
  redirectUriRequired?: boolean;
  codeVerifier?: string | null | undefined;
  /** PKCE is required whatever the client (the token endpoint's public clients). */
  pkceRequired?: boolean;
  customerId?: string | null | undefined;
  /**
   * Also mint a setSSID handoff (sessions/ssid-handoff.ts) for the calling site: the one value that
   * lets the accounts host set its session cookie, once, within a minute.
   */
  ssidHandoffFor?: number | undefined;
}

export interface Exchanged {
  accessToken: string;
  expiresIn: number;
  scope: string;
  clientId: string;
  customerId: string;
  mobileNo: string;
  visitorId: string | null;
  visitId: string | null;
  /** spec 001 §7 user.glssToken: a client- and audience-bound session reference (glssTokenFor). */
  glssToken: string;
  /** The setSSID handoff, when asked for (ssidHandoffFor). */
  ssidHandoff?: string | undefined;
}

interface Claimed {
  code: typeof ssoAuthorizationCodes.$inferSelect;
  sessionRevokedAt: Date | null;
  sessionExpiresAt: Date;
  mobileEnc: string | null;
}

export type { AccessTokenClaims } from '../../../auth/access-tokens.ts';

/** What one sign-in writes: its code, and its new session and device trust when it has them. */
interface SignInRows {
  code: typeof ssoAuthorizationCodes.$inferInsert;
  session?: Session | undefined;
  device?: typeof ssoTrustedDevices.$inferInsert | undefined;
}

// The sign-in's rows travel as JSON record sets (db/json-rows.ts): drizzle's multi-row VALUES cost
// a quarter of the OTP sign-in's CPU to build. Every column of these tables is written.
const insertSessions = jsonRowsInsert(ssoSessions);
const insertDevices = jsonRowsInsert(ssoTrustedDevices);
const insertCodes = jsonRowsInsert(ssoAuthorizationCodes);
const insertAccessTokens = jsonRowsInsert(ssoAccessTokens);

export function createCodeService(options: CodeServiceOptions) {
  const { db, config, sessions, now } = options;
  const keys = accessTokenKeys(config);
  const verifyAccessToken = createAccessTokenVerifier({
    db,
    config,
    issuer: options.issuer,
    now,
    liveness: options.liveness,
  });
  const glssKey = config.tokenKeys.find((key) => key.kid === config.activeTokenKid)!.secret;
  /**
   * spec 001 §7 names user.glssToken and spec 001 §3 keeps it in the page's local storage. Handing
   * out the PB_GLSS_TOKEN value there made any script on any site a thief of the 30-day sign-on
   * session (the HttpOnly cookie's whole point, ASVS 5.0 V7.2/V3.3). The field stays, but it is now
   * an HMAC of (client, site, session) under the token key: stable for one client's view of one
   * session, different for every client and site (audience-bound, RFC 9700 §4.10.2), and accepted
   * nowhere as a session (not by glss_token, not by setSSID, not as the cookie). The cookie itself
   * is carried to the accounts host only by a one-time handoff (ssidHandoff, sessions/ssid-handoff.ts).
   */
  function glssTokenFor(clientId: string, siteId: number | null, sessionId: string): string {
    return hmacSha256(glssKey, `glssToken\u0000${clientId}\u0000${siteId ?? ''}\u0000${sessionId}`);
  }
  // Group commit (group-commit.ts): rows queued while a write runs leave together.
  const writes = options.groupCommit;
  /**
   * A sign-in's rows in one statement for every sign-in that arrived meanwhile: the codes, and the
   * new sessions and device trusts beside them as data-modifying CTEs (one statement, one commit).
   */
  const codeInserts = createWriteBatcher<SignInRows>((batch) => {
    const codes = batch.map((rows) => rows.code);
    const newSessions = batch.flatMap((rows) => (rows.session ? [rows.session] : []));
    // One statement may not touch a row twice (ON CONFLICT DO UPDATE): one entry per device.
    const devices = [
      ...new Map(
        batch.flatMap((rows) =>
          rows.device ? [[`${rows.device.customerId}:${rows.device.deviceHash}`, rows.device]] : [],
        ),
      ).values(),
    ] as (typeof ssoTrustedDevices.$inferInsert)[];
    const ctes: SQL[] = [];
    if (newSessions.length > 0) ctes.push(sql`new_sessions as (${insertSessions(newSessions)})`);
    if (devices.length > 0) {
      ctes.push(sql`trusted_devices as (${insertDevices(devices)}
        on conflict (customer_id, device_hash) do update set last_seen_at = excluded.last_seen_at)`);
    }
    if (ctes.length === 0) return db.execute(insertCodes(codes));
    return db.execute(sql`with ${sql.join(ctes, sql`, `)} ${insertCodes(codes)}`);
  }, writes);
  const tokenInserts = createWriteBatcher<typeof ssoAccessTokens.$inferInsert>(
    (rows) => db.execute(insertAccessTokens(rows)),
    writes,
  );

  /**
   * Marks codes used and reads their session and customer, one statement for every exchange that
   * arrived meanwhile (group commit). A code asked for twice in one batch is claimed once: the
   * other asker gets nothing, as if it had come second.
   */
  const claims = createBatcher<string, Claimed | undefined>({
    ...writes,
    async flush(hashes) {
      const rows = await db
        .update(ssoAuthorizationCodes)
        .set({ usedAt: new Date(now()) })
        .from(ssoSessions)
        .innerJoin(ssoCustomers, eq(ssoCustomers.customerId, ssoSessions.customerId))
        .where(
          and(
            inArray(ssoAuthorizationCodes.codeHash, [...new Set(hashes)]),
            isNull(ssoAuthorizationCodes.usedAt),
            eq(ssoSessions.sessionId, ssoAuthorizationCodes.sessionId),
            eq(ssoSessions.customerId, ssoAuthorizationCodes.customerId),
          ),
        )
        .returning({
          code: getTableColumns(ssoAuthorizationCodes),
          sessionRevokedAt: ssoSessions.revokedAt,
          sessionExpiresAt: ssoSessions.expiresAt,
          mobileEnc: ssoCustomers.mobileEnc,
        });
      const byHash = new Map(rows.map((row) => [row.code.codeHash, row]));
      return hashes.map((hash) => {
        const row = byHash.get(hash);
        byHash.delete(hash);
        return row;
      });
    },
  });

  async function revokeIssuedFrom(codeId: string, sessionId: string): Promise<void> {
    const issued = await db
      .select({ jti: ssoAccessTokens.jti })
      .from(ssoAccessTokens)
      .where(eq(ssoAccessTokens.codeId, codeId));
    if (issued.length === 0) return;
    options.log.warn({ codeId }, 'authorization code used twice: revoking what it issued');
    await db
      .update(ssoAccessTokens)
      .set({ revokedAt: new Date(now()) })
      .where(and(eq(ssoAccessTokens.codeId, codeId), isNull(ssoAccessTokens.revokedAt)));
    await sessions.revoke(sessionId);
  }

  return {
    /**
     * A code for a sign-in. `session` (a new session, sessions.build) and `trustDevice` are written
     * in the same statement as the code; the code is handed out only once all of them committed.
     */
    async issue(
      input: IssueCodeInput,
      with_: { session?: Session | undefined; trustDevice?: string | null | undefined } = {},
    ): Promise<{ code: string; expiresInSeconds: number }> {
      const code = randomToken();
      const at = now();
      const createdAt = new Date(at);
      await codeInserts.add({
        code: {
          codeId: randomUUID(),
          codeHash: sha256(code),
          clientId: input.clientId,
          redirectUri: input.redirectUri,
          scope: input.scope,
          codeChallenge: input.codeChallenge,
          customerId: input.customerId,
          sessionId: input.sessionId,
          visitorId: input.visitorId,
          visitId: input.visitId,
          sealedSessionToken: sealWithSecret(code, input.sessionToken),
          createdAt,
          expiresAt: new Date(at + config.codeTtlSeconds * 1000),
        },
        session: with_.session,
        device: with_.trustDevice
          ? { customerId: input.customerId, deviceHash: with_.trustDevice, createdAt, lastSeenAt: createdAt }
          : undefined,
      });
      return { code, expiresInSeconds: config.codeTtlSeconds };
    },

    async exchange(input: ExchangeInput): Promise<Exchanged> {
      const at = new Date(now());
      const codeHash = sha256(input.code);
      // Marking the code used is the first step and is atomic: of two concurrent exchanges, one
      // wins. The same statement reads the code's session and customer.
      const found = await claims.add(codeHash);
      if (!found) {
        const [used] = await db
          .select({ codeId: ssoAuthorizationCodes.codeId, sessionId: ssoAuthorizationCodes.sessionId })
          .from(ssoAuthorizationCodes)
          .where(eq(ssoAuthorizationCodes.codeHash, codeHash));
        if (used) await revokeIssuedFrom(used.codeId, used.sessionId);
        throw new PraveshError('invalidGrant');
      }
      const row = found.code;
      if (row.expiresAt <= at) throw new PraveshError('invalidGrant');
      if (input.clientId !== undefined && row.clientId !== input.clientId) throw new PraveshError('invalidGrant');
      if (input.allowedClientIds !== undefined && !input.allowedClientIds.includes(row.clientId)) {
        throw new PraveshError('invalidGrant');
      }
      const redirectUri = input.redirectUri ?? undefined;
      if (redirectUri === undefined ? input.redirectUriRequired === true : redirectUri !== row.redirectUri) {
        throw new PraveshError('invalidGrant');
      }
      const verifier = input.codeVerifier ?? undefined;
      if (row.codeChallenge !== null) {
        if (
          verifier === undefined ||
          !isValidCodeVerifier(verifier) ||
          !safeEqual(pkceS256(verifier), row.codeChallenge)
        ) {
          throw new PraveshError('invalidGrant');
        }
      } else if (verifier !== undefined || input.pkceRequired === true || options.isPublicClient(row.clientId)) {
        // A public client's code without a challenge (issued before /authorize required one) is
        // refused too: PKCE is what binds a public client's code to the browser that asked for it.
        // A verifier for a code issued without a challenge is a downgrade attempt (RFC 9700 §2.1.1).
        throw new PraveshError('invalidGrant');
      }
      if (input.customerId && input.customerId !== row.customerId) throw new PraveshError('invalidGrant');
      if (found.sessionRevokedAt !== null || found.sessionExpiresAt <= at) throw new PraveshError('invalidGrant');
      const customer = { mobileNo: options.pii.decrypt('mobile', found.mobileEnc!) };

      const jti = randomUUID();
      const iat = Math.floor(at.getTime() / 1000);
      const exp = iat + config.accessTokenTtlSeconds;
      const kid = config.activeTokenKid;
      await tokenInserts.add({
        jti,
        codeId: row.codeId,
        sessionId: row.sessionId,
        customerId: row.customerId,
        clientId: row.clientId,
        scope: row.scope,
        createdAt: at,
        expiresAt: new Date(exp * 1000),
      });
      // aud is the client and site_id its site: customer-auth.ts refuses the token on any other site.
      const siteId = options.siteOfClient(row.clientId) ?? null;
      const accessToken = await new SignJWT({
        client_id: row.clientId,
        scope: row.scope,
        sid: row.sessionId,
        site_id: siteId,
      })
        .setProtectedHeader({ alg: 'HS256', kid, typ: ACCESS_TOKEN_TYPE })
        .setIssuer(options.issuer)
        .setSubject(row.customerId)
        .setAudience(row.clientId)
        .setJti(jti)
        .setIssuedAt(iat)
        .setExpirationTime(exp)
        .sign(keys.get(kid)!);
      return {
        accessToken,
        expiresIn: config.accessTokenTtlSeconds,
        scope: row.scope,
        clientId: row.clientId,
        customerId: row.customerId,
        mobileNo: customer.mobileNo,
        visitorId: row.visitorId,
        visitId: row.visitId,
        glssToken: glssTokenFor(row.clientId, siteId, row.sessionId),
        ssidHandoff:
          input.ssidHandoffFor === undefined
            ? undefined
            : await options.handoffs.mint({
                sessionToken: openWithSecret(input.code, row.sealedSessionToken),
                customerId: row.customerId,
                sessionId: row.sessionId,
                siteId: input.ssidHandoffFor,
                clientId: row.clientId,
              }),
      };
    },

    /** A valid, unrevoked access token's claims; tokenNotValidated otherwise. */
    verifyAccessToken,

    /** RFC 7009: revokes an access token of `clientId`; unknown or foreign tokens are ignored. */
    async revokeAccessToken(token: string, clientId: string): Promise<void> {
      try {
        const { kid } = decodeProtectedHeader(token);
        const key = kid === undefined ? undefined : keys.get(kid);
        if (!key) return;
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          issuer: options.issuer,
          currentDate: new Date(now()),
        });
        if (payload.client_id !== clientId || typeof payload.jti !== 'string') return;
        await db
          .update(ssoAccessTokens)
          .set({ revokedAt: new Date(now()) })
          .where(and(eq(ssoAccessTokens.jti, payload.jti), isNull(ssoAccessTokens.revokedAt)));
        await options.liveness?.revoked();
      } catch {
        // RFC 7009 §2.2: an invalid token is not an error.
      }
    },
  };
}

export type CodeService = ReturnType<typeof createCodeService>;
