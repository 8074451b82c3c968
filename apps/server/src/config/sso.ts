import { AUTHORIZATION_CODE_TTL_SECONDS, SSO_SCOPES, type Environment } from '@pravesh/core';
import { ConfigError, DEMO_ORIGINS, assertHttpsInProduction, normaliseOrigin, type ShieldKey } from './shared.ts';

/**
 * Single sign-on configuration, read from environment variables by loadConfig():
 *
 * - PRAVESH_SSO_CLIENTS            JSON list of clients (see SsoClient); local default: demo sites A and B, My Account
 * - PRAVESH_SSO_TOKEN_KEYS         "kid=secret,…" HS256 keys for access tokens; PRAVESH_SSO_TOKEN_ACTIVE_KID signs
 * - PRAVESH_OTP_PEPPERS            "kid=secret,…" HMAC peppers for OTP codes; PRAVESH_OTP_PEPPER_ACTIVE_KID hashes new ones
 * - PRAVESH_SSO_SIGNATURE_KEYS     "kid=secret,…" keys of trusted back-ends that sign auth_token (method auth_token)
 * - PRAVESH_SSO_SESSION_TTL_SECONDS   session (PB_GLSS_TOKEN) life, default 30 days
 * - PRAVESH_SSO_ACCESS_TOKEN_TTL_SECONDS  access token life, default 900
 * - PRAVESH_OTP_IP_LIMIT_PER_HOUR  OTP sends per client IP per hour, default 30
 * - PRAVESH_SMS_BUDGET_PER_HOUR    SMS OTP sends per hour across every number and instance, default 2000
 * - PRAVESH_SMS_PREFIX_BUDGET_PER_HOUR  SMS OTP sends per hour to numbers sharing their first
 *                                  PRAVESH_SMS_PREFIX_DIGITS digits (default 5), default 30
 * - PRAVESH_SMS_PROVIDER           outbox (local simulator, refused in production) | http (a gateway webhook)
 * - PRAVESH_SMS_HTTP_URL, PRAVESH_SMS_HTTP_TOKEN   the http provider's endpoint and bearer token
 * - PRAVESH_SMS_OTP_TEMPLATE_ID    the registered (DLT) template id of the OTP message
 * - PRAVESH_SMS_CHANGE_TEMPLATE_ID the registered (DLT) template id of the SMS confirming a new mobile number
 * - PRAVESH_EMAIL_PROVIDER         outbox (local simulator, refused in production) | http (a mail webhook) |
 *                                  disabled (no email OTP; the default in production)
 * - PRAVESH_EMAIL_HTTP_URL, PRAVESH_EMAIL_HTTP_TOKEN   the http provider's endpoint and bearer token
 * - PRAVESH_RATE_LIMIT_PREFIX      key prefix of the rate limits in Redis and the database
 * - PRAVESH_SSO_SEED_DEMO          0 to skip the demo customer (9876543210) outside production
 *
 * Every environment but `local` refuses the development keys and peppers below (config/index.ts
 * assertOwnSecrets); production also refuses the outbox SMS simulator, and plain http (but on
 * loopback) in the gateways' URLs and the clients' redirect URIs (shared.ts assertHttpsInProduction).
 */

export interface SsoClient {
  readonly clientId: string;
  readonly name: string;
  /** The site whose pages run this client; the exchange must come with a pass token of this site. */
  readonly siteId: number;
  /** Registered redirect URIs, compared character for character (RFC 6749 §3.1.2.3, RFC 9700 §4.1.3). */
  readonly redirectUris: readonly string[];
  /** Where oauth/logout may send the browser (compared on origin and path). */
  readonly logoutRedirectUris: readonly string[];
  readonly scopes: readonly string[];
  /** Confidential clients authenticate at the token endpoint; public clients must use PKCE. */
  readonly clientSecret?: string | undefined;
}

