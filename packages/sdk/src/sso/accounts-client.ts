import {
  ERRORS,
  PraveshError,
  sealForSite,
  sendProvingWork,
  SSO_ROUTES,
  unwrapSiteKey,
  type JourneyType,
  type OtpSendResponse,
  type PreferenceResponse,
  type SealPurpose,
} from '@pravesh/core';
import { createHttpClient, PassRequestError, type HttpClient } from '../http.ts';
import type { BrowserEnv } from './browser-env.ts';
import {
  LOGIN_REQUIREMENTS,
  LOGOUT_REQUIREMENTS,
  OTP_REQUIREMENTS,
  requireFields,
  type ResolvedSignOnConfig,
  type SignOnClient,
} from './config.ts';
import { loginLinkUrl, logoutLinkUrl, type LoginLinkBase } from './links.ts';
import { newPkcePair, randomToken } from './pkce.ts';

/**
 * The accounts host, as the sign-on client talks to it (one of the five parts of
 * sign-on.ts): its HTTP client under this site's pass token, the site key that seals what goes to
 * it (spec 000 §2, §7), its login and logout links, and its authorize, OTP, preference and setSSID
 * calls.
 */
export interface LoginLinkOptions {
  /** Echoed back with the code; default a fresh random value. */
  state?: string;
  journeyType?: JourneyType;
  screenType?: number | string;
  authType?: string;
  version?: number | string;
  /** Sealed into the link (spec 000 §2: "mobileNo and leadId inside it are encrypted"). */
  mobileNo?: string;
  leadId?: string;
  forceRedirect?: boolean;
  editMobile?: 0 | 1;
}

export interface OtpPayloadExtras {
  productId?: string | number;
  event?: string;
  eventPayload?: Record<string, unknown>;
}

interface AuthorizeReply {
  code?: unknown;
  state?: unknown;
  customerId?: unknown;
}

export const isText = (value: unknown): value is string => typeof value === 'string' && value !== '';

/** A refusal of the sign-on client itself, shaped as the server's (httpStatus 0: no reply). */
export function failure(statusCode: string, statusMessage?: string, body?: unknown): PassRequestError {
  return new PassRequestError({ statusCode, statusMessage, httpStatus: 0, body });
}

export type AccountsClient = ReturnType<typeof createAccountsClient>;

