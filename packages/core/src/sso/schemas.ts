import { z } from 'zod';
import { errorEnvelopeSchema } from '../http/envelope.ts';
import { idText, safeText } from '../visits/fields.ts';
import {
  CALLER_ID_MAX_TTL_MS,
  CALLER_ID_MIN_TTL_MS,
  CALLER_ID_STATUSES,
  isValidEmail,
  JOURNEY_TYPES,
  MOBILE_NO_PATTERN,
  normaliseEmail,
  OTP_LENGTH,
} from './constants.ts';

/**
 * Payloads of single sign-on (spec 000 §3 "Authorize request", "OTP send payload",
 * "Caller-identification login payload"; spec 001 §7 getSsoToken/ssoLogin) and of the OAuth 2.0
 * endpoints we add (RFC 6749, RFC 7636, RFC 8414). Every answer of the /SSOSP, /SSOSOCKET, /MSP and
 * /BSP paths travels in the spec's envelope ({ status, statusCode, statusMessage?, response? });
 * the schemas here describe `response`. The OAuth endpoints answer the RFC shapes instead.
 */

// ---------------------------------------------------------------------------------------------
// Shared fields

/** Indian mobile numbers only: 10 digits starting 6–9. */
export const mobileNoSchema = z.string().regex(MOBILE_NO_PATTERN, 'must be a 10-digit Indian mobile number');

/** A site id as a header or query parameter carries it: "2". */
export const siteIdHeaderSchema = z.string().regex(/^\d{1,4}$/, 'must be a site id');

const optionalText = (max: number) => safeText(max).nullish();
/** Booleans the browser may send as true, "true", 1 or "1". */
const looseFlag = z.union([z.boolean(), z.number(), z.string().max(8)]).nullish();

// ---------------------------------------------------------------------------------------------
// OTP send: POST /SSOSP/api/v1/customer/otp (spec 000 §3 "OTP send payload", §7)

export const otpSendHeadersSchema = z.object({
  'site-id': siteIdHeaderSchema,
  /** sealForSite(siteKey, 'authorization-key', authorizationKeyPayload) under the caller's site key. */
  'authorization-key': z.string().min(1).max(1024),
});

/** What the authorization-key header seals: the timestamp is epoch milliseconds. */
export const authorizationKeyPayloadSchema = z.object({
  siteId: z.union([z.number().int(), siteIdHeaderSchema]),
  timestamp: z.number().int().nonnegative(),
  mobileNo: z.string().max(16),
});
export type AuthorizationKeyPayload = z.infer<typeof authorizationKeyPayloadSchema>;

/** JOURNEY_EMAIL_OTP: the authorization-key of the email OTP call seals the address instead. */
export const emailAuthorizationKeyPayloadSchema = z.object({
  siteId: z.union([z.number().int(), siteIdHeaderSchema]),
  timestamp: z.number().int().nonnegative(),
  email: z.string().max(254),
});
export type EmailAuthorizationKeyPayload = z.infer<typeof emailAuthorizationKeyPayloadSchema>;

/** spec 001 §5 strict email rule (isValidEmail), compared lower-cased. */
export const emailSchema = z
  .string()
  .max(254)
  .transform(normaliseEmail)
  .refine(isValidEmail, 'must be a valid email address');

export const emailOtpSendBodySchema = z.object({
  email: emailSchema,
  visitorId: idText(64),
  visitId: idText(64),
});
export type EmailOtpSendBody = z.infer<typeof emailOtpSendBodySchema>;

/**
 * Ours, beside spec 000 §3's payload (optional, so a spec-literal body is still accepted): the answer
 * to the challenge of an otpProofOfWorkRequired reply while an SMS budget is under pressure.
 */
export const otpProofOfWorkSchema = z.object({
  /** The challenge exactly as the server issued it. */
  challenge: z.string().min(1).max(200),
  /** Found by solveProofOfWork: SHA-256("challenge:nonce") starts with `difficulty` zero bits. */
  nonce: z.string().min(1).max(32),
});
export type OtpProofOfWork = z.infer<typeof otpProofOfWorkSchema>;

