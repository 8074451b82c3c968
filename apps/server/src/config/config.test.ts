import { describe, expect, it } from 'vitest';
import { ENVIRONMENTS } from '@pravesh/core';
import { TEST_DEPLOYMENT_SECRETS } from '../test/secrets.ts';
import { ConfigError, DEV_COOKIE_KEY, DEV_PII_HASH_KEY, DEV_SHIELD_KEY, loadConfig } from './index.ts';
import { DEV_OTP_PEPPER, DEV_SSO_SIGNATURE_KEY, DEV_SSO_TOKEN_KEY } from './sso.ts';

const PRODUCTION_KEYS = 'prod-2026-11=0123456789abcdef0123456789abcdef-live';
const PRODUCTION_SITES = JSON.stringify({ '2': { origins: ['https://www.example.in'] } });
const PRODUCTION_COOKIE = {
  PRAVESH_COOKIE_KEYS: 'cookie-2026-11=live-cookie-key-0123456789',
  PRAVESH_PII_HASH_KEY: 'live-pii-hash-key-0123456789abcdef0123',
  PRAVESH_PII_KEYS: 'pii-2026-11=MDEyMzQ1Njc4OWFiY2RlZjAxMjM0NTY3ODlhYmNkZWY=',
  // Single sign-on: production refuses the development SSO keys and the SMS outbox.
  PRAVESH_SSO_TOKEN_KEYS: 'sso-2026-11=live-sso-token-key-0123456789abcdef',
  PRAVESH_OTP_PEPPERS: 'otp-2026-11=live-otp-pepper-0123456789abcdef012',
  PRAVESH_SMS_PROVIDER: 'http',
  PRAVESH_SMS_HTTP_URL: 'https://sms.example.in/send',
};

