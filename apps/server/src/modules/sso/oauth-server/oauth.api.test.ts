import * as oauth from 'oauth4webapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../../../test/instance.ts';
import { authorize, latestOtp, pkcePair, sendOtp, ssoServer, type SsoTestServer } from '../../../test/customers.ts';

const PUBLIC = { clientId: 'pravesh-demo-site-a', redirectUri: 'http://localhost:4100/sso/callback' };
const CONFIDENTIAL = {
  clientId: 'partner-app',
  redirectUri: 'https://partner.example.in/callback',
  secret: 'partner-secret-0123456789abcdef0123456789',
};

describe.each(DATABASE_KINDS)('OAuth 2.0 authorization server on %s', (kind) => {
  let server: SsoTestServer;
  let n = 0;
  const nextMobile = () => `94${String(10_000_000 + n++).slice(-8)}`;

  /** oauth4webapi's fetch, answered by app.inject (no port needed). */
  const customFetch = async (url: string, options: oauth.CustomFetchOptions<string, unknown>) => {
    const target = new URL(url);
    const reply = await server.app.inject({
      method: options.method as 'GET' | 'POST',
      url: `${target.pathname}${target.search}`,
      headers: options.headers,
      payload:
        typeof options.body === 'string'
          ? options.body
          : options.body instanceof URLSearchParams
            ? options.body.toString()
            : undefined,
    });
    return new Response(reply.body, {
      status: reply.statusCode,
      headers: Object.entries(reply.headers).flatMap(([key, value]) =>
        value === undefined
          ? []
          : (Array.isArray(value) ? value : [String(value)]).map((item) => [key, item] as [string, string]),
      ),
    });
  };
  const options = { [oauth.customFetch]: customFetch, [oauth.allowInsecureRequests]: true };

  /** What the accounts page does: sign the customer in through oauth/authorize, then redirect. */
  async function accountsPage(params: Record<string, string>): Promise<URL> {
    const mobileNo = nextMobile();
    await sendOtp(server, mobileNo);
    const reply = await authorize(
      server,
      // PKCE only when the test's params carry it (a confidential client may go without).
      {
        code_challenge: null,
        code_challenge_method: null,
        ...params,
        mobileNo,
        otp: await latestOtp(server, mobileNo),
      },
      { siteId: 11 },
    );
    expect(reply.statusCode).toBe(200);
    const { code, state, redirect_uri } = reply.json<{
      response: { code: string; state: string; redirect_uri: string };
    }>().response;
    const callback = new URL(redirect_uri);
    callback.searchParams.set('code', code);
    callback.searchParams.set('state', state);
    return callback;
  }

  const token = (body: Record<string, string> | string, headers: Record<string, string> = {}) =>
    server.app.inject({
      method: 'POST',
      url: '/SSOSP/oauth/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      payload: typeof body === 'string' ? body : new URLSearchParams(body).toString(),
    });

  beforeAll(async () => {
    server = await ssoServer(kind, {
      env: {
        PRAVESH_OTP_IP_LIMIT_PER_HOUR: '1000',
        PRAVESH_SSO_CLIENTS: JSON.stringify([
          { clientId: PUBLIC.clientId, siteId: 2, redirectUris: ['http://localhost:4100/', PUBLIC.redirectUri] },
          {
            clientId: CONFIDENTIAL.clientId,
            siteId: 13,
            redirectUris: [CONFIDENTIAL.redirectUri],
            scopes: ['bureau', 'myaccount'],
            clientSecret: CONFIDENTIAL.secret,
          },
        ]),
      },
    });
  });
  afterAll(() => server?.close());

  it('publishes RFC 8414 metadata', async () => {
    const reply = await server.app.inject('/.well-known/oauth-authorization-server');
    expect(reply.statusCode).toBe(200);
    const issuer = server.config.publicUrl;
    expect(reply.json()).toMatchObject({
      issuer,
      authorization_endpoint: `${issuer}/authorize`,
      token_endpoint: `${issuer}/SSOSP/oauth/token`,
      response_types_supported: ['code'],
      grant_types_supported: ['authorization_code'],
      code_challenge_methods_supported: ['S256'],
      token_endpoint_auth_methods_supported: ['none', 'client_secret_basic', 'client_secret_post'],
    });
  });

  it('signs a customer in for an off-the-shelf client (oauth4webapi): discovery, PKCE, code, token', async () => {
    const issuer = new URL(server.config.publicUrl);
    const as = await oauth.processDiscoveryResponse(
      issuer,
      await oauth.discoveryRequest(issuer, { algorithm: 'oauth2', ...options }),
    );
    const client: oauth.Client = { client_id: PUBLIC.clientId };
    const verifier = oauth.generateRandomCodeVerifier();
    const challenge = await oauth.calculatePKCECodeChallenge(verifier);
    const state = oauth.generateRandomState();
    // The login link the client would open at as.authorization_endpoint.
    const login = new URL(as.authorization_endpoint!);
    for (const [key, value] of Object.entries({
      client_id: PUBLIC.clientId,
      redirect_uri: PUBLIC.redirectUri,
      response_type: 'code',
      scope: 'bureau myaccount',
      state,
      code_challenge: challenge,
      code_challenge_method: 'S256',
    })) {
      login.searchParams.set(key, value);
    }
    expect(login.pathname).toBe('/authorize');
    const callback = await accountsPage(Object.fromEntries(login.searchParams));

    const params = oauth.validateAuthResponse(as, client, callback, state);
    const response = await oauth.authorizationCodeGrantRequest(
      as,
      client,
      oauth.None(),
      params,
      PUBLIC.redirectUri,
      verifier,
      options,
    );
    const result = await oauth.processAuthorizationCodeResponse(as, client, response);
    expect(result.token_type).toBe('bearer');
    expect(result.scope).toBe('bureau myaccount');
    expect(result.expires_in).toBe(900);

    const userinfo = await server.app.inject({
      url: '/SSOSP/oauth/userinfo',
      headers: { authorization: `Bearer ${result.access_token}` },
    });
    expect(userinfo.statusCode).toBe(200);
    expect(userinfo.json()).toMatchObject({ client_id: PUBLIC.clientId, scope: 'bureau myaccount' });

    // RFC 7009 revocation through the library, then the token is dead.
    await oauth.processRevocationResponse(
      await oauth.revocationRequest(as, client, oauth.None(), result.access_token, options),
    );
    const revoked = await server.app.inject({
      url: '/SSOSP/oauth/userinfo',
      headers: { authorization: `Bearer ${result.access_token}` },
    });
    expect(revoked.statusCode).toBe(401);
    expect(revoked.headers['www-authenticate']).toBe('Bearer error="invalid_token"');

    // The same code a second time: invalid_grant, which oauth4webapi surfaces as a response error.
    const replay = await oauth.authorizationCodeGrantRequest(
      as,
      client,
      oauth.None(),
      params,
      PUBLIC.redirectUri,
      verifier,
      options,
    );
    await expect(oauth.processAuthorizationCodeResponse(as, client, replay)).rejects.toMatchObject({
      error: 'invalid_grant',
    });
  });

  it('authenticates a confidential client by client_secret_basic and client_secret_post', async () => {
    for (const style of ['basic', 'post'] as const) {
      const callback = await accountsPage({
        client_id: CONFIDENTIAL.clientId,
        redirect_uri: CONFIDENTIAL.redirectUri,
        state: 's',
      });
      const form = {
        grant_type: 'authorization_code',
        code: callback.searchParams.get('code')!,
        redirect_uri: CONFIDENTIAL.redirectUri,
        ...(style === 'post' ? { client_id: CONFIDENTIAL.clientId, client_secret: CONFIDENTIAL.secret } : {}),
      };
      const basic = Buffer.from(`${CONFIDENTIAL.clientId}:${CONFIDENTIAL.secret}`).toString('base64');
      const reply = await token(form, style === 'basic' ? { authorization: `Basic ${basic}` } : {});
      expect(reply.statusCode, style).toBe(200);
      expect(reply.json()).toMatchObject({ token_type: 'Bearer', scope: 'bureau myaccount' });
      expect(reply.headers['cache-control']).toBe('no-store');
    }
  });

  it('answers RFC 6749 §5.2 errors', async () => {
    const pkce = pkcePair();
    const callback = await accountsPage({
      client_id: PUBLIC.clientId,
      redirect_uri: PUBLIC.redirectUri,
      state: 's',
      code_challenge: pkce.challenge,
      code_challenge_method: 'S256',
    });
    const code = callback.searchParams.get('code')!;
    const good = {
      grant_type: 'authorization_code',
      code,
      redirect_uri: PUBLIC.redirectUri,
      client_id: PUBLIC.clientId,
      code_verifier: pkce.verifier,
    };
    const cases: [Record<string, string> | string, number, string, Record<string, string>?][] = [
      [{ ...good, grant_type: 'password' }, 400, 'unsupported_grant_type'],
      [{ ...good, client_id: 'nope' }, 401, 'invalid_client'],
      [{ ...good, client_secret: 'x'.repeat(40) }, 401, 'invalid_client'],
      [{ ...good, code: '' }, 400, 'invalid_request'],
      [{ ...good, redirect_uri: '' }, 400, 'invalid_request'],
      [`${new URLSearchParams(good).toString()}&code=again`, 400, 'invalid_request'],
      [{ ...good, code: 'not-a-code' }, 400, 'invalid_grant'],
      [
        { ...good, client_id: '' },
        401,
        'invalid_client',
        { authorization: `Basic ${Buffer.from('partner-app:wrong').toString('base64')}` },
      ],
      // Two client authentications at once (RFC 6749 §2.3).
      [good, 400, 'invalid_request', { authorization: `Basic ${Buffer.from('partner-app:x').toString('base64')}` }],
    ];
    for (const [body, status, error, headers] of cases) {
      const reply = await token(body, headers);
      expect(reply.statusCode, JSON.stringify(body)).toBe(status);
      expect(reply.json(), JSON.stringify(body)).toEqual({ error, error_description: expect.any(String) as string });
      expect(reply.headers['cache-control']).toBe('no-store');
    }
    const json = await server.app.inject({ method: 'POST', url: '/SSOSP/oauth/token', payload: good });
    expect(json.json()).toMatchObject({ error: 'invalid_request' });

    // A public client without its verifier or redirect_uri is told so (invalid_request), and the code stays usable.
    for (const [lacking, description] of [
      ['code_verifier', 'code_verifier of the authorize request is required'],
      ['redirect_uri', 'redirect_uri of the authorize request is required'],
    ] as const) {
      const { [lacking]: _left, ...without } = good;
      const refused = await token(without);
      expect([refused.statusCode, refused.json()], lacking).toEqual([
        400,
        { error: 'invalid_request', error_description: description },
      ]);
    }

    // A redirect_uri one character off, or the wrong verifier, burns the code: invalid_grant.
    const offByOne = await token({ ...good, redirect_uri: `${PUBLIC.redirectUri}/` });
    expect(offByOne.json()).toMatchObject({ error: 'invalid_grant' });
    expect((await token(good)).json()).toMatchObject({ error: 'invalid_grant' });
  });

  it('refuses a wrong PKCE verifier and a public client without PKCE', async () => {
    const pkce = pkcePair();
    const withPkce = await accountsPage({
      client_id: PUBLIC.clientId,
      redirect_uri: PUBLIC.redirectUri,
      code_challenge: pkce.challenge,
      code_challenge_method: 'S256',
    });
    const mismatch = await token({
      grant_type: 'authorization_code',
      code: withPkce.searchParams.get('code')!,
      redirect_uri: PUBLIC.redirectUri,
      client_id: PUBLIC.clientId,
      code_verifier: pkcePair().verifier,
    });
    expect(mismatch.json()).toMatchObject({ error: 'invalid_grant' });

    // A public client without PKCE gets no code at all now: refused at authorize.
    const mobileNo = nextMobile();
    await sendOtp(server, mobileNo);
    const withoutPkce = await authorize(
      server,
      {
        client_id: PUBLIC.clientId,
        redirect_uri: PUBLIC.redirectUri,
        code_challenge: null,
        code_challenge_method: null,
        mobileNo,
        otp: await latestOtp(server, mobileNo),
      },
      { siteId: 11 },
    );
    expect(withoutPkce.statusCode).toBe(400);
    expect(withoutPkce.json()).toMatchObject({ statusCode: 'badRequest' });
  });

  it('needs no pass token on the OAuth endpoints', async () => {
    expect((await token({ grant_type: 'authorization_code' })).json()).not.toMatchObject({
      statusCode: 'clientTokenMissingException',
    });
    const userinfo = await server.app.inject({ url: '/SSOSP/oauth/userinfo' });
    expect(userinfo.statusCode).toBe(401);
    expect(userinfo.json()).toMatchObject({ error: 'invalid_request' });
  });
});