/** `response.proofOfWork` of an otpProofOfWorkRequired or otpProofOfWorkInvalid reply. */
export const otpChallengeSchema = z.object({
  challenge: z.string(),
  /** Leading zero bits the hash must have; rises with the pressure on the budget. */
  difficulty: z.number().int(),
  expiresInSeconds: z.number().int(),
});
export type OtpChallenge = z.infer<typeof otpChallengeSchema>;

/** The OTP send's refusals: the spec's error envelope, with the challenge when one is asked for. */
export const otpSendErrorEnvelopeSchema = errorEnvelopeSchema.extend({
  response: z.object({ proofOfWork: otpChallengeSchema }).optional(),
});

export const otpSendBodySchema = z.object({
  mobileNo: mobileNoSchema,
  visitorId: idText(64),
  visitId: idText(64),
  productId: z.union([safeText(64), z.number()]).nullish(),
  event: optionalText(128),
  eventPayload: z.record(z.string(), z.unknown()).nullish(),
  proofOfWork: otpProofOfWorkSchema.nullish(),
});
export type OtpSendBody = z.infer<typeof otpSendBodySchema>;

export const otpSendResponseSchema = z.object({
  /** Seconds until the next send is accepted (30). */
  resendAfterSeconds: z.number().int(),
  /** Seconds the code lives (300). */
  expiresInSeconds: z.number().int(),
  /** Digits in the code (6). */
  otpLength: z.number().int(),
});
export type OtpSendResponse = z.infer<typeof otpSendResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Authorize: POST /SSOSP/api/v1/oauth/authorize (spec 000 §3 "Authorize request", §4 priority)

export const authorizeBodySchema = z.object({
  /** Only code (answered unsupportedResponseType otherwise). */
  response_type: z.string().max(32).nullish(),
  client_id: safeText(128).min(1),
  /** Must equal one of the client's registered redirect URIs exactly. */
  redirect_uri: safeText(2048).min(1),
  /** Echoed unchanged. */
  state: optionalText(1024),
  /** Space-separated scope tokens (SSO_SCOPES); empty means every scope the client has. */
  scope: optionalText(1024),
  auth_type: optionalText(64),
  /** user_credential: an email address or a mobile number. */
  username: optionalText(254),
  mobileNo: z.string().max(16).nullish(),
  /** otp method of JOURNEY_EMAIL_OTP: the address the code was emailed to (instead of mobileNo). */
  email: z.string().max(254).nullish(),
  visitorId: idText(64).nullish(),
  visitId: idText(64).nullish(),
  otp: z.string().max(16).nullish(),
  /** glss_key method: the site the key was minted for. */
  siteId: z.union([z.number().int(), siteIdHeaderSchema]).nullish(),
  glss_key: z.string().max(256).nullish(),
  /** auth_token method: a signed JWT (see the report / SSO docs). */
  auth_token: z.string().max(4096).nullish(),
  glss_token: z.string().max(256).nullish(),
  socialProviderId: optionalText(64),
  /** social_truecaller: the approved caller-identification requestNonce. */
  social_token: z.string().max(256).nullish(),
  /** 20 characters or fewer: sealForSite(siteKey, 'password', password); longer: as typed. */
  password: z.string().max(1024).nullish(),
  enableWhatsappAlert: looseFlag,
  version: z.union([safeText(16), z.number()]).nullish(),
  /** PKCE (RFC 7636): S256 only. */
  code_challenge: z
    .string()
    .regex(/^[A-Za-z0-9._~-]{43,128}$/, 'must be 43-128 characters of [A-Za-z0-9._~-]')
    .nullish(),
  code_challenge_method: z.literal('S256').nullish(),
  /** 1 on the OTP step that follows an mfaRequired answer (spec 000 §4). */
  force_redirect: looseFlag,
  source_site_id: z.union([z.number().int(), siteIdHeaderSchema]).nullish(),
  journey_type: z.enum(JOURNEY_TYPES).nullish(),
  screen_type: z.union([z.number().int(), z.string().max(4)]).nullish(),
});
export type AuthorizeBody = z.infer<typeof authorizeBodySchema>;

export const authorizeResponseSchema = z.object({
  code: z.string(),
  state: z.string().optional(),
  redirect_uri: z.string(),
  customerId: z.uuid(),
  /** Which method of the priority list signed the customer in. */
  method: z.string(),
  expiresInSeconds: z.number().int(),
});
export type AuthorizeResponse = z.infer<typeof authorizeResponseSchema>;