export type SmsProviderConfig =
  { readonly kind: 'outbox' } | { readonly kind: 'http'; readonly url: string; readonly token: string | undefined };

export type EmailProviderConfig =
  | { readonly kind: 'outbox' | 'disabled' }
  | { readonly kind: 'http'; readonly url: string; readonly token: string | undefined };

export interface SsoConfig {
  readonly clients: readonly SsoClient[];
  readonly tokenKeys: readonly ShieldKey[];
  readonly activeTokenKid: string;
  readonly otpPeppers: readonly ShieldKey[];
  readonly activeOtpPepperKid: string;
  readonly signatureKeys: readonly ShieldKey[];
  readonly sessionTtlSeconds: number;
  readonly accessTokenTtlSeconds: number;
  readonly codeTtlSeconds: number;
  readonly otp: {
    readonly ttlSeconds: number;
    readonly resendAfterSeconds: number;
    readonly maxAttempts: number;
    readonly maxSendsPerHour: number;
    readonly maxSendsPerIpPerHour: number;
    /** SMS pumping guards: a global and a per-number-prefix hourly budget. */
    readonly smsBudgetPerHour: number;
    readonly smsPrefixBudgetPerHour: number;
    readonly smsPrefixDigits: number;
    /**
     * A budget under pressure asks for a proof of work instead of refusing (README "OTP"): of
     * baseBits at the budget, one bit more each time the sends double, at most maxBits.
     */
    readonly proofOfWork: { readonly baseBits: number; readonly maxBits: number; readonly ttlSeconds: number };
  };
  readonly sms: SmsProviderConfig;
  readonly smsOtpTemplateId: string;
  /** The registered (DLT) template of the SMS confirming a new mobile number. */
  readonly smsChangeTemplateId: string;
  /** JOURNEY_EMAIL_OTP's mail provider. */
  readonly email: EmailProviderConfig;
  readonly rateLimitPrefix: string;
  readonly seedDemoCustomer: boolean;
}

export const DEV_SSO_TOKEN_KEY: ShieldKey = {
  kid: 'dev-sso-2026-11',
  secret: 'pravesh-development-sso-token-key-not-for-production',
};
export const DEV_OTP_PEPPER: ShieldKey = {
  kid: 'dev-otp-2026-11',
  secret: 'pravesh-development-otp-pepper-not-for-production',
};
export const DEV_SSO_SIGNATURE_KEY: ShieldKey = {
  kid: 'dev-signature-2026-11',
  secret: 'pravesh-development-auth-token-signing-key-not-for-production',
};

type Env = Record<string, string | undefined>;

function keyring(variable: string, raw: string | undefined, fallback: ShieldKey[]): ShieldKey[] {
  if (!raw) return fallback;
  return raw.split(',').map((pair) => {
    const [kid, secret] = pair.split('=', 2).map((part) => part.trim());
    if (!kid || !secret) throw new ConfigError(`${variable} must look like "kid=secret,kid2=secret2"`);
    if (secret.length < 32) throw new ConfigError(`${variable} key ${kid} is shorter than 32 characters`);
    return { kid, secret };
  });
}

function activeKid(variable: string, raw: string | undefined, keys: readonly ShieldKey[]): string {
  const kid = raw ?? keys[0]?.kid ?? '';
  if (!keys.some((key) => key.kid === kid)) throw new ConfigError(`${variable} "${kid}" is not in the keyring`);
  return kid;
}

function positiveInt(variable: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) throw new ConfigError(`${variable} must be a positive integer`);
  return value;
}

/** A redirect URI must be absolute, without a fragment (RFC 6749 §3.1.2), and https in production. */
function redirectUri(value: unknown, where: string, environment: Environment): string {
  if (typeof value !== 'string') throw new ConfigError(`${where} must be a string`);
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigError(`${where} "${value}" is not an absolute URI`);
  }
  if (url.hash !== '' || value.includes('#')) throw new ConfigError(`${where} "${value}" must not have a fragment`);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new ConfigError(`${where} must be http(s)`);
  assertHttpsInProduction(value, where, environment);
  return value;
}

