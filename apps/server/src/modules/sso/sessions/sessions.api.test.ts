import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../../../test/instance.ts';
import { authorize, sessionCookie, signInWithOtp, ssoServer, type SsoTestServer } from '../../../test/customers.ts';

const GIF_MAGIC = 'GIF89a';

describe.each(DATABASE_KINDS)('sessions on %s', (kind) => {
  let server: SsoTestServer;
  let n = 0;
  const nextMobile = () => `95${String(10_000_000 + n++).slice(-8)}`;

  beforeAll(async () => {
    server = await ssoServer(kind, { env: { PRAVESH_OTP_IP_LIMIT_PER_HOUR: '1000' } });
  });
  afterAll(() => server?.close());

  describe('oauth/logout', () => {
    it('revokes the session, clears both cookies and redirects to an allow-listed URI', async () => {
      const signedIn = await signInWithOtp(server, nextMobile());
      const cookie = sessionCookie(signedIn);
      const reply = await server.app.inject({
        url: `/SSOSP/api/v1/oauth/logout?redirect_uri=${encodeURIComponent('http://localhost:4100/?logout=true')}`,
        headers: { cookie },
      });
      expect(reply.statusCode).toBe(302);
      expect(reply.headers.location).toBe('http://localhost:4100/?logout=true');
      expect(reply.headers['set-cookie']).toEqual([
        'PB_GLSS_TOKEN_DEV=; Max-Age=0; Path=/; SameSite=Lax; HttpOnly',
        'PB_GLSS_TOKEN_EXISTS_DEV=; Max-Age=0; Path=/; SameSite=Lax',
      ]);
      const after = await authorize(server, {}, { cookie });
      expect(after.json()).toMatchObject({ statusCode: 'sessionInvalid' });
    });

    it.each([
      'https://evil.example/',
      'http://localhost:4100.evil.example/',
      '//evil.example/',
      'javascript:alert(1)',
      'http://localhost:4100/elsewhere',
    ])('refuses redirect_uri %s without logging out', async (target) => {
      const signedIn = await signInWithOtp(server, nextMobile());
      const cookie = sessionCookie(signedIn);
      const reply = await server.app.inject({
        url: `/SSOSP/api/v1/oauth/logout?redirect_uri=${encodeURIComponent(target)}`,
        headers: { cookie },
      });
      expect(reply.statusCode).toBe(400);
      expect(reply.headers.location).toBeUndefined();
      expect(reply.json()).toMatchObject({ statusCode: 'invalidRedirectUri' });
      expect((await authorize(server, {}, { cookie })).statusCode).toBe(200);
    });

    it('answers the envelope without redirect_uri, also when no session exists', async () => {
      const reply = await server.app.inject({ url: '/SSOSP/api/v1/oauth/logout' });
      expect(reply.statusCode).toBe(200);
      expect(reply.json()).toEqual({ status: true, statusCode: 'success', response: { loggedOut: false } });
    });
  });

  // customer/preference: customers/preference.api.test.ts (issue 12 §1.7).

  describe('customer/setSSID', () => {
    it('sets the session cookie from the token in the query and answers a 1×1 GIF', async () => {
      const signedIn = await signInWithOtp(server, nextMobile());
      const token = sessionCookie(signedIn).split('=')[1]!;
      const reply = await server.app.inject({
        url: `/SSOSP/api/v1/customer/setSSID?token=${token}&pb-pass-token=${await server.pass(7)}`,
      });
      expect(reply.statusCode).toBe(200);
      expect(reply.headers['content-type']).toBe('image/gif');
      expect(reply.rawPayload.subarray(0, 6).toString('latin1')).toBe(GIF_MAGIC);
      const cookies = reply.headers['set-cookie'] as string[];
      expect(cookies[0]).toMatch(
        new RegExp(`^PB_GLSS_TOKEN_DEV=${token}; Max-Age=\\d+; Path=/; SameSite=Lax; HttpOnly$`),
      );
      expect(cookies[1]).toMatch(/^PB_GLSS_TOKEN_EXISTS_DEV=1;/);
    });

    it('still answers the GIF, with a 4xx and no cookie, for a bad token, a missing pass token or no token', async () => {
      const pass = await server.pass(2);
      for (const url of [
        `/SSOSP/api/v1/customer/setSSID?token=${'A'.repeat(43)}&pb-pass-token=${pass}`,
        `/SSOSP/api/v1/customer/setSSID?token=${'A'.repeat(43)}`,
        `/SSOSP/api/v1/customer/setSSID?pb-pass-token=${pass}`,
      ]) {
        const reply = await server.app.inject({ url });
        expect(reply.statusCode, url).toBeGreaterThanOrEqual(400);
        expect(reply.statusCode, url).toBeLessThan(500);
        expect(reply.headers['content-type']).toBe('image/gif');
        expect(reply.rawPayload.subarray(0, 6).toString('latin1')).toBe(GIF_MAGIC);
        expect(reply.headers['set-cookie']).toBeUndefined();
      }
    });
  });
});