/**
 * The `response` of an mfaRequired answer (statusCode "mfaRequired", HTTP 401): the mobile number
 * masked to its last four digits ("******3210"), so the page can say where the OTP goes; the
 * journey that typed the number opens the OTP step with it and force_redirect=1, then retries
 * (spec 000 §4). The number is no longer sent sealed under a key every page holds.
 */
export const mfaRequiredResponseSchema = z.object({
  mobileNo: z.string(),
  journey_type: z.literal('JOURNEY_OTP'),
  force_redirect: z.literal(1),
});
export type MfaRequiredResponse = z.infer<typeof mfaRequiredResponseSchema>;

export const mfaRequiredEnvelopeSchema = z.object({
  status: z.literal(false),
  statusCode: z.literal('mfaRequired'),
  statusMessage: z.string(),
  response: mfaRequiredResponseSchema,
});

// ---------------------------------------------------------------------------------------------
// Code exchange: POST /MSP/api/v1/myAccount/getSsoToken?guc=true and /BSP/api/v1/myAccount/ssoLogin

export const ssoTokenBodySchema = z.object({
  authorizationCode: z.string().min(1).max(256),
  /** When sent, must be the customer the code was issued to. */
  customerId: z.uuid().nullish(),
  /** When sent, must equal the redirect_uri of the authorize request. */
  redirect_uri: safeText(2048).nullish(),
  /** Required when the authorize request carried a code_challenge (RFC 7636). */
  code_verifier: z.string().max(128).nullish(),
  /** Ask for a one-time setSSID handoff (response.ssidHandoff) for the calling site. */
  ssidHandoff: z.boolean().nullish(),
});
export type SsoTokenBody = z.infer<typeof ssoTokenBodySchema>;

export const ssoUserSchema = z.object({
  customerId: z.uuid(),
  mobileNo: z.string(),
  visitorId: z.string().nullable(),
  visitId: z.string().nullable(),
  /**
   * spec 001 §7 names this field. It is a reference to the sign-on session bound to the client and
   * its site, never the PB_GLSS_TOKEN value, and it signs nobody in.
   */
  glssToken: z.string(),
});

/** spec 001 §7: response { accessToken, customerId, mobileNo, visitorId, user {…} }. */
export const ssoTokenResponseSchema = z.object({
  accessToken: z.string(),
  customerId: z.uuid(),
  mobileNo: z.string(),
  visitorId: z.string().nullable(),
  /** Seconds the access token lives. */
  expiresIn: z.number().int(),
  tokenType: z.literal('Bearer'),
  scope: z.string(),
  user: ssoUserSchema,
  /** When asked for: the one-time, 60 s value for customer/setSSID?token= (spec 000 §7). */
  ssidHandoff: z.string().optional(),
});
export type SsoTokenResponse = z.infer<typeof ssoTokenResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Sessions

export const logoutQuerySchema = z.object({ redirect_uri: safeText(2048).nullish() });
/** POST oauth/logout (the /logout page): where to go afterwards, checked like the GET's. */
export const logoutBodySchema = z.object({ redirect_uri: safeText(2048).nullish() }).nullish();
export const logoutResponseSchema = z.object({ loggedOut: z.boolean(), redirectUri: z.string().optional() });

export const preferenceQuerySchema = z.object({ mobileNo: mobileNoSchema });
export const preferenceHeadersSchema = z.object({ 'site-id': siteIdHeaderSchema });
/** Only what the sign-in page needs: is the number known, is a password set. */
export const preferenceResponseSchema = z.object({
  registered: z.boolean(),
  passwordSet: z.boolean(),
  /** otp, or mobile_credential when a password is set. */
  preferredMethod: z.enum(['otp', 'mobile_credential']),
});
export type PreferenceResponse = z.infer<typeof preferenceResponseSchema>;

export const setSsidQuerySchema = z.object({
  token: z.string().min(1).max(256),
  'pb-pass-token': z.string().max(8192).nullish(),
});

export const glssKeyBodySchema = z.object({
  /** The site that will redeem the key (its pass token's siteId must match). */
  siteId: z.union([z.number().int(), siteIdHeaderSchema]),
  glss_token: z.string().max(256).nullish(),
});
export const glssKeyResponseSchema = z.object({
  glssKey: z.string(),
  siteId: z.number().int(),
  expiresInSeconds: z.number().int(),
});

