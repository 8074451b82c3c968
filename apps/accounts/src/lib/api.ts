import {
  openForSite,
  OTP_LENGTH,
  OTP_RESEND_AFTER_SECONDS,
  OTP_TTL_SECONDS,
  SEALED_PASSWORD_MAX_LENGTH,
  sealForSite,
  sendProvingWork,
  SSO_ROUTES,
  unwrapSiteKey,
  type AuthorizeBody,
  type AuthorizeResponse,
  type Environment,
  type OtpSendBody,
  type OtpSendResponse,
  type PreferenceResponse,
  type ShieldConfig,
} from '@pravesh/core';
import { createPravesh, PassRequestError, type Pravesh } from '@pravesh/sdk';
import type { JourneyParams } from './params.ts';

/** The reply of `customer/otp` (core's otpSendResponseSchema). */
export type OtpSent = OtpSendResponse;

/** The reply of `oauth/authorize`: an authorization code for the registered redirect_uri. */
export interface AuthorizationGrant {
  code: string;
  state: string;
  redirect_uri: string;
  customerId: string;
}

export interface Preference {
  /** A password is set, so mobile plus password (mobile_credential) is offered. */
  passwordSet: boolean;
  /** The method to offer first. */
  preferredMethod: PreferenceResponse['preferredMethod'];
}

/**
 * What the customer proved (spec 000 §4 methods otp, mobile_credential), or nothing: the session
 * cookie of the accounts host then signs the customer in (glss_token).
 */
export interface Proof {
  otp?: string;
  /** JOURNEY_EMAIL_OTP: the address the OTP was emailed to (sent instead of a mobileNo). */
  email?: string;
  password?: string;
  /** spec 000 §4: the OTP step after an mfaRequired answer retries with force_redirect=1. */
  forceRedirect?: boolean;
}

/** A refused call: the envelope's statusCode and statusMessage (spec 000 §7, §8). */
export class AccountsApiError extends Error {
  override name = 'AccountsApiError';
  constructor(
    readonly statusCode: string,
    readonly statusMessage: string,
    readonly httpStatus = 0,
  ) {
    super(statusMessage || statusCode);
  }
}

/** The calls the sign-in journey makes; tests substitute a fake. */
export interface AccountsApi {
  sendOtp(mobileNo: string): Promise<OtpSent>;
  /** JOURNEY_EMAIL_OTP: the OTP by email (POST customer/emailOtp). */
  sendEmailOtp(email: string): Promise<OtpSent>;
  preference(mobileNo: string): Promise<Preference>;
  authorize(mobileNo: string | undefined, proof: Proof): Promise<AuthorizationGrant>;
  /** Opens a mobileNo the embedding site sealed into the link (spec 000 §2); undefined if it cannot. */
  openSealedMobile(sealed: string): Promise<string | undefined>;
}

export interface AccountsApiOptions {
  apiBaseUrl: string;
  environment: Environment;
  ssoSiteId: number;
  params: JourneyParams;
  /** Injectable for tests. */
  fetch?: (url: string, init: RequestInit) => Promise<Response>;
  now?: () => number;
  /** Makes visitor and visit ids when the widget passed none (the OTP payload requires both). */
  randomId?: () => string;
}

function toApiError(error: unknown): AccountsApiError {
  if (error instanceof AccountsApiError) return error;
  if (error instanceof PassRequestError) {
    return new AccountsApiError(error.statusCode, error.statusMessage ?? '', error.httpStatus);
  }
  return new AccountsApiError('somethingWentWrong', 'somethingWentWrong');
}

function siteKeyOf(config: ShieldConfig): Promise<Uint8Array<ArrayBuffer>> {
  return unwrapSiteKey(config.ct, config.siteId, config.ci);
}

function readCount(value: unknown, fallback: number): number {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? Math.round(value) : fallback;
}

/**
 * The accounts service client of the sign-in pages. Every call goes through the SDK, so it carries
 * the SSO site's pass token (spec 000 §7); the OTP call adds the authorization-key header sealed
 * under that site's key.
 */
