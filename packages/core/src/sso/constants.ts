/**
 * Runtime constants of single sign-on (spec 000 §2, §3, §4, §7, §9; spec 001 §5, §7) that the
 * browser needs as well as the server: route paths, journey types, statuses, the authorization
 * method priority and the OTP rules. Zod-free so the SDK and the accounts pages bundle it cheaply.
 */

/** Paths of the accounts service (spec 000 §7 "Accounts host", spec 001 §7) and our additions. */
export const SSO_ROUTES = {
  /** POST: authorize request fields (spec 000 §3); answers an authorization code. */
  authorize: '/SSOSP/api/v1/oauth/authorize',
  /** POST: send an OTP; headers site-id and authorization-key (spec 000 §7). */
  otp: '/SSOSP/api/v1/customer/otp',
  /**
   * POST (ours, JOURNEY_EMAIL_OTP): send an OTP by email; headers site-id and authorization-key
   * sealing {siteId, timestamp, email}. Verified through authorize's otp method with `email`.
   */
  emailOtp: '/SSOSP/api/v1/customer/emailOtp',
  /**
   * GET ?redirect_uri= (spec 000 §7): checks redirect_uri and hands over (302) to the accounts
   * host's /logout page; no state change. POST (ours), from that page only, with its CSRF token:
   * ends the session, clears both session cookies, answers the checked redirect_uri.
   */
  logout: '/SSOSP/api/v1/oauth/logout',
  /** GET ?mobileNo=: header site-id; is the number known, is a password set. */
  preference: '/SSOSP/api/v1/customer/preference',
  /** GET ?token=&pb-pass-token=: loaded as a hidden image; sets the session cookie; answers a 1×1 GIF. */
  setSsid: '/SSOSP/api/v1/customer/setSSID',
  /** POST (ours): mints a one-time glssKey for handing the session to another site (glss_key method). */
  glssKey: '/SSOSP/api/v1/oauth/glssKey',
  /** POST (ours): starts a caller-identification request (body: caller-identification payload). */
  callerIdStart: '/SSOSOCKET/api/v1/oauth/request',
  /** GET: caller-identification status of a nonce; header site-id (spec 000 §7). */
  callerIdStatus: '/SSOSOCKET/api/v1/oauth/request/:requestNonce',
  /** POST ?guc=true: authorization code exchange (spec 001 §7), sent without a session token. */
  getSsoToken: '/MSP/api/v1/myAccount/getSsoToken',
  /** POST: the same exchange on the third service (spec 001 §7). */
  ssoLogin: '/BSP/api/v1/myAccount/ssoLogin',
  /** OAuth 2.0 authorization server metadata (RFC 8414). */
  discovery: '/.well-known/oauth-authorization-server',
  /** OAuth 2.0 token endpoint (RFC 6749 §3.2), form-encoded, RFC error shape. */
  oauthToken: '/SSOSP/oauth/token',
  /** Bearer-protected profile of the signed-in customer (for OAuth clients). */
  oauthUserinfo: '/SSOSP/oauth/userinfo',
  /** Token revocation (RFC 7009), form-encoded. */
  oauthRevoke: '/SSOSP/oauth/revoke',
} as const;

/** Pages of the accounts host (spec 000 §2): the widget frame loads these. */
export const ACCOUNTS_PAGES = {
  listener: '/listener',
  /** The login link's target and the OAuth authorization_endpoint. */
  authorize: '/authorize',
  logout: '/logout',
} as const;

/**
 * The logout page's CSRF token (OWASP CSRF Prevention Cheat Sheet, "Double Submit Cookie"): the
 * /logout page sets it as a SameSite=Strict, HttpOnly cookie and writes the same value into the
 * page; the page's POST oauth/logout sends it back in the header. `__Host-` outside local, where
 * cookies are Secure (RFC 6265bis §4.1.3.2), so a sibling subdomain cannot plant one.
 */
export const LOGOUT_CSRF_HEADER = 'x-pravesh-csrf';
export function logoutCsrfCookieName(environment: string): string {
  return environment === 'local' ? 'PB_LOGOUT_CSRF' : '__Host-PB_LOGOUT_CSRF';
}

/** Development-only pages (absent in production). */
export const SSO_DEV_ROUTES = {
  outbox: '/dev/outbox',
  outboxJson: '/dev/outbox.json',
  callerId: '/dev/caller-id/:requestNonce',
} as const;

export function callerIdStatusPath(requestNonce: string): string {
  return SSO_ROUTES.callerIdStatus.replace(':requestNonce', encodeURIComponent(requestNonce));
}