export function createAccountsClient(client: SignOnClient, settings: ResolvedSignOnConfig, env: BrowserEnv) {
  const { siteId } = settings;
  let http: HttpClient | undefined;
  let siteKey: Promise<Uint8Array<ArrayBuffer>> | undefined;

  function accounts(): HttpClient {
    const { accountsUrl } = requireFields({ accountsUrl: settings.accountsUrl }, ['accountsUrl']);
    // The accounts host's calls carry this site's pass token like every other (spec 000 §7).
    http ??= createHttpClient({
      baseUrl: accountsUrl,
      signer: { getToken: (authenticationToken) => client.getPassToken(authenticationToken) },
      ...(env.options.fetch ? { fetch: env.options.fetch } : {}),
    });
    return http;
  }

  function siteKeyOnce(): Promise<Uint8Array<ArrayBuffer>> {
    siteKey ??= client
      .init()
      .then((shield) => unwrapSiteKey(shield.ct, shield.siteId, shield.ci))
      .catch((error: unknown) => {
        siteKey = undefined;
        throw error;
      });
    return siteKey;
  }

  async function seal(purpose: SealPurpose, value: unknown): Promise<string> {
    return sealForSite(await siteKeyOnce(), purpose, value);
  }

  /** spec 000 §5: "Login link and authorization need redirectLoginUri, scope, clientId, accountsUrl". */
  function loginBase(): LoginLinkBase {
    const required = requireFields(
      {
        redirectLoginUri: settings.redirectLoginUri,
        scope: settings.scope,
        clientId: settings.clientId,
        accountsUrl: settings.accountsUrl,
      },
      LOGIN_REQUIREMENTS,
    );
    return { ...required, siteId };
  }

  async function sealedLinkValues(linkOptions: LoginLinkOptions) {
    const mobileNo = linkOptions.mobileNo?.trim();
    const leadId = linkOptions.leadId === undefined ? undefined : String(linkOptions.leadId).trim();
    const [sealedMobileNo, sealedLeadId] = await Promise.all([
      mobileNo ? seal('login-link', mobileNo) : undefined,
      leadId ? seal('login-link', leadId) : undefined,
    ]);
    return { sealedMobileNo, sealedLeadId };
  }

  async function loginLink(linkOptions: LoginLinkOptions = {}): Promise<string> {
    const base = loginBase();
    const loginState = linkOptions.state ?? randomToken(16);
    const pkce = await newPkcePair();
    const link = loginLinkUrl(base, {
      state: loginState,
      journeyType: linkOptions.journeyType ?? settings.journeyType,
      screenType: linkOptions.screenType === undefined ? settings.screenType : String(linkOptions.screenType),
      version: linkOptions.version === undefined ? settings.version : String(linkOptions.version),
      authType: linkOptions.authType ?? settings.authType,
      forceRedirect: linkOptions.forceRedirect,
      editMobile: linkOptions.editMobile ?? settings.editMobile,
      codeChallenge: pkce.challenge,
      ...(await sealedLinkValues(linkOptions)),
    });
    env.pendingLogins.remember(loginState, {
      verifier: pkce.verifier,
      redirectUri: base.redirectLoginUri,
      createdAt: env.now(),
    });
    return link;
  }

  function logoutLink(): string {
    const required = requireFields(
      { redirectLogoutUri: settings.redirectLogoutUri, accountsUrl: settings.accountsUrl },
      LOGOUT_REQUIREMENTS,
    );
    return logoutLinkUrl(required.accountsUrl, required.redirectLogoutUri);
  }

  /** POST oauth/authorize with the method's fields; the code is bound to a fresh PKCE verifier. */
  async function authorizeOnce(fields: Record<string, unknown>): Promise<{ code: string; verifier: string }> {
    const base = loginBase();
    const loginState = randomToken(16);
    const pkce = await newPkcePair();
    const body: Record<string, unknown> = {
      response_type: 'code',
      client_id: base.clientId,
      redirect_uri: base.redirectLoginUri,
      state: loginState,
      scope: base.scope,
      ...env.ids(),
      ...(settings.authType ? { auth_type: settings.authType } : {}),
      ...(settings.version ? { version: settings.version } : {}),
      code_challenge: pkce.challenge,
      code_challenge_method: 'S256',
    };
    for (const [name, value] of Object.entries(fields)) {
      if (value !== undefined && value !== null && value !== '') body[name] = value;
    }
    const reply = await accounts().request<AuthorizeReply | undefined>('POST', SSO_ROUTES.authorize, {
      headers: { 'site-id': String(siteId) },
      body,
    });
    if (!reply || !isText(reply.code)) throw failure(ERRORS.somethingWentWrong.code, 'somethingWentWrong', reply);
    // RFC 6749 §10.12: the state must come back unchanged.
    if (reply.state !== undefined && reply.state !== loginState) throw new PraveshError('invalidGrant');
    return { code: reply.code, verifier: pkce.verifier };
  }

  async function sendOtp(mobileNo: string, extras: OtpPayloadExtras = {}): Promise<OtpSendResponse> {
    const required = requireFields({ mobileNo: mobileNo?.trim(), accountsUrl: settings.accountsUrl }, OTP_REQUIREMENTS);
    // spec 000 §7: authorization-key is the encrypted string of site id, timestamp and mobile number.
    const authorizationKey = await seal('authorization-key', {
      siteId,
      timestamp: env.now(),
      mobileNo: required.mobileNo,
    });
    const { visitorId, visitId } = env.ids();
    // While an SMS budget is under pressure the server asks for a proof of work (README "OTP"):
    // solved here, with no step of the customer's.
    return sendProvingWork((proofOfWork) =>
      accounts().request<OtpSendResponse>('POST', SSO_ROUTES.otp, {
        headers: { 'site-id': String(siteId), 'authorization-key': authorizationKey },
        body: { mobileNo: required.mobileNo, visitorId, visitId, ...extras, ...(proofOfWork && { proofOfWork }) },
      }),
    );
  }

  async function checkPreference(mobileNo: string): Promise<PreferenceResponse> {
    const required = requireFields({ mobileNo: mobileNo?.trim(), accountsUrl: settings.accountsUrl }, OTP_REQUIREMENTS);
    return accounts().request<PreferenceResponse>('GET', SSO_ROUTES.preference, {
      headers: { 'site-id': String(siteId) },
      query: { mobileNo: required.mobileNo },
    });
  }

  /** Loads the one-time setSSID value in a hidden image; its failures are ignored (spec 000 §7). */
  function handOffSession(handoff: string): void {
    accounts()
      .imageUrl(SSO_ROUTES.setSsid, { token: handoff })
      .then(env.loadImage, () => undefined);
  }

  return {
    accounts,
    siteKey: siteKeyOnce,
    seal,
    loginBase,
    sealedLinkValues,
    loginLink,
    logoutLink,
    authorizeOnce,
    sendOtp,
    checkPreference,
    handOffSession,
  };
}