export function createAccountsApi(options: AccountsApiOptions): AccountsApi {
  const { params, now = Date.now } = options;
  const randomId = options.randomId ?? (() => crypto.randomUUID());
  // spec 000 §3 "OTP send payload": visitorId and visitId come from the embedding page's visitor
  // record; a page opened without them (a bare login link) gets ids of its own for this visit.
  const visitorId = params.visitorId ?? randomId();
  const visitId = params.visitId ?? randomId();
  const pravesh: Pravesh = createPravesh({
    apiBaseUrl: options.apiBaseUrl,
    siteId: options.ssoSiteId,
    environment: options.environment,
    ...(options.fetch ? { fetch: options.fetch } : {}),
    now,
  });
  let siteKey: Promise<Uint8Array<ArrayBuffer>> | undefined;
  const ssoKey = () => (siteKey ??= pravesh.init().then(siteKeyOf));
  const siteHeader = { 'site-id': String(options.ssoSiteId) };

  async function call<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      throw toApiError(error);
    }
  }

  return {
    sendOtp: (mobileNo) =>
      call(async () => {
        // spec 000 §7: authorization-key is the encrypted string of site id, timestamp and mobile number.
        const authorizationKey = await sealForSite(await ssoKey(), 'authorization-key', {
          siteId: options.ssoSiteId,
          timestamp: now(),
          mobileNo,
        });
        // While an SMS budget is under pressure the server asks for a proof of work (README "OTP"):
        // solved here, so the customer sees only the usual wait for the code.
        const reply = await sendProvingWork((proofOfWork) => {
          const body: OtpSendBody = { mobileNo, visitorId, visitId, ...(proofOfWork && { proofOfWork }) };
          return pravesh.request<Partial<OtpSent> | undefined>('POST', SSO_ROUTES.otp, {
            headers: { ...siteHeader, 'authorization-key': authorizationKey },
            body,
          });
        });
        return {
          resendAfterSeconds: readCount(reply?.resendAfterSeconds, OTP_RESEND_AFTER_SECONDS),
          expiresInSeconds: readCount(reply?.expiresInSeconds, OTP_TTL_SECONDS),
          otpLength: readCount(reply?.otpLength, OTP_LENGTH) || OTP_LENGTH,
        };
      }),

    sendEmailOtp: (email) =>
      call(async () => {
        const authorizationKey = await sealForSite(await ssoKey(), 'authorization-key', {
          siteId: options.ssoSiteId,
          timestamp: now(),
          email,
        });
        const reply = await pravesh.request<Partial<OtpSent> | undefined>('POST', SSO_ROUTES.emailOtp, {
          headers: { ...siteHeader, 'authorization-key': authorizationKey },
          body: { email, visitorId, visitId },
        });
        return {
          resendAfterSeconds: readCount(reply?.resendAfterSeconds, OTP_RESEND_AFTER_SECONDS),
          expiresInSeconds: readCount(reply?.expiresInSeconds, OTP_TTL_SECONDS),
          otpLength: readCount(reply?.otpLength, OTP_LENGTH) || OTP_LENGTH,
        };
      }),

    preference: (mobileNo) =>
      call(async () => {
        // POST with the number in the body (the server's form beside spec 000 §7's GET ?mobileNo):
        // a number in a URL reaches access logs, proxies and history.
        const reply = await pravesh.request<Partial<PreferenceResponse> | undefined>('POST', SSO_ROUTES.preference, {
          headers: siteHeader,
          body: { mobileNo },
        });
        const passwordSet = reply?.passwordSet === true;
        return {
          passwordSet,
          preferredMethod: passwordSet && reply?.preferredMethod === 'mobile_credential' ? 'mobile_credential' : 'otp',
        };
      }),

    authorize: (mobileNo, proof) =>
      call(async () => {
        let password = proof.password;
        // spec 000 §5: passwords of 20 characters or fewer are encrypted before sending.
        if (password !== undefined && password.length <= SEALED_PASSWORD_MAX_LENGTH) {
          password = await sealForSite(await ssoKey(), 'password', password);
        }
        const body: AuthorizeBody = {
          response_type: 'code', // anything else is refused before the journey starts (paramProblem)
          client_id: params.clientId,
          redirect_uri: params.redirectUri,
          state: params.state,
          scope: params.scope,
          visitorId,
          visitId,
          ...(mobileNo !== undefined ? { mobileNo } : {}),
          ...(params.authType ? { auth_type: params.authType } : {}),
          ...(params.sourceSiteId !== undefined ? { source_site_id: params.sourceSiteId } : {}),
          ...(params.rawJourneyType ? { journey_type: params.rawJourneyType } : {}),
          ...(params.screenType ? { screen_type: params.screenType } : {}),
          ...(params.version ? { version: params.version } : {}),
          ...(params.codeChallenge ? { code_challenge: params.codeChallenge } : {}),
          ...(params.codeChallenge ? { code_challenge_method: 'S256' as const } : {}),
          ...(proof.forceRedirect || params.forceRedirect ? { force_redirect: 1 } : {}),
          ...(proof.otp !== undefined ? { otp: proof.otp } : {}),
          ...(proof.email !== undefined ? { email: proof.email } : {}),
          ...(password !== undefined ? { password } : {}),
        };
        const reply = await pravesh.request<Partial<AuthorizeResponse> | undefined>('POST', SSO_ROUTES.authorize, {
          headers: siteHeader,
          body,
        });
        if (!reply || typeof reply.code !== 'string' || reply.code === '') {
          throw new AccountsApiError('somethingWentWrong', 'somethingWentWrong');
        }
        return {
          code: reply.code,
          state: typeof reply.state === 'string' ? reply.state : params.state,
          redirect_uri: typeof reply.redirect_uri === 'string' ? reply.redirect_uri : params.redirectUri,
          customerId: typeof reply.customerId === 'string' ? reply.customerId : '',
        };
      }),

    async openSealedMobile(sealed) {
      if (params.sourceSiteId === undefined) return undefined;
      try {
        // The embedding site sealed it with its own site key (spec 000 §2 "mobileNo ... encrypted").
        const source = createPravesh({
          apiBaseUrl: options.apiBaseUrl,
          siteId: params.sourceSiteId,
          environment: options.environment,
          ...(options.fetch ? { fetch: options.fetch } : {}),
        });
        const opened = await openForSite(await siteKeyOf(await source.init()), 'login-link', sealed);
        const value =
          typeof opened === 'object' && opened !== null ? (opened as Record<string, unknown>).mobileNo : opened;
        return typeof value === 'string' ? value : undefined;
      } catch {
        return undefined;
      }
    },
  };
}