export function devCallerIdPath(requestNonce: string): string {
  return SSO_DEV_ROUTES.callerId.replace(':requestNonce', encodeURIComponent(requestNonce));
}

/** The exchange is called with guc=true (spec 001 §7). */
export const GET_SSO_TOKEN_QUERY = 'guc=true';

/** Journey types (spec 000 §2); the widget opens for the first five, others redirect. */
export const WIDGET_JOURNEY_TYPES = [
  'JOURNEY',
  'JOURNEY_OTP',
  'JOURNEY_EMAIL_OTP',
  'JOURNEY_MOBILE_VERIFICATION',
  'JOURNEY_MOBILE_VERIFICATION_OTP',
] as const;
export const JOURNEY_TYPES = [...WIDGET_JOURNEY_TYPES, 'REDIRECT'] as const;
export type JourneyType = (typeof JOURNEY_TYPES)[number];
export type WidgetJourneyType = (typeof WIDGET_JOURNEY_TYPES)[number];
/** Login link defaults (spec 000 §2, §9). */
export const DEFAULT_JOURNEY_TYPE: JourneyType = 'REDIRECT';
export const DEFAULT_SCREEN_TYPE = 0;

export function isWidgetJourney(journeyType: string): journeyType is WidgetJourneyType {
  return (WIDGET_JOURNEY_TYPES as readonly string[]).includes(journeyType);
}

/** Login link parameters (spec 000 §2); mobileNo and leadId are sealed ('login-link' purpose). */
export const LOGIN_LINK_PARAMS = [
  'client_id',
  'source_site_id',
  'redirect_uri',
  'state',
  'scope',
  'auth_type',
  'screen_type',
  'journey_type',
  'version',
  'mobileNo',
  'leadId',
  'force_redirect',
  'code_challenge',
  'code_challenge_method',
] as const;

/** Sign-on client init states (spec 000 §4). */
export const SSO_INIT_STATES = ['PENDING', 'IN_PROCESS', 'INITIALIZED'] as const;
export type SsoInitState = (typeof SSO_INIT_STATES)[number];

/** Messages between the sign-in frame and the embedding page (spec 000 §4, §7). */
export const FRAME_MESSAGES_TO_FRAME = ['widgetOpen'] as const;
export const FRAME_MESSAGES_FROM_FRAME = ['otpSent', 'auth', 'authFailed', 'closed_by_user', 'boxSize'] as const;
export type FrameMessageFromFrame = (typeof FRAME_MESSAGES_FROM_FRAME)[number];

/**
 * Authorization methods in the spec's priority order (spec 000 §4): the first whose inputs are
 * present is used. Default otp.
 */
export const AUTH_METHODS = [
  'user_credential',
  'otp',
  'mobile_credential',
  'glss_key',
  'auth_token',
  'glss_token',
  'social_truecaller',
] as const;
export type AuthMethod = (typeof AUTH_METHODS)[number];
export const DEFAULT_AUTH_METHOD: AuthMethod = 'otp';

/** The inputs that select a method; a field counts when it is a non-empty string. */
export interface AuthMethodInputs {
  username?: string | null | undefined;
  password?: string | null | undefined;
  mobileNo?: string | null | undefined;
  /** JOURNEY_EMAIL_OTP: an email address instead of the mobile number of the otp method. */
  email?: string | null | undefined;
  otp?: string | null | undefined;
  glss_key?: string | null | undefined;
  siteId?: string | number | null | undefined;
  auth_token?: string | null | undefined;
  glss_token?: string | null | undefined;
  social_token?: string | null | undefined;
  socialProviderId?: string | null | undefined;
  /** The browser has the session-exists cookie (or the server sees the session cookie). */
  hasSessionCookie?: boolean | undefined;
}

function present(value: string | number | null | undefined): boolean {
  return value !== undefined && value !== null && String(value) !== '';
}

/** The caller-identification provider id of social_truecaller. */
export const CALLER_ID_PROVIDER_ID = 'truecaller';

/** The method the inputs select, in priority order (spec 000 §4); undefined when none fits. */
export function selectAuthMethod(inputs: AuthMethodInputs): AuthMethod | undefined {
  if (present(inputs.username) && present(inputs.password)) return 'user_credential';
  if ((present(inputs.mobileNo) || present(inputs.email)) && present(inputs.otp)) return 'otp';
  if (present(inputs.mobileNo) && present(inputs.password)) return 'mobile_credential';
  if (present(inputs.glss_key) && present(inputs.siteId)) return 'glss_key';
  if (present(inputs.auth_token)) return 'auth_token';
  if (present(inputs.glss_token) || inputs.hasSessionCookie === true) return 'glss_token';
  if (present(inputs.social_token) && (!present(inputs.socialProviderId) || inputs.socialProviderId === 'truecaller'))
    return 'social_truecaller';
  return undefined;
}

