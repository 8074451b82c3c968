import {
  CONTACT_CHANGE_PROOF_SECONDS,
  PraveshError,
  SEALED_PASSWORD_MAX_LENGTH,
  isIndianMobileNumber,
  isValidEmail,
  maskEmail,
  normaliseEmail,
  openForSite,
  selectAuthMethod,
  type AuthMethod,
  type AuthorizeBody,
  type AuthorizeResponse,
} from '@pravesh/core';
import type { SsoConfig } from '../../../config/sso.ts';
import type { RateLimiter } from '../../../lib/rate-limit/index.ts';
import type { AccountActivity } from '../../../lib/account-activity.ts';
import type { CallerIdService } from '../caller-id/service.ts';
import type { DeviceTrust } from '../customers/trusted-devices.ts';
import type { ClientRegistry } from '../clients.ts';
import type { CodeService } from '../codes/service.ts';
import { sha256 } from '../../../lib/crypto.ts';
import { decoyHash, verifyPassword } from '../customers/passwords.ts';
import type { Customer, CustomerStore } from '../customers/store.ts';
import type { OtpService } from '../../../lib/otp/service.ts';
import type { OneTimeKeys } from '../sessions/one-time-keys.ts';
import type { Session, SessionStore } from '../sessions/store.ts';
import type { DeviceDescription } from '../sessions/device-description.ts';
import { verifyAuthToken } from './auth-token.ts';
import { checkAuthorizationLink } from './link-check.ts';

/**
 * POST /SSOSP/api/v1/oauth/authorize (spec 000 §3, §4): checks the client, its exact redirect_uri
 * and scope, signs the customer in with the first method of the priority list whose inputs are
 * present, and answers an authorization code. Password sign-ins from a browser that never completed
 * an OTP sign-in for the customer (and without a live session of theirs) answer mfaRequired with
 * the mobile number masked; the OTP step trusts the browser (a server-issued cookie,
 * customers/trusted-devices.ts), and the retry succeeds.
 */
export interface AuthorizeContext {
  siteId: number;
  /** Device fingerprint hash of the pass token; null on no-pass calls. */
  deviceHash: string | null;
  /** How a new session describes this browser on the active-devices list (spec 001 §2). */
  device?: DeviceDescription | undefined;
  /** The PB_GLSS_TOKEN cookie, when the browser sent one. */
  cookieToken: string | undefined;
  /** The trusted-device cookie (customers/trusted-devices.ts), when the browser sent one. */
  deviceToken: string | undefined;
  /** The caller's site keys, pass token kid first (sealed passwords, the mfaRequired number). */
  siteKeys: () => Promise<Uint8Array<ArrayBuffer>[]>;
}

export type AuthorizeOutcome =
  | {
      kind: 'code';
      response: AuthorizeResponse;
      /** Set when the browser's session cookie must be (re)issued. */
      setSessionToken: string | undefined;
      /** Set after an OTP sign-in: the browser's new trusted-device value. */
      setDeviceToken?: string | undefined;
    }
  | { kind: 'mfa'; maskedMobileNo: string };

export interface AuthorizeServiceOptions {
  config: SsoConfig;
  clients: ClientRegistry;
  customers: CustomerStore;
  otp: OtpService;
  sessions: SessionStore;
  codes: CodeService;
  oneTimeKeys: OneTimeKeys;
  callerId: CallerIdService;
  limiter: RateLimiter;
  deviceTrust: DeviceTrust;
  /** Where an address added at sign-in is told to the customer (My Account's account activity). */
  accountActivity: Pick<AccountActivity, 'record'>;
  now: () => number;
}

/**
 * The number shown with mfaRequired: its last four digits. Whoever gets this far
 * knows a password, not necessarily the phone; spec 000 §4's "decrypted mobile number" came sealed
 * with a site key every page of the site holds, so it told the number to anyone with the password.
 * The journey that asked already knows the number it typed; a username (email) sign-in shows the mask.
 */
export function maskMobile(mobileNo: string): string {
  return `${'*'.repeat(Math.max(0, mobileNo.length - 4))}${mobileNo.slice(-4)}`;
}

/** Password attempts per account in 15 minutes before only OTP works. */
const PASSWORD_ATTEMPTS = 10;
const PASSWORD_WINDOW_MS = 15 * 60_000;