describe('configuration', () => {
  it('defaults to the local environment on port 4000 with PGlite under ./.data', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ environment: 'local', port: 4000, host: '127.0.0.1', databaseUrl: undefined });
    expect(config.dataDir.endsWith('.data')).toBe(true);
    expect(config.sites.size).toBe(26);
    expect(config.sites.get(2)).toMatchObject({
      passTokenValidity: 900,
      origins: ['http://localhost:4100'],
      includeSubdomain: false,
    });
  });

  it('reads every variable the issue names', () => {
    const config = loadConfig({
      PORT: '5000',
      HOST: '0.0.0.0',
      PRAVESH_ENV: 'staging',
      PRAVESH_PII_KEYS: 'pii-2026-11=MDEyMzQ1Njc4OWFiY2RlZjAxMjM0NTY3ODlhYmNkZWY=',
      PRAVESH_DATA_DIR: '/var/lib/pravesh',
      DATABASE_URL: 'postgres://db/pravesh',
      REDIS_URL: 'redis://cache:6379',
      ...TEST_DEPLOYMENT_SECRETS,
      PRAVESH_SHIELD_KEYS: 'a=aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa,b=bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb',
      PRAVESH_SHIELD_ACTIVE_KID: 'b',
    });
    expect(config).toMatchObject({
      port: 5000,
      host: '0.0.0.0',
      environment: 'staging',
      dataDir: '/var/lib/pravesh',
      databaseUrl: 'postgres://db/pravesh',
      redisUrl: 'redis://cache:6379',
      activeShieldKid: 'b',
    });
    expect(config.shieldKeys.map((key) => key.kid)).toEqual(['a', 'b']);
  });

  it.each([
    [
      { PRAVESH_ENV: 'prod' },
      /PRAVESH_ENV must be one of development, development_int, fte, staging, local, production/,
    ],
    [{ PORT: 'eighty' }, /not a port number/],
    [{ PRAVESH_SHIELD_KEYS: 'nokid' }, /kid=secret/],
    [{ PRAVESH_SHIELD_KEYS: 'a=short' }, /shorter than 32/],
    [{ PRAVESH_SHIELD_ACTIVE_KID: 'missing' }, /not in the keyring/],
    [{ PRAVESH_SITE_CONFIG: '{' }, /not valid JSON/],
    [{ PRAVESH_SITE_CONFIG: '{"99":{}}' }, /unknown site id 99/],
    [{ PRAVESH_SITE_CONFIG: '{"2":{"origins":["not a url"]}}' }, /is not an origin/],
  ])('refuses bad input %j', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('refuses to start in production with the development shield key or without site origins', () => {
    expect(() =>
      loadConfig({ PRAVESH_ENV: 'production', PRAVESH_SITE_CONFIG: PRODUCTION_SITES, ...PRODUCTION_COOKIE }),
    ).toThrow(/set PRAVESH_SHIELD_KEYS$/);
    expect(() =>
      loadConfig({
        PRAVESH_ENV: 'production',
        PRAVESH_SITE_CONFIG: PRODUCTION_SITES,
        ...PRODUCTION_COOKIE,
        PRAVESH_SHIELD_KEYS: `x=${DEV_SHIELD_KEY.secret}`,
      }),
    ).toThrow(/set PRAVESH_SHIELD_KEYS$/);
    expect(() =>
      loadConfig({ PRAVESH_ENV: 'production', PRAVESH_SHIELD_KEYS: PRODUCTION_KEYS, ...PRODUCTION_COOKIE }),
    ).toThrow(/site origins/);
    const config = loadConfig({
      PRAVESH_ENV: 'production',
      PRAVESH_SHIELD_KEYS: PRODUCTION_KEYS,
      PRAVESH_SITE_CONFIG: PRODUCTION_SITES,
      ...PRODUCTION_COOKIE,
    });
    // spec 000 §9: defaultAuthentication true only in production; includeSubdomain varies by environment.
    expect(config.sites.get(2)).toMatchObject({ defaultAuthentication: true, includeSubdomain: true });
  });

  it('reads the visitor cookie keyring and domain, and refuses their development defaults in production', () => {
    const local = loadConfig({});
    expect(local.cookieKeys).toEqual([DEV_COOKIE_KEY]);
    expect(local).toMatchObject({ activeCookieKid: DEV_COOKIE_KEY.kid, cookieDomain: undefined });
    const rotated = loadConfig({
      PRAVESH_COOKIE_KEYS: 'old=0123456789abcdef-old,new=0123456789abcdef-new',
      PRAVESH_COOKIE_ACTIVE_KID: 'new',
      PRAVESH_COOKIE_DOMAIN: '.example.in',
    });
    expect(rotated.cookieKeys.map((key) => key.kid)).toEqual(['old', 'new']);
    expect(rotated).toMatchObject({ activeCookieKid: 'new', cookieDomain: '.example.in' });
    expect(() => loadConfig({ PRAVESH_COOKIE_KEYS: 'a=short' })).toThrow(/cookie key a is shorter than 16/);
    expect(() => loadConfig({ PRAVESH_COOKIE_ACTIVE_KID: 'nope' })).toThrow(/PRAVESH_COOKIE_ACTIVE_KID/);
    expect(() => loadConfig({ PRAVESH_COOKIE_DOMAIN: 'example.in; Secure' })).toThrow(/not a domain name/);
    expect(() => loadConfig({ PRAVESH_PII_HASH_KEY: 'short' })).toThrow(/PRAVESH_PII_HASH_KEY/);

    const production = {
      PRAVESH_ENV: 'production',
      PRAVESH_SHIELD_KEYS: PRODUCTION_KEYS,
      PRAVESH_SITE_CONFIG: PRODUCTION_SITES,
    };
    expect(() => loadConfig({ ...production, ...PRODUCTION_COOKIE, PRAVESH_COOKIE_KEYS: undefined })).toThrow(
      /set PRAVESH_COOKIE_KEYS$/,
    );
    expect(() =>
      loadConfig({
        ...production,
        ...PRODUCTION_COOKIE,
        PRAVESH_COOKIE_KEYS: `old=${DEV_COOKIE_KEY.secret},${PRODUCTION_COOKIE.PRAVESH_COOKIE_KEYS}`,
        PRAVESH_COOKIE_ACTIVE_KID: 'cookie-2026-11',
      }),
    ).toThrow(/set PRAVESH_COOKIE_KEYS$/);
    expect(() => loadConfig({ ...production, ...PRODUCTION_COOKIE, PRAVESH_PII_HASH_KEY: undefined })).toThrow(
      /set PRAVESH_PII_HASH_KEY$/,
    );
    expect(loadConfig({ ...production, ...PRODUCTION_COOKIE }).environment).toBe('production');
    // Production never shows simulated credit scores; without a bureau it has none.
    expect(loadConfig({ ...production, ...PRODUCTION_COOKIE }).bureau.kind).toBe('none');
    expect(() => loadConfig({ ...production, ...PRODUCTION_COOKIE, PRAVESH_BUREAU_PROVIDER: 'simulator' })).toThrow(
      /production refuses the simulated credit bureau/,
    );
  });

  /** Only `local` may run on the keys written in this source. */
  describe('outside local, every environment needs its own secrets', () => {
    const ALL = [
      'PRAVESH_SHIELD_KEYS',
      'PRAVESH_COOKIE_KEYS',
      'PRAVESH_PII_HASH_KEY',
      'PRAVESH_PII_KEYS',
      'PRAVESH_SSO_TOKEN_KEYS',
      'PRAVESH_OTP_PEPPERS',
    ];
    const shared = ENVIRONMENTS.filter((environment) => environment !== 'local');

    it('lists the environments the spec names', () => {
      expect(shared).toEqual(['development', 'development_int', 'fte', 'staging', 'production']);
    });

    it.each(shared)('%s refuses to start without them and names exactly the missing ones', (environment) => {
      const message = (env: Record<string, string | undefined>) => {
        try {
          loadConfig({ PRAVESH_ENV: environment, PRAVESH_SITE_CONFIG: PRODUCTION_SITES, ...env });
        } catch (error) {
          expect(error).toBeInstanceOf(ConfigError);
          return (error as Error).message;
        }
        return 'started';
      };
      expect(message({})).toBe(
        `PRAVESH_ENV=${environment} needs its own secrets (the built-in development ones are for ` +
          `PRAVESH_ENV=local only): set ${ALL.join(', ')}`,
      );
      // One missing: only that one is named.
      for (const variable of ALL) {
        expect(message({ ...TEST_DEPLOYMENT_SECRETS, [variable]: undefined })).toMatch(
          new RegExp(`: set ${variable}$`),
        );
      }
      // A built-in key written into the variable counts as missing, even beside a real one.
      expect(
        message({
          ...TEST_DEPLOYMENT_SECRETS,
          PRAVESH_SHIELD_KEYS: `own=${'s'.repeat(40)},old=${DEV_SHIELD_KEY.secret}`,
          PRAVESH_PII_HASH_KEY: DEV_PII_HASH_KEY,
          PRAVESH_SSO_TOKEN_KEYS: `x=${DEV_SSO_TOKEN_KEY.secret}`,
          PRAVESH_OTP_PEPPERS: `x=${DEV_OTP_PEPPER.secret}`,
          PRAVESH_SSO_SIGNATURE_KEYS: `x=${DEV_SSO_SIGNATURE_KEY.secret}`,
        }),
      ).toMatch(
        /: set PRAVESH_SHIELD_KEYS, PRAVESH_PII_HASH_KEY, PRAVESH_SSO_TOKEN_KEYS, PRAVESH_OTP_PEPPERS, PRAVESH_SSO_SIGNATURE_KEYS$/,
      );
      const production =
        environment === 'production'
          ? { PRAVESH_SMS_PROVIDER: 'http', PRAVESH_SMS_HTTP_URL: 'https://sms.example.in/' }
          : {};
      const config = loadConfig({
        PRAVESH_ENV: environment,
        PRAVESH_SITE_CONFIG: PRODUCTION_SITES,
        ...TEST_DEPLOYMENT_SECRETS,
        ...production,
      });
      // No back-end may sign auth_token with a built-in key, and the development aids are off.
      expect(config).toMatchObject({ environment, devRoutes: false });
      expect(config.sso.signatureKeys).toEqual([]);
    });

    it('local starts on the built-in keys with the development aids', () => {
      const config = loadConfig({ PRAVESH_ENV: 'local' });
      expect(config).toMatchObject({ environment: 'local', devRoutes: true, piiHashKey: DEV_PII_HASH_KEY });
      expect(config.shieldKeys).toEqual([DEV_SHIELD_KEY]);
      expect(config.sso.signatureKeys).toEqual([DEV_SSO_SIGNATURE_KEY]);
    });
  });

  it('reads a separate migration URL, which needs DATABASE_URL', () => {
    expect(loadConfig({}).migrationDatabaseUrl).toBeUndefined();
    expect(
      loadConfig({
        DATABASE_URL: 'postgres://app@db/pravesh',
        PRAVESH_MIGRATION_DATABASE_URL: 'postgres://owner@db/pravesh',
      }),
    ).toMatchObject({ databaseUrl: 'postgres://app@db/pravesh', migrationDatabaseUrl: 'postgres://owner@db/pravesh' });
    expect(() => loadConfig({ PRAVESH_MIGRATION_DATABASE_URL: 'postgres://owner@db/pravesh' })).toThrow(
      /PRAVESH_MIGRATION_DATABASE_URL needs DATABASE_URL/,
    );
  });
});