/** Caller-identification statuses (spec 000 §4). app_not_present is decided in the browser. */
export const CALLER_ID_STATUSES = [
  'app_not_present',
  'initiated',
  'pending',
  'success',
  'rejected',
  'timeout',
  'login_initiated',
] as const;
export type CallerIdStatus = (typeof CALLER_ID_STATUSES)[number];
/** Statuses during which the browser keeps polling (spec 000 §4). */
export const CALLER_ID_POLLING_STATUSES: readonly CallerIdStatus[] = ['initiated', 'pending'];
/** Caller-identification polling defaults (spec 000 §9). */
export const CALLER_ID_DEFAULT_ATTEMPTS = 3;
export const CALLER_ID_DEFAULT_TTL_MS = 10_000;
export const CALLER_ID_APP_WAIT_MS = 600;
export const CALLER_ID_MIN_TTL_MS = 1_000;
export const CALLER_ID_MAX_TTL_MS = 600_000;

/** Indian mobile numbers only: 10 digits starting 6–9. */
export const MOBILE_NO_PATTERN = /^[6-9]\d{9}$/;
export function isIndianMobileNumber(value: string): boolean {
  return MOBILE_NO_PATTERN.test(value);
}

/** OTP rules: 6 digits, 5 minutes, 5 wrong entries, resend after 30 s, 5 sends per hour. */
export const OTP_LENGTH = 6;
export const OTP_PATTERN = /^\d{6}$/;
export const OTP_TTL_SECONDS = 300;
export const OTP_MAX_ATTEMPTS = 5;
export const OTP_RESEND_AFTER_SECONDS = 30;
export const OTP_MAX_SENDS_PER_HOUR = 5;
/** The authorization-key header's timestamp may differ from the server clock by this much. */
export const AUTHORIZATION_KEY_MAX_SKEW_SECONDS = 120;
/** WebOTP auto-read aborts after 60 s (spec 000 §9). */
export const OTP_AUTOREAD_TIMEOUT_MS = 60_000;

/** OTP success texts (spec 001 §5); the failure texts are in the error catalogue. */
export const OTP_MESSAGES = {
  resent: 'Please enter OTP re-sent to your mobile number',
  verified: 'Your mobile number verified successfully.',
} as const;

/** The email journey's counterparts of the spec 001 §5 texts (ours: the spec words them for SMS). */
export const EMAIL_OTP_MESSAGES = {
  resent: 'Please enter OTP re-sent to your email address',
  verified: 'Your email address verified successfully.',
} as const;

/**
 * Email addresses, the strict rule of spec 001 §5: non-empty, "@" not at the start, a dot after
 * it, no dot right after the "@", no spaces, no double dots. At most 254 characters (RFC 5321).
 */
export function isValidEmail(value: string): boolean {
  if (value === '' || value.length > 254 || /\s/.test(value) || value.includes('..')) return false;
  const at = value.indexOf('@');
  if (at <= 0 || at !== value.lastIndexOf('@')) return false;
  const domain = value.slice(at + 1);
  return domain.includes('.') && !domain.startsWith('.') && !domain.endsWith('.');
}

/** The form an email address is stored and compared in. */
export function normaliseEmail(value: string): string {
  return value.trim().toLowerCase();
}

/** Passwords of this length or shorter are sealed before sending (spec 000 §5). */
export const SEALED_PASSWORD_MAX_LENGTH = 20;

/** statusCode of an authorize answer that needs the OTP step first (spec 000 §4). */
export const MFA_REQUIRED_CODE = 'mfaRequired';

/** Scopes of the sign-on configuration (spec 000 §3), as space-separated OAuth scope tokens. */
export const SSO_SCOPES = [
  'bureau',
  'myaccount',
  'secured_card',
  'personalised_offers',
  'credit_card',
  'puckar_consent',
  'wallet_protect_insurance',
  'ondc_platform_apis',
] as const;
export type SsoScope = (typeof SSO_SCOPES)[number];

/** Splits a scope parameter: space-separated (RFC 6749 §3.3); commas tolerated. */
export function parseScope(scope: string | null | undefined): string[] {
  if (!scope) return [];
  return [...new Set(scope.split(/[\s,]+/).filter((part) => part !== ''))];
}

/** Authorization code life and the access token default life. */
export const AUTHORIZATION_CODE_TTL_SECONDS = 60;
export const ACCESS_TOKEN_TTL_SECONDS = 900;

/** The hidden setSSID image's query parameter carrying the session token. */
export const SET_SSID_TOKEN_QUERY = 'token';