export function createAuthorizeService(options: AuthorizeServiceOptions) {
  const { clients, customers, sessions, codes, limiter, now } = options;

  /** spec 000 §5: passwords of 20 characters or fewer arrive sealed; longer ones as typed. */
  async function openPassword(raw: string, context: AuthorizeContext): Promise<string> {
    for (const key of await context.siteKeys()) {
      try {
        const opened = await openForSite(key, 'password', raw);
        if (typeof opened === 'string') return opened;
      } catch {
        // not sealed with this key
      }
    }
    if (raw.length <= SEALED_PASSWORD_MAX_LENGTH) throw new PraveshError('passwordNotEncrypted');
    return raw;
  }

  async function checkPassword(customer: Customer | undefined, username: string, password: string): Promise<Customer> {
    const attempts = await limiter.consume(
      `pw:${customer?.customerId ?? sha256(username)}`,
      PASSWORD_ATTEMPTS,
      PASSWORD_WINDOW_MS,
    );
    if (!attempts.allowed) throw new PraveshError('credentialsLocked');
    // An unknown account costs the same scrypt as a known one, so timing tells nothing.
    const ok = await verifyPassword(password, customer?.passwordHash ?? (await decoyHash()));
    if (!customer?.passwordHash || !ok) throw new PraveshError('invalidCredentials');
    return customer;
  }

  async function liveSessionOf(token: string | null | undefined): Promise<Session | undefined> {
    return token ? sessions.resolve(token) : undefined;
  }

  /**
   * JOURNEY_EMAIL_OTP: a verified address signs in the customer it belongs to. An address nobody
   * has yet is added to the customer of the browser's live session (the address is verified now),
   * when that customer has none and signed in within CONTACT_CHANGE_PROOF_SECONDS, and the addition
   * shows in their account activity; otherwise there is no account to sign in to:
   * emailNotRegistered (said only after the code checked out, so it tells nothing to someone
   * without the mailbox).
   *
   * Why recent: an email is a way to sign in, so adding one is a change of sign-in identifiers
   * (docs/decisions/0005: it needs the current factor; ASVS 5.0 V6.3.7 / 4.0.3 V2.2.3 tell the
   * customer). A session cookie alone — a shared computer, a 30-day cookie taken — let anyone attach
   * their own address and keep signing in after the customer logged out everywhere. A session made
   * minutes ago is the proof of the number that profile's contact change also accepts.
   */
  async function emailSignIn(body: AuthorizeBody, context: AuthorizeContext): Promise<Customer> {
    const email = normaliseEmail(body.email!);
    if (!isValidEmail(email)) throw new PraveshError('invalidEmail');
    await options.otp.verifyEmail(email, body.otp!);
    const owner = await customers.byEmail(email);
    if (owner) return owner;
    for (const token of [body.glss_token, context.cookieToken]) {
      const session = await liveSessionOf(token);
      const recent = session && now() - session.createdAt.getTime() <= CONTACT_CHANGE_PROOF_SECONDS * 1000;
      const customer = recent ? await customers.byId(session.customerId) : undefined;
      if (customer && !customer.email) {
        try {
          await customers.update(customer.customerId, { email });
        } catch {
          // Taken meanwhile by another customer (the column is unique): theirs, not this one's.
          const taken = await customers.byEmail(email);
          if (taken) return taken;
          throw new PraveshError('emailNotRegistered');
        }
        await options.accountActivity.record({
          customerId: customer.customerId,
          kind: 'emailChanged',
          detail: maskEmail(email),
        });
        return { ...customer, email };
      }
    }
    throw new PraveshError('emailNotRegistered');
  }

  interface SignedIn {
    customer: Customer;
    /** An existing session to continue (glss_token) instead of a new one. */
    session?: { session: Session; token: string };
    /** A password sign-in: subject to the new-device check. */
    password?: boolean;
    trustDevice?: boolean;
  }

  async function signIn(method: AuthMethod, body: AuthorizeBody, context: AuthorizeContext): Promise<SignedIn> {
    switch (method) {
      case 'user_credential': {
        const username = body.username!.trim();
        const customer = isIndianMobileNumber(username)
          ? await customers.byMobile(username)
          : await customers.byEmail(username);
        const password = await openPassword(body.password!, context);
        return { customer: await checkPassword(customer, username, password), password: true };
      }
      case 'otp': {
        if (!body.mobileNo && body.email) return { customer: await emailSignIn(body, context), trustDevice: true };
        const mobileNo = body.mobileNo!;
        if (!isIndianMobileNumber(mobileNo)) throw new PraveshError('invalidMobileNumber');
        // One statement checks the code and finds or creates the customer (otp/service.ts).
        const customer =
          (await options.otp.verifySignIn(mobileNo, body.otp!)) ?? (await customers.findOrCreate(mobileNo));
        return { customer, trustDevice: true };
      }
      case 'mobile_credential': {
        const mobileNo = body.mobileNo!;
        if (!isIndianMobileNumber(mobileNo)) throw new PraveshError('invalidMobileNumber');
        const password = await openPassword(body.password!, context);
        return {
          customer: await checkPassword(await customers.byMobile(mobileNo), mobileNo, password),
          password: true,
        };
      }
      case 'glss_key': {
        // The key was minted for the site that redeems it: the URL's siteId and the caller agree.
        if (Number(body.siteId) !== context.siteId) throw new PraveshError('glssKeyInvalid');
        const redeemed = await options.oneTimeKeys.redeemGlssKey(body.glss_key!, context.siteId);
        const origin = redeemed ? await sessions.byId(redeemed.sessionId) : undefined;
        const customer = origin && sessions.isLive(origin) ? await customers.byId(origin.customerId) : undefined;
        if (!customer) throw new PraveshError('glssKeyInvalid');
        return { customer };
      }
      case 'auth_token': {
        const mobileNo = await verifyAuthToken({
          token: body.auth_token!,
          keys: options.config.signatureKeys,
          callerSiteId: context.siteId,
          oneTimeKeys: options.oneTimeKeys,
          nowMs: now(),
        });
        return { customer: await customers.findOrCreate(mobileNo) };
      }
      case 'glss_token': {
        const token = body.glss_token || context.cookieToken;
        const session = await liveSessionOf(token);
        const customer = session ? await customers.byId(session.customerId) : undefined;
        if (!session || !customer || !token) throw new PraveshError('sessionInvalid');
        return { customer, session: { session, token } };
      }
      case 'social_truecaller': {
        const mobileNo = await options.callerId.redeem(context.siteId, body.social_token!);
        return { customer: await customers.findOrCreate(mobileNo) };
      }
    }
  }

  /**
   * A password sign-in needs no second factor from a browser trusted for the customer by the
   * server-issued device cookie, or within the customer's live session. The pass token's device
   * hash is not a proof: the page computes it and every pass token shows it.
   */
  async function secondFactorSatisfied(customer: Customer, body: AuthorizeBody, context: AuthorizeContext) {
    if (await options.deviceTrust.isTrusted(customer.customerId, context.deviceToken)) return true;
    for (const token of [body.glss_token, context.cookieToken]) {
      const session = await liveSessionOf(token);
      if (session?.customerId === customer.customerId) return true;
    }
    return false;
  }

  return {
    async authorize(body: AuthorizeBody, context: AuthorizeContext): Promise<AuthorizeOutcome> {
      // Everything that needs no customer is checked first, by the rule the /authorize page applies
      // when it is served (link-check.ts): no one signs in for a request that cannot succeed.
      const { client, scope, codeChallenge: challenge } = checkAuthorizationLink(clients, body, context.siteId);

      // force_redirect (spec 000 §4 "mfaRequired leads to the OTP step with force_redirect=1, then
      // the retry") is read by the accounts pages and the SDK, not here: it makes the page skip the
      // existing-session shortcut, lock the number and go straight to the OTP step. What the server
      // must enforce is already tied to the proof itself: the OTP sign-in trusts this device
      // (trustDevice below), and that trust — or the customer's own live session — is what lets the
      // retried password sign-in through secondFactorSatisfied(). A flag the caller sets could not
      // prove anything, so it grants nothing.
      let method = selectAuthMethod({ ...body, hasSessionCookie: context.cookieToken !== undefined });
      // spec 000 §4 puts the existing session cookie before caller identification. A cookie whose
      // session has ended (logged out elsewhere, its device revoked, a changed number) is no existing
      // session: taken as one, it answered every caller-ID sign-in sessionInvalid until it expired.
      if (
        method === 'glss_token' &&
        !body.glss_token &&
        body.social_token &&
        !(await liveSessionOf(context.cookieToken))
      ) {
        method = selectAuthMethod({ ...body, hasSessionCookie: false });
      }
      if (!method) throw new PraveshError('authMethodMissing');
      const signedIn = await signIn(method, body, context);
      const { customer } = signedIn;

      if (signedIn.password && !(await secondFactorSatisfied(customer, body, context))) {
        return { kind: 'mfa', maskedMobileNo: maskMobile(customer.mobileNo) };
      }
      let session = signedIn.session;
      let newSession: Session | undefined;
      if (!session) {
        // One browser, one person: signing in as someone else ends the session the cookie held.
        const previous = await liveSessionOf(context.cookieToken);
        if (previous && previous.customerId !== customer.customerId) await sessions.revoke(previous.sessionId);
        session = sessions.build({
          customerId: customer.customerId,
          siteId: context.siteId,
          deviceHash: context.deviceHash,
          method,
          device: context.device,
        });
        newSession = session.session;
      }
      // The session, its code and the device trust are written in one statement; the answer waits for it.
      const issued = await codes.issue(
        {
          clientId: client.clientId,
          redirectUri: body.redirect_uri,
          scope,
          codeChallenge: challenge,
          customerId: customer.customerId,
          sessionId: session.session.sessionId,
          sessionToken: session.token,
          visitorId: body.visitorId ?? null,
          visitId: body.visitId ?? null,
        },
        // Device trust is the cookie below, not the pass token's device hash.
        { session: newSession, trustDevice: null },
      );
      const setDeviceToken = signedIn.trustDevice
        ? await options.deviceTrust.remember(customer.customerId, context.deviceToken)
        : undefined;
      const response: AuthorizeResponse = {
        code: issued.code,
        redirect_uri: body.redirect_uri,
        customerId: customer.customerId,
        method,
        expiresInSeconds: issued.expiresInSeconds,
        ...(body.state !== undefined && body.state !== null ? { state: body.state } : {}),
      };
      return {
        kind: 'code',
        response,
        setSessionToken: session.token === context.cookieToken ? undefined : session.token,
        setDeviceToken,
      };
    },
  };
}

export type AuthorizeService = ReturnType<typeof createAuthorizeService>;
