import { describe, expect, it, vi } from 'vitest';
import { LogoutError, logOut } from './logout.ts';

const API = 'https://accounts.example.in';

function reply(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

describe('logOut (the /logout page)', () => {
  it('POSTs same-origin with the page’s CSRF token and follows only the redirect_uri the server checked', async () => {
    const fetch = vi.fn((_url: string, _init: RequestInit) =>
      Promise.resolve(
        reply(200, {
          status: true,
          statusCode: 'success',
          response: { loggedOut: true, redirectUri: 'https://a.example/' },
        }),
      ),
    );
    await expect(logOut({ apiBaseUrl: API, csrfToken: 'tok', fetch }, 'https://a.example/')).resolves.toBe(
      'https://a.example/',
    );
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe(`${API}/SSOSP/api/v1/oauth/logout`);
    expect(init).toMatchObject({
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json', 'x-pravesh-csrf': 'tok' },
    });
    expect(JSON.parse(init.body as string)).toEqual({ redirect_uri: 'https://a.example/' });
  });

  it('stays on the page without a redirect_uri, and reports a refusal by its statusMessage (spec 000 §8)', async () => {
    const ok = vi.fn(() =>
      Promise.resolve(reply(200, { status: true, statusCode: 'success', response: { loggedOut: false } })),
    );
    await expect(logOut({ apiBaseUrl: API, csrfToken: 'tok', fetch: ok }, undefined)).resolves.toBeUndefined();
    const refused = vi.fn(() =>
      Promise.resolve(
        reply(403, {
          status: false,
          statusCode: 'csrfTokenInvalid',
          statusMessage: 'The request is missing its CSRF token',
        }),
      ),
    );
    const error = await logOut({ apiBaseUrl: API, csrfToken: 'tok', fetch: refused }, undefined).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(LogoutError);
    expect(error).toMatchObject({ statusCode: 'csrfTokenInvalid', message: 'The request is missing its CSRF token' });
  });
});
