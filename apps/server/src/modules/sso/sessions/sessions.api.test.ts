import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../../../test/instance.ts';
import { eq } from 'drizzle-orm';
import { ssoOneTimeKeys } from '../../../db/schema/sso.ts';
import {
  authorize,
  exchange,
  logOut,
  sessionCookie,
  signInWithOtp,
  ssoServer,
  type SsoTestServer,
} from '../../../test/customers.ts';

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
    const logoutPage = (target: string) => `http://localhost:4000/logout?redirect_uri=${encodeURIComponent(target)}`;

    it('POST from the /logout page revokes the session, clears both cookies and answers the checked redirect_uri', async () => {
      const signedIn = await signInWithOtp(server, nextMobile());
      const cookie = sessionCookie(signedIn);
      const reply = await logOut(server, cookie, { redirect_uri: 'http://localhost:4100/?logout=true' });
      expect(reply.statusCode).toBe(200);
      expect(reply.json()).toEqual({
        status: true,
        statusCode: 'success',
        response: { loggedOut: true, redirectUri: 'http://localhost:4100/?logout=true' },
      });
      expect(reply.headers['set-cookie']).toEqual([
        'PB_GLSS_TOKEN_DEV=; Max-Age=0; Path=/; SameSite=Lax; HttpOnly',
        'PB_GLSS_TOKEN_EXISTS_DEV=; Max-Age=0; Path=/; SameSite=Lax',
      ]);
      const after = await authorize(server, {}, { cookie });
      expect(after.json()).toMatchObject({ statusCode: 'sessionInvalid' });
    });

    // The GET any page could load (an <img>, a link) no longer ends the session.
    it('GET keeps the spec interface but only hands over to the /logout page; the session lives on', async () => {
      const signedIn = await signInWithOtp(server, nextMobile());
      const cookie = sessionCookie(signedIn);
      const reply = await server.app.inject({
        url: `/SSOSP/api/v1/oauth/logout?redirect_uri=${encodeURIComponent('http://localhost:4100/?logout=true')}`,
        headers: { cookie, 'sec-fetch-site': 'cross-site' },
      });
      expect(reply.statusCode).toBe(302);
      expect(reply.headers.location).toBe(logoutPage('http://localhost:4100/?logout=true'));
      expect(reply.headers['set-cookie']).toBeUndefined();
      expect((await authorize(server, {}, { cookie })).statusCode).toBe(200);
      const bare = await server.app.inject({ url: '/SSOSP/api/v1/oauth/logout' });
      expect(bare.statusCode).toBe(302);
      expect(bare.headers.location).toBe('http://localhost:4000/logout');
    });

    it.each([
      'https://evil.example/',
      'http://localhost:4100.evil.example/',
      '//evil.example/',
      'javascript:alert(1)',
      'http://localhost:4100/elsewhere',
    ])('refuses redirect_uri %s, on GET and POST, without logging out', async (target) => {
      const signedIn = await signInWithOtp(server, nextMobile());
      const cookie = sessionCookie(signedIn);
      const reply = await server.app.inject({
        url: `/SSOSP/api/v1/oauth/logout?redirect_uri=${encodeURIComponent(target)}`,
        headers: { cookie },
      });
      expect(reply.statusCode).toBe(400);
      expect(reply.headers.location).toBeUndefined();
      expect(reply.json()).toMatchObject({ statusCode: 'invalidRedirectUri' });
      const posted = await logOut(server, cookie, { redirect_uri: target });
      expect(posted.statusCode).toBe(400);
      expect(posted.json()).toMatchObject({ statusCode: 'invalidRedirectUri' });
      expect((await authorize(server, {}, { cookie })).statusCode).toBe(200);
    });

    it('answers loggedOut false when no session exists', async () => {
      const reply = await logOut(server, undefined);
      expect(reply.json()).toEqual({ status: true, statusCode: 'success', response: { loggedOut: false } });
    });

    /** A forged logout: everything the /logout page sends, with `change` applied. */
    async function forged(change: { headers?: Record<string, string | undefined>; dropCookie?: boolean }) {
      const signedIn = await signInWithOtp(server, nextMobile());
      const cookie = sessionCookie(signedIn);
      const csrf = 'c'.repeat(43);
      const headers: Record<string, string> = {
        cookie: change.dropCookie ? cookie : `${cookie}; PB_LOGOUT_CSRF=${csrf}`,
        'x-pravesh-csrf': csrf,
        origin: 'http://localhost:4000',
        'sec-fetch-site': 'same-origin',
      };
      for (const [name, value] of Object.entries(change.headers ?? {})) {
        if (value === undefined) delete headers[name];
        else headers[name] = value;
      }
      const reply = await server.app.inject({
        method: 'POST',
        url: '/SSOSP/api/v1/oauth/logout',
        headers,
        payload: {},
      });
      return { reply, cookie };
    }

    it.each([
      [
        'a cross-site page (Sec-Fetch-Site: cross-site)',
        { headers: { 'sec-fetch-site': 'cross-site' } },
        'originNotAllowed',
      ],
      [
        'a same-site page on another origin',
        { headers: { 'sec-fetch-site': 'same-site', origin: 'http://localhost:4100' } },
        'originNotAllowed',
      ],
      [
        'a foreign Origin',
        { headers: { origin: 'https://evil.example', 'sec-fetch-site': undefined } },
        'originNotAllowed',
      ],
      [
        'Origin: null (a sandboxed frame)',
        { headers: { origin: 'null', 'sec-fetch-site': undefined } },
        'originNotAllowed',
      ],
      ['no CSRF header', { headers: { 'x-pravesh-csrf': undefined } }, 'csrfTokenInvalid'],
      ['no CSRF cookie (SameSite=Strict: not sent cross-site)', { dropCookie: true }, 'csrfTokenInvalid'],
      [
        'a CSRF header that differs from the cookie',
        { headers: { 'x-pravesh-csrf': 'd'.repeat(43) } },
        'csrfTokenInvalid',
      ],
    ] as const)('refuses a logout POST from %s and keeps the session', async (_name, change, code) => {
      const { reply, cookie } = await forged(change);
      expect(reply.statusCode).toBe(403);
      expect(reply.json()).toMatchObject({ status: false, statusCode: code });
      expect(reply.headers['set-cookie']).toBeUndefined();
      expect((await authorize(server, {}, { cookie })).statusCode).toBe(200);
    });

    it('serves /logout with a fresh SameSite=Strict CSRF cookie, the same token in the page, and signs out only same-site arrivals by itself', async () => {
      const page = async (fetchSite?: string) => {
        const reply = await server.app.inject({
          url: '/logout?redirect_uri=http%3A%2F%2Flocalhost%3A4100%2F',
          headers: fetchSite ? { 'sec-fetch-site': fetchSite } : {},
        });
        const cookie = reply.cookies.find((entry) => entry.name === 'PB_LOGOUT_CSRF')!;
        const config = /<script type="application\/json" id="pravesh-accounts-config">([^<]*)<\/script>/.exec(
          reply.body,
        )![1]!;
        return {
          reply,
          cookie,
          logout: (JSON.parse(config) as { logout: { csrfToken: string; autoLogout: boolean } }).logout,
        };
      };
      const same = await page('same-origin');
      expect(same.cookie).toMatchObject({ sameSite: 'Strict', httpOnly: true, path: '/' });
      expect(same.logout).toEqual({ csrfToken: same.cookie.value, autoLogout: true });
      expect((await page('same-site')).logout.autoLogout).toBe(true);
      const cross = await page('cross-site');
      expect(cross.logout.autoLogout).toBe(false);
      expect(cross.logout.csrfToken).not.toBe(same.logout.csrfToken);
      expect((await page()).logout.autoLogout).toBe(false);
      expect(same.reply.headers['cache-control']).toBe('no-store');

      // The page's own token pair works (what the page's POST sends).
      const signedIn = await signInWithOtp(server, nextMobile());
      const reply = await server.app.inject({
        method: 'POST',
        url: '/SSOSP/api/v1/oauth/logout',
        headers: {
          cookie: `${sessionCookie(signedIn)}; PB_LOGOUT_CSRF=${same.cookie.value}`,
          'x-pravesh-csrf': same.logout.csrfToken,
          origin: 'http://localhost:4000',
          'sec-fetch-site': 'same-origin',
        },
        payload: { redirect_uri: 'http://localhost:4100/' },
      });
      expect(reply.json()).toMatchObject({ response: { loggedOut: true, redirectUri: 'http://localhost:4100/' } });
    });
  });

  // customer/preference: customers/preference.api.test.ts.

  describe('customer/setSSID', () => {
    /** Signs in on site 2 and exchanges the code asking for the setSSID handoff. */
    async function handoff(): Promise<{ handoff: string; sessionToken: string; glssToken: string }> {
      const signedIn = await signInWithOtp(server, nextMobile());
      const { code } = signedIn.json<{ response: { code: string } }>().response;
      const exchanged = await exchange(server, { authorizationCode: code, ssidHandoff: true });
      const body = exchanged.json<{ response: { ssidHandoff: string; user: { glssToken: string } } }>().response;
      return {
        handoff: body.ssidHandoff,
        sessionToken: sessionCookie(signedIn).split('=')[1]!,
        glssToken: body.user.glssToken,
      };
    }
    const setSsid = async (token: string, headers: Record<string, string> = {}, siteId = 2) =>
      server.app.inject({
        url: `/SSOSP/api/v1/customer/setSSID?token=${token}&pb-pass-token=${await server.pass(siteId)}`,
        headers,
      });

    it('sets the session cookie from a one-time handoff of the code exchange and answers a 1×1 GIF', async () => {
      const { handoff: value, sessionToken } = await handoff();
      expect(value).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(value).not.toBe(sessionToken);
      const reply = await setSsid(value, { 'sec-fetch-site': 'same-site' });
      expect(reply.statusCode).toBe(200);
      expect(reply.headers['content-type']).toBe('image/gif');
      expect(reply.rawPayload.subarray(0, 6).toString('latin1')).toBe(GIF_MAGIC);
      const cookies = reply.headers['set-cookie'] as string[];
      expect(cookies[0]).toMatch(
        new RegExp(`^PB_GLSS_TOKEN_DEV=${sessionToken}; Max-Age=\\d+; Path=/; SameSite=Lax; HttpOnly$`),
      );
      expect(cookies[1]).toMatch(/^PB_GLSS_TOKEN_EXISTS_DEV=1;/);
    });

    // The attack: a hostile page navigating to setSSID with a live session token.
    it('no longer sets a cookie from a live session token, nor from user.glssToken', async () => {
      const { sessionToken, glssToken } = await handoff();
      for (const token of [sessionToken, glssToken]) {
        const reply = await setSsid(token);
        expect(reply.statusCode).toBe(401);
        expect(reply.headers['content-type']).toBe('image/gif');
        expect(reply.headers['set-cookie']).toBeUndefined();
      }
    });

    it('redeems a handoff once, within 60 s, on the site it was minted for', async () => {
      const once = await handoff();
      expect((await setSsid(once.handoff)).statusCode).toBe(200);
      const twice = await setSsid(once.handoff);
      expect(twice.statusCode).toBe(401);
      expect(twice.headers['set-cookie']).toBeUndefined();

      const late = await handoff();
      server.clock.advance(60_000);
      expect((await setSsid(late.handoff)).headers['set-cookie']).toBeUndefined();

      const foreign = await handoff();
      expect((await setSsid(foreign.handoff, {}, 7)).headers['set-cookie']).toBeUndefined();
      // Refusals do not burn it for its own site.
      expect((await setSsid(foreign.handoff)).statusCode).toBe(200);
    });

    it.each([
      ['Sec-Fetch-Site: cross-site', { 'sec-fetch-site': 'cross-site' }],
      ['Sec-Fetch-Site: none (typed or pasted)', { 'sec-fetch-site': 'none' }],
      ['a foreign Origin', { origin: 'https://evil.example' }],
      ['Origin: null', { origin: 'null' }],
    ])('refuses a cross-site load (%s) and the handoff still works from the site', async (_name, headers) => {
      const { handoff: value } = await handoff();
      const reply = await setSsid(value, headers);
      expect(reply.statusCode).toBe(403);
      expect(reply.headers['content-type']).toBe('image/gif');
      expect(reply.headers['set-cookie']).toBeUndefined();
      expect(
        (await setSsid(value, { 'sec-fetch-site': 'same-site', origin: 'http://localhost:4100' })).statusCode,
      ).toBe(200);
    });

    it('stores the handoff hashed, with the session token sealed under it', async () => {
      const { handoff: value, sessionToken } = await handoff();
      const rows = await server.database.db
        .select()
        .from(ssoOneTimeKeys)
        .where(eq(ssoOneTimeKeys.kind, 'ssid_handoff'));
      const flat = JSON.stringify(rows);
      expect(flat.includes(value)).toBe(false);
      expect(flat.includes(sessionToken)).toBe(false);
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