/** The public client of the API host's start page (outside production only). */
export const START_PAGE_CLIENT_ID = 'pravesh-start-page';

function defaultClients(environment: Environment, publicUrl: string): SsoClient[] {
  if (environment === 'production') return [];
  const scopes = [...SSO_SCOPES];
  return [
    {
      clientId: 'pravesh-demo-site-a',
      name: 'Demo site A',
      siteId: 2,
      redirectUris: [`${DEMO_ORIGINS.siteA}/`, `${DEMO_ORIGINS.siteA}/sso/callback`],
      logoutRedirectUris: [`${DEMO_ORIGINS.siteA}/`],
      scopes,
    },
    {
      clientId: 'pravesh-demo-site-b',
      name: 'Demo site B',
      siteId: 7,
      redirectUris: [`${DEMO_ORIGINS.siteB}/`, `${DEMO_ORIGINS.siteB}/sso/callback`],
      logoutRedirectUris: [`${DEMO_ORIGINS.siteB}/`],
      scopes,
    },
    {
      clientId: 'pravesh-myaccount',
      name: 'My Account',
      siteId: 14,
      redirectUris: [`${publicUrl}/myaccount/`],
      logoutRedirectUris: [`${publicUrl}/myaccount/`, `${publicUrl}/`],
      scopes,
    },
    {
      // The API host's start page runs the login link end to end for integrators: it makes the
      // PKCE pair, opens /authorize and exchanges the code at the token endpoint (decision 0001).
      clientId: START_PAGE_CLIENT_ID,
      name: 'Pravesh developer start page',
      siteId: 11,
      redirectUris: [`${publicUrl}/`],
      logoutRedirectUris: [`${publicUrl}/`],
      scopes,
    },
  ];
}

function parseClients(raw: string | undefined, environment: Environment, publicUrl: string): SsoClient[] {
  if (!raw) return defaultClients(environment, publicUrl);
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new ConfigError('PRAVESH_SSO_CLIENTS is not valid JSON');
  }
  if (!Array.isArray(parsed)) throw new ConfigError('PRAVESH_SSO_CLIENTS must be a JSON list of clients');
  const seen = new Set<string>();
  return parsed.map((item: unknown, index): SsoClient => {
    const where = `PRAVESH_SSO_CLIENTS[${index}]`;
    if (typeof item !== 'object' || item === null) throw new ConfigError(`${where} must be an object`);
    const client = item as Record<string, unknown>;
    const clientId = client.clientId;
    if (typeof clientId !== 'string' || !/^[A-Za-z0-9._-]{1,128}$/.test(clientId)) {
      throw new ConfigError(`${where}.clientId must be 1-128 of [A-Za-z0-9._-]`);
    }
    if (seen.has(clientId)) throw new ConfigError(`${where}.clientId ${clientId} is listed twice`);
    seen.add(clientId);
    const siteId = client.siteId;
    if (typeof siteId !== 'number' || !Number.isInteger(siteId) || siteId < 1 || siteId > 26) {
      throw new ConfigError(`${where}.siteId must be a site id 1-26`);
    }
    if (!Array.isArray(client.redirectUris) || client.redirectUris.length === 0) {
      throw new ConfigError(`${where}.redirectUris must be a non-empty list`);
    }
    const redirectUris = client.redirectUris.map((uri, i) =>
      redirectUri(uri, `${where}.redirectUris[${i}]`, environment),
    );
    const logout = Array.isArray(client.logoutRedirectUris)
      ? client.logoutRedirectUris.map((uri, i) => redirectUri(uri, `${where}.logoutRedirectUris[${i}]`, environment))
      : redirectUris.map((uri) => `${normaliseOrigin(uri)}/`);
    const scopes = client.scopes === undefined ? [...SSO_SCOPES] : client.scopes;
    if (
      !Array.isArray(scopes) ||
      scopes.some((scope) => typeof scope !== 'string' || !/^[\x21\x23-\x5B\x5D-\x7E]+$/.test(scope))
    ) {
      throw new ConfigError(`${where}.scopes must be a list of scope tokens`);
    }
    const secret = client.clientSecret;
    if (secret !== undefined && (typeof secret !== 'string' || secret.length < 32)) {
      throw new ConfigError(`${where}.clientSecret must be at least 32 characters`);
    }
    return {
      clientId,
      name: typeof client.name === 'string' ? client.name : clientId,
      siteId,
      redirectUris,
      logoutRedirectUris: logout,
      scopes: scopes as string[],
      clientSecret: secret,
    };
  });
}