// ---------------------------------------------------------------------------------------------
// Caller identification (spec 000 §3 "Caller-identification login payload", §4 statuses)

export const callerIdStatusSchema = z.enum(CALLER_ID_STATUSES);

export const requestNonceSchema = z.string().regex(/^[A-Za-z0-9_-]{16,128}$/, 'must be 16-128 of [A-Za-z0-9_-]');

export const callerIdStartBodySchema = z.object({
  type: optionalText(64),
  /** Client-proposed nonce; the server makes one when absent. */
  requestNonce: requestNonceSchema.nullish(),
  partnerKey: optionalText(256),
  lang: optionalText(16),
  privacyUrl: optionalText(2048),
  termsUrl: optionalText(2048),
  loginPrefix: optionalText(64),
  loginSuffix: optionalText(64),
  ctaPrefix: optionalText(64),
  ctaColor: optionalText(32),
  ctaTextColor: optionalText(32),
  skipOption: optionalText(64),
  btnShape: optionalText(32),
  /** Milliseconds the request lives (spec 000 §9 default 10000). */
  ttl: z.number().int().min(CALLER_ID_MIN_TTL_MS).max(CALLER_ID_MAX_TTL_MS).nullish(),
});
export type CallerIdStartBody = z.infer<typeof callerIdStartBodySchema>;

export const callerIdStartResponseSchema = z.object({
  requestNonce: z.string(),
  status: callerIdStatusSchema,
  expiresInMs: z.number().int(),
  /** What the browser opens to hand the request to the app (the simulator's page locally). */
  appUrl: z.string(),
});
export const callerIdStatusResponseSchema = z.object({
  requestNonce: z.string(),
  status: callerIdStatusSchema,
});
export const callerIdStatusParamsSchema = z.object({ requestNonce: requestNonceSchema });
export const callerIdStatusHeadersSchema = z.object({ 'site-id': siteIdHeaderSchema });

// ---------------------------------------------------------------------------------------------
// OAuth 2.0 authorization server (RFC 6749, RFC 7636, RFC 8414)

export const oauthTokenRequestSchema = z.object({
  grant_type: z.string().max(64),
  code: z.string().max(256).optional(),
  redirect_uri: z.string().max(2048).optional(),
  client_id: z.string().max(128).optional(),
  client_secret: z.string().max(256).optional(),
  code_verifier: z.string().max(256).optional(),
});
export type OAuthTokenRequest = z.infer<typeof oauthTokenRequestSchema>;

export const oauthTokenResponseSchema = z.object({
  access_token: z.string(),
  token_type: z.literal('Bearer'),
  expires_in: z.number().int(),
  scope: z.string(),
});

export const OAUTH_ERROR_CODES = [
  'invalid_request',
  'invalid_client',
  'invalid_grant',
  'unauthorized_client',
  'unsupported_grant_type',
  'invalid_scope',
  'invalid_token',
] as const;
export const oauthErrorSchema = z.object({
  error: z.enum(OAUTH_ERROR_CODES),
  error_description: z.string().optional(),
});
export type OAuthError = z.infer<typeof oauthErrorSchema>;

export const oauthMetadataSchema = z.object({
  issuer: z.string(),
  authorization_endpoint: z.string(),
  token_endpoint: z.string(),
  revocation_endpoint: z.string(),
  userinfo_endpoint: z.string(),
  response_types_supported: z.array(z.string()),
  response_modes_supported: z.array(z.string()),
  grant_types_supported: z.array(z.string()),
  code_challenge_methods_supported: z.array(z.string()),
  token_endpoint_auth_methods_supported: z.array(z.string()),
  revocation_endpoint_auth_methods_supported: z.array(z.string()),
  scopes_supported: z.array(z.string()),
  service_documentation: z.string().optional(),
});

export const oauthUserinfoSchema = z.object({
  sub: z.uuid(),
  customerId: z.uuid(),
  mobileNo: z.string(),
  scope: z.string(),
  client_id: z.string(),
});

/** OTP code shape, for the accounts page's input. */
export const otpCodeSchema = z.string().regex(new RegExp(`^\\d{${OTP_LENGTH}}$`), `must be ${OTP_LENGTH} digits`);
