import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './index.ts';
import { DEV_OTP_PEPPER, DEV_SSO_TOKEN_KEY } from './sso.ts';

const PRODUCTION = {
  PRAVESH_ENV: 'production',
  PRAVESH_SHIELD_KEYS: 'prod=0123456789abcdef0123456789abcdef-live',
  PRAVESH_SITE_CONFIG: JSON.stringify({ '2': { origins: ['https://www.example.in'] } }),
  PRAVESH_COOKIE_KEYS: 'c=live-cookie-key-0123456789',
  PRAVESH_PII_HASH_KEY: 'live-pii-hash-key-0123456789abcdef0123',
  PRAVESH_PII_KEYS: 'pii-2026-11=MDEyMzQ1Njc4OWFiY2RlZjAxMjM0NTY3ODlhYmNkZWY=',
  PRAVESH_SSO_TOKEN_KEYS: 'sso=live-sso-token-key-0123456789abcdef',
  PRAVESH_OTP_PEPPERS: 'otp=live-otp-pepper-0123456789abcdef012',
  PRAVESH_SMS_PROVIDER: 'http',
  PRAVESH_SMS_HTTP_URL: 'https://sms.example.in/send',
};

describe('single sign-on configuration', () => {
  it('has local defaults: demo sites A and B, My Account and the start page as clients, the outbox, dev keys', () => {
    const { sso } = loadConfig({ PORT: '4000' });
    expect(sso.clients.map((client) => [client.clientId, client.siteId, client.redirectUris])).toEqual([
      ['pravesh-demo-site-a', 2, ['http://localhost:4100/', 'http://localhost:4100/sso/callback']],
      ['pravesh-demo-site-b', 7, ['http://localhost:4101/', 'http://localhost:4101/sso/callback']],
      ['pravesh-myaccount', 14, ['http://localhost:4000/myaccount/']],
      ['pravesh-start-page', 11, ['http://localhost:4000/']],
    ]);
    expect(sso.clients[0]!.scopes).toContain('myaccount');
    expect(sso.sms).toEqual({ kind: 'outbox' });
    expect(sso.otp).toEqual({
      ttlSeconds: 300,
      resendAfterSeconds: 30,
      maxAttempts: 5,
      maxSendsPerHour: 5,
      maxSendsPerIpPerHour: 30,
      smsBudgetPerHour: 2000,
      smsPrefixBudgetPerHour: 30,
      smsPrefixDigits: 5,
      proofOfWork: { baseBits: 10, maxBits: 16, ttlSeconds: 120 },
    });
    expect(sso.activeTokenKid).toBe(DEV_SSO_TOKEN_KEY.kid);
    expect(sso.activeOtpPepperKid).toBe(DEV_OTP_PEPPER.kid);
    expect(sso.seedDemoCustomer).toBe(true);
  });

  it('reads clients, keyrings and limits', () => {
    const { sso } = loadConfig({
      PRAVESH_SSO_CLIENTS: JSON.stringify([
        { clientId: 'x', siteId: 3, redirectUris: ['https://x.example.in/cb'], scopes: ['bureau'] },
      ]),
      PRAVESH_SSO_TOKEN_KEYS: 'a=aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa,b=bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb',
      PRAVESH_SSO_TOKEN_ACTIVE_KID: 'b',
      PRAVESH_OTP_IP_LIMIT_PER_HOUR: '12',
      PRAVESH_SSO_SEED_DEMO: '0',
    });
    expect(sso.clients).toEqual([
      {
        clientId: 'x',
        name: 'x',
        siteId: 3,
        redirectUris: ['https://x.example.in/cb'],
        logoutRedirectUris: ['https://x.example.in/'],
        scopes: ['bureau'],
        clientSecret: undefined,
      },
    ]);
    expect(sso.activeTokenKid).toBe('b');
    expect(sso.otp.maxSendsPerIpPerHour).toBe(12);
    expect(sso.seedDemoCustomer).toBe(false);
  });

  it.each([
    [{ PRAVESH_SSO_CLIENTS: '{' }, /not valid JSON/],
    [{ PRAVESH_SSO_CLIENTS: '{}' }, /JSON list/],
    [{ PRAVESH_SSO_CLIENTS: '[{"clientId":"a b","siteId":2,"redirectUris":["https://a/"]}]' }, /clientId/],
    [{ PRAVESH_SSO_CLIENTS: '[{"clientId":"a","siteId":99,"redirectUris":["https://a/"]}]' }, /siteId/],
    [{ PRAVESH_SSO_CLIENTS: '[{"clientId":"a","siteId":2,"redirectUris":[]}]' }, /non-empty/],
    [{ PRAVESH_SSO_CLIENTS: '[{"clientId":"a","siteId":2,"redirectUris":["/relative"]}]' }, /absolute/],
    [{ PRAVESH_SSO_CLIENTS: '[{"clientId":"a","siteId":2,"redirectUris":["https://a/#x"]}]' }, /fragment/],
    [
      { PRAVESH_SSO_CLIENTS: '[{"clientId":"a","siteId":2,"redirectUris":["https://a/"],"clientSecret":"short"}]' },
      /32/,
    ],
    [{ PRAVESH_SSO_TOKEN_KEYS: 'a=short' }, /shorter than 32/],
    [{ PRAVESH_OTP_PEPPER_ACTIVE_KID: 'missing' }, /not in the keyring/],
    [{ PRAVESH_SMS_PROVIDER: 'pigeon' }, /outbox or http/],
    [{ PRAVESH_SMS_PROVIDER: 'http' }, /PRAVESH_SMS_HTTP_URL/],
    [{ PRAVESH_OTP_IP_LIMIT_PER_HOUR: '0' }, /positive integer/],
  ])('refuses bad input %j', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('starts in production only with real SSO keys, peppers and SMS provider', () => {
    expect(loadConfig(PRODUCTION).sso).toMatchObject({ clients: [], signatureKeys: [], seedDemoCustomer: false });
    const without = (key: keyof typeof PRODUCTION) => {
      const env: Record<string, string> = { ...PRODUCTION };
      delete env[key];
      return env;
    };
    expect(() => loadConfig(without('PRAVESH_SSO_TOKEN_KEYS'))).toThrow(/set PRAVESH_SSO_TOKEN_KEYS$/);
    expect(() => loadConfig(without('PRAVESH_OTP_PEPPERS'))).toThrow(/set PRAVESH_OTP_PEPPERS$/);
    expect(() => loadConfig(without('PRAVESH_SMS_PROVIDER'))).toThrow(/real SMS provider/);
  });

  describe('production refuses plain http to gateways and in redirect URIs (RFC 9700 §4.1.3, ASVS V9.1.1)', () => {
    const client = (uri: string, logout?: string) =>
      JSON.stringify([
        { clientId: 'kosh', siteId: 2, redirectUris: [uri], ...(logout ? { logoutRedirectUris: [logout] } : {}) },
      ]);
    it.each([
      [{ PRAVESH_SSO_CLIENTS: client('http://www.example.in/cb') }, 'PRAVESH_SSO_CLIENTS[0].redirectUris[0]'],
      [
        { PRAVESH_SSO_CLIENTS: client('https://www.example.in/cb', 'http://www.example.in/') },
        'PRAVESH_SSO_CLIENTS[0].logoutRedirectUris[0]',
      ],
      [{ PRAVESH_SMS_HTTP_URL: 'http://sms.example.in/send' }, 'PRAVESH_SMS_HTTP_URL'],
      [
        { PRAVESH_EMAIL_PROVIDER: 'http', PRAVESH_EMAIL_HTTP_URL: 'http://mail.example.in/send' },
        'PRAVESH_EMAIL_HTTP_URL',
      ],
      [{ PRAVESH_PUBLIC_URL: 'http://accounts.example.in' }, 'PRAVESH_PUBLIC_URL'],
      // A host that merely starts like loopback is not loopback.
      [{ PRAVESH_SMS_HTTP_URL: 'http://127.0.0.1.example.in/send' }, 'PRAVESH_SMS_HTTP_URL'],
      [{ PRAVESH_SMS_HTTP_URL: 'http://localhost.example.in/send' }, 'PRAVESH_SMS_HTTP_URL'],
    ])('refuses %j, naming the setting and what to use', (env, variable) => {
      const load = () => loadConfig({ ...PRODUCTION, ...env });
      expect(load).toThrow(ConfigError);
      expect(load).toThrow(`${variable} "`);
      expect(load).toThrow(/uses http:\/\/ in production: use https:\/\/ \(plain http is allowed only on loopback/);
    });

    it('takes https everywhere, and http on loopback (a sidecar on the same machine)', () => {
      const config = loadConfig({
        ...PRODUCTION,
        PRAVESH_PUBLIC_URL: 'https://accounts.example.in',
        PRAVESH_SSO_CLIENTS: client('https://www.example.in/cb', 'http://localhost:4100/'),
        PRAVESH_SMS_HTTP_URL: 'http://127.0.0.1:9000/send',
        PRAVESH_EMAIL_PROVIDER: 'http',
        PRAVESH_EMAIL_HTTP_URL: 'http://[::1]:9001/send',
      });
      expect(config.sso.sms).toMatchObject({ url: 'http://127.0.0.1:9000/send' });
      expect(config.sso.email).toMatchObject({ url: 'http://[::1]:9001/send' });
      expect(config.sso.clients[0]!.redirectUris).toEqual(['https://www.example.in/cb']);
    });

    it('leaves other environments their http demo set-ups', () => {
      const staging = loadConfig({
        ...PRODUCTION,
        PRAVESH_ENV: 'staging',
        PRAVESH_PUBLIC_URL: 'http://accounts.staging.example.in',
        PRAVESH_SSO_CLIENTS: client('http://www.staging.example.in/cb'),
        PRAVESH_SMS_HTTP_URL: 'http://sms.staging.example.in/send',
      });
      expect(staging.sso.clients[0]!.redirectUris).toEqual(['http://www.staging.example.in/cb']);
    });
  });
});