function parseSms(env: Env, environment: Environment): SmsProviderConfig {
  const kind = env.PRAVESH_SMS_PROVIDER ?? 'outbox';
  if (kind === 'outbox') return { kind };
  if (kind === 'http') {
    const url = env.PRAVESH_SMS_HTTP_URL;
    if (!url || !/^https?:\/\//.test(url)) throw new ConfigError('PRAVESH_SMS_HTTP_URL must be an http(s) URL');
    assertHttpsInProduction(url, 'PRAVESH_SMS_HTTP_URL', environment);
    return { kind, url, token: env.PRAVESH_SMS_HTTP_TOKEN || undefined };
  }
  throw new ConfigError('PRAVESH_SMS_PROVIDER must be outbox or http');
}

function parseEmail(env: Env, environment: Environment): EmailProviderConfig {
  const kind = env.PRAVESH_EMAIL_PROVIDER ?? (environment === 'production' ? 'disabled' : 'outbox');
  if (kind === 'outbox' || kind === 'disabled') return { kind };
  if (kind === 'http') {
    const url = env.PRAVESH_EMAIL_HTTP_URL;
    if (!url || !/^https?:\/\//.test(url)) throw new ConfigError('PRAVESH_EMAIL_HTTP_URL must be an http(s) URL');
    assertHttpsInProduction(url, 'PRAVESH_EMAIL_HTTP_URL', environment);
    return { kind, url, token: env.PRAVESH_EMAIL_HTTP_TOKEN || undefined };
  }
  throw new ConfigError('PRAVESH_EMAIL_PROVIDER must be outbox, http or disabled');
}

export function loadSsoConfig(env: Env, environment: Environment, publicUrl: string): SsoConfig {
  const tokenKeys = keyring('PRAVESH_SSO_TOKEN_KEYS', env.PRAVESH_SSO_TOKEN_KEYS, [DEV_SSO_TOKEN_KEY]);
  const otpPeppers = keyring('PRAVESH_OTP_PEPPERS', env.PRAVESH_OTP_PEPPERS, [DEV_OTP_PEPPER]);
  const production = environment === 'production';
  const config: SsoConfig = {
    clients: parseClients(env.PRAVESH_SSO_CLIENTS, environment, publicUrl),
    tokenKeys,
    activeTokenKid: activeKid('PRAVESH_SSO_TOKEN_ACTIVE_KID', env.PRAVESH_SSO_TOKEN_ACTIVE_KID, tokenKeys),
    otpPeppers,
    activeOtpPepperKid: activeKid('PRAVESH_OTP_PEPPER_ACTIVE_KID', env.PRAVESH_OTP_PEPPER_ACTIVE_KID, otpPeppers),
    // No back-end may sign auth_token outside `local` until one is configured (    // the built-in key let anyone who reads the source sign anyone in).
    signatureKeys: keyring(
      'PRAVESH_SSO_SIGNATURE_KEYS',
      env.PRAVESH_SSO_SIGNATURE_KEYS,
      environment === 'local' ? [DEV_SSO_SIGNATURE_KEY] : [],
    ),
    sessionTtlSeconds: positiveInt('PRAVESH_SSO_SESSION_TTL_SECONDS', env.PRAVESH_SSO_SESSION_TTL_SECONDS, 30 * 86_400),
    accessTokenTtlSeconds: positiveInt(
      'PRAVESH_SSO_ACCESS_TOKEN_TTL_SECONDS',
      env.PRAVESH_SSO_ACCESS_TOKEN_TTL_SECONDS,
      900,
    ),
    codeTtlSeconds: AUTHORIZATION_CODE_TTL_SECONDS,
    otp: {
      ttlSeconds: 300,
      resendAfterSeconds: 30,
      maxAttempts: 5,
      maxSendsPerHour: 5,
      maxSendsPerIpPerHour: positiveInt('PRAVESH_OTP_IP_LIMIT_PER_HOUR', env.PRAVESH_OTP_IP_LIMIT_PER_HOUR, 30),
      smsBudgetPerHour: positiveInt('PRAVESH_SMS_BUDGET_PER_HOUR', env.PRAVESH_SMS_BUDGET_PER_HOUR, 2000),
      smsPrefixBudgetPerHour: positiveInt(
        'PRAVESH_SMS_PREFIX_BUDGET_PER_HOUR',
        env.PRAVESH_SMS_PREFIX_BUDGET_PER_HOUR,
        30,
      ),
      smsPrefixDigits: Math.min(9, positiveInt('PRAVESH_SMS_PREFIX_DIGITS', env.PRAVESH_SMS_PREFIX_DIGITS, 5)),
      // 10 bits: about 1,000 SHA-256 hashes, 30–100 ms in Chromium at 4× CPU throttling (a mid-range
      // phone; e2e sign-in-under-pressure.spec.ts); 16 bits, at 64 times a budget, about 2 s.
      proofOfWork: { baseBits: 10, maxBits: 16, ttlSeconds: 120 },
    },
    sms: parseSms(env, environment),
    smsOtpTemplateId: env.PRAVESH_SMS_OTP_TEMPLATE_ID ?? 'pravesh-otp-login',
    smsChangeTemplateId: env.PRAVESH_SMS_CHANGE_TEMPLATE_ID ?? 'pravesh-otp-contact-change',
    email: parseEmail(env, environment),
    rateLimitPrefix: env.PRAVESH_RATE_LIMIT_PREFIX ?? 'pravesh:rl:',
    seedDemoCustomer: !production && env.PRAVESH_SSO_SEED_DEMO !== '0',
  };
  return config;
}

/**
 * The SSO secrets loadConfig requires outside `local`, each with whether its value
 * is a built-in one. PRAVESH_SSO_SIGNATURE_KEYS is optional there (no back-end may sign
 * auth_token until one is set) but may never be the built-in key: that is how auth_token was forged.
 */
export function ssoBuiltInSecrets(config: SsoConfig): [variable: string, builtIn: boolean][] {
  return [
    ['PRAVESH_SSO_TOKEN_KEYS', config.tokenKeys.some((key) => key.secret === DEV_SSO_TOKEN_KEY.secret)],
    ['PRAVESH_OTP_PEPPERS', config.otpPeppers.some((key) => key.secret === DEV_OTP_PEPPER.secret)],
    ['PRAVESH_SSO_SIGNATURE_KEYS', config.signatureKeys.some((key) => key.secret === DEV_SSO_SIGNATURE_KEY.secret)],
  ];
}

/** Called by loadConfig's production check, after the secrets were checked (ssoBuiltInSecrets). */
export function assertSsoProductionReady(config: SsoConfig): void {
  if (config.sms.kind === 'outbox') {
    throw new ConfigError(
      'production needs a real SMS provider: set PRAVESH_SMS_PROVIDER=http and PRAVESH_SMS_HTTP_URL',
    );
  }
  if (config.email.kind === 'outbox') {
    throw new ConfigError('production refuses the email outbox: set PRAVESH_EMAIL_PROVIDER=http (or disabled)');
  }
}
