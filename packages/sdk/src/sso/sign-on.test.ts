import {
  leadingZeroBits,
  openForSite,
  PraveshError,
  sessionCookieNames,
  SSO_ROUTES,
  type AuthorizationKeyPayload,
} from '@pravesh/core';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { memoryCookieJar, type CookieJar } from '../cookies.ts';
import { PassRequestError } from '../http.ts';
import { pkceChallenge } from './pkce.ts';
import {
  AUTO_INIT_POLL_MS,
  AUTO_INIT_TIMEOUT_MS,
  createSignOn,
  maskMobileNo,
  returnedNoStatus,
  type SignOnOptions,
} from './sign-on.ts';
import {
  ACCOUNTS,
  API,
  CONFIG,
  CUSTOMER_ID,
  fakeServer,
  fakeTimers,
  json,
  memoryStorage,
  MOBILE,
  ok,
  praveshFor,
  REDIRECT,
  settle,
  SITE_ID,
  visitorLinkFor,
  type FakeServer,
} from './test-support.ts';
import { accessTokenCookieName } from './token-store.ts';
import type { OpenSignInWidget, SignInWidgetRequest, SignInWidgetResult } from './widget.ts';

const EXISTS = sessionCookieNames('local').exists;
const TOKEN_COOKIE = accessTokenCookieName('local', SITE_ID);

let server: FakeServer;
beforeEach(async () => {
  server = await fakeServer();
});

interface Setup {
  config?: Record<string, unknown>;
  url?: string;
  cookies?: Record<string, string>;
  widget?: (request: SignInWidgetRequest) => SignInWidgetResult | Promise<SignInWidgetResult>;
  options?: Partial<SignOnOptions>;
}

function setup({ config = CONFIG, url = 'https://www.example.in/', cookies = {}, widget, options }: Setup = {}) {
  const jar: CookieJar & { writes: string[] } = memoryCookieJar(cookies);
  const timers = fakeTimers();
  const storage = memoryStorage();
  let address = url;
  const navigate = vi.fn<(url: string) => void>();
  const replaceUrl = vi.fn((next: string) => {
    address = next;
  });
  const openWidget = vi.fn<OpenSignInWidget>((request) =>
    Promise.resolve(widget ? widget(request) : { event: 'closed', error: 'closed_by_user' }),
  );
  const loadImage = vi.fn<(url: string) => void>();
  const logger = { warn: vi.fn() };
  const pravesh = praveshFor(server);
  const signOn = createSignOn(pravesh, config, {
    fetch: server.fetch,
    cookies: jar,
    storage,
    url: () => address,
    replaceUrl,
    navigate,
    openWidget,
    loadImage,
    logger,
    now: timers.now,
    setTimeout: timers.setTimeout,
    clearTimeout: timers.clearTimeout,
    ...options,
  });
  return { signOn, jar, timers, storage, navigate, replaceUrl, openWidget, loadImage, logger, address: () => address };
}

/** The `auth` a frame would post for a request: the code the accounts host issued, state echoed. */
function signedInThroughWidget(request: SignInWidgetRequest): SignInWidgetResult {
  return { event: 'auth', code: 'frame-code', state: request.params.state ?? '', customerId: CUSTOMER_ID };
}

describe('configuration (spec 000 §3, §5)', () => {
  it('refuses a missing configuration and a missing client with the spec’s messages', () => {
    const pravesh = praveshFor(server);
    expect(() => createSignOn(pravesh, undefined)).toThrow(new PraveshError('mandatoryConfiguration'));
    expect(() => createSignOn(pravesh, undefined)).toThrow('Mandatory configuration is required');
    expect(() => createSignOn(undefined, CONFIG)).toThrow('client data is missing');
    expect(() => createSignOn({ siteId: 2 }, CONFIG)).toThrow('client data is missing');
    expect(() => createSignOn({ request: vi.fn(), init: vi.fn() }, CONFIG)).toThrow(
      '[environment, siteId] is required',
    );
  });

  it('keeps to the client’s site and environment and checks URLs', () => {
    const pravesh = praveshFor(server);
    expect(() => createSignOn(pravesh, { ...CONFIG, siteId: 99 })).toThrow(/^99 - is not a valid site-Id/);
    expect(() => createSignOn(pravesh, { ...CONFIG, siteId: 7 })).toThrow(/differs from the client/);
    expect(() => createSignOn(pravesh, { ...CONFIG, environment: 'production' })).toThrow(/differs/);
    expect(() => createSignOn(pravesh, { ...CONFIG, accountsUrl: 'javascript:alert(1)' })).toThrow(/http/);
    expect(() => createSignOn(pravesh, { ...CONFIG, journeyType: 'NOPE' })).toThrow(/journeyType/);
    const { config } = createSignOn(pravesh, { ...CONFIG, accountsUrl: `${ACCOUNTS}//`, scope: 'myaccount, bureau' });
    expect(config).toMatchObject({ accountsUrl: ACCOUNTS, scope: 'myaccount bureau', siteId: 2, environment: 'local' });
  });

  it('login link and authorization need redirectLoginUri, scope, clientId, accountsUrl — naming what is missing', async () => {
    const pravesh = praveshFor(server);
    await expect(createSignOn(pravesh, {}).loginLink()).rejects.toThrow(
      '[redirectLoginUri, scope, clientId, accountsUrl] is required',
    );
    await expect(createSignOn(pravesh, { ...CONFIG, scope: [], accountsUrl: '' }).loginLink()).rejects.toThrow(
      '[scope, accountsUrl] is required',
    );
    await expect(createSignOn(pravesh, { clientId: 'x' }).authorize({ glssToken: 't' })).rejects.toThrow(
      '[redirectLoginUri, scope, accountsUrl] is required',
    );
    await expect(createSignOn(pravesh, { clientId: 'x' }).signIn()).rejects.toThrow(
      '[redirectLoginUri, scope, accountsUrl] is required',
    );
  });

  it('logout needs redirectLogoutUri and accountsUrl; sendOtp and checkPreference need mobileNo and accountsUrl', async () => {
    const pravesh = praveshFor(server);
    expect(() => createSignOn(pravesh, {}).logoutLink()).toThrow('[redirectLogoutUri, accountsUrl] is required');
    expect(() => createSignOn(pravesh, { accountsUrl: ACCOUNTS }).logoutLink()).toThrow(
      '[redirectLogoutUri] is required',
    );
    await expect(createSignOn(pravesh, {}).sendOtp('')).rejects.toThrow('[mobileNo, accountsUrl] is required');
    await expect(createSignOn(pravesh, { accountsUrl: ACCOUNTS }).sendOtp(' ')).rejects.toThrow(
      '[mobileNo] is required',
    );
    await expect(createSignOn(pravesh, {}).checkPreference(MOBILE)).rejects.toThrow('[accountsUrl] is required');
  });
});

describe('login and logout links (spec 000 §2)', () => {
  it('carries every parameter in order, with the defaults screen_type 0 and journey_type REDIRECT', async () => {
    const { signOn, storage } = setup();
    const link = new URL(await signOn.loginLink({ state: 'abc' }));
    expect(`${link.origin}${link.pathname}`).toBe(`${ACCOUNTS}/authorize`);
    expect([...link.searchParams.keys()]).toEqual([
      'client_id',
      'source_site_id',
      'redirect_uri',
      'state',
      'scope',
      'screen_type',
      'journey_type',
      'code_challenge',
      'code_challenge_method',
    ]);
    expect(Object.fromEntries(link.searchParams)).toMatchObject({
      client_id: 'demo-site-a',
      source_site_id: '2',
      redirect_uri: REDIRECT,
      state: 'abc',
      scope: 'myaccount bureau',
      screen_type: '0',
      journey_type: 'REDIRECT',
      code_challenge_method: 'S256',
    });
    // The state and the PKCE verifier wait in session storage for the redirect back.
    const pending = JSON.parse(storage.items.get('pravesh-sso:abc')!) as { verifier: string; redirectUri: string };
    expect(pending.redirectUri).toBe(REDIRECT);
    expect(link.searchParams.get('code_challenge')).toBe(await pkceChallenge(pending.verifier));
  });

  it('seals mobileNo and leadId for the login link and adds the configured options', async () => {
    const { signOn } = setup({
      config: { ...CONFIG, journeyType: 'JOURNEY', screenType: 2, version: 2, editMobile: 1, authType: 'otp' },
    });
    const link = new URL(await signOn.loginLink({ mobileNo: MOBILE, leadId: 'lead-42', forceRedirect: true }));
    const query = Object.fromEntries(link.searchParams);
    expect(query).toMatchObject({
      auth_type: 'otp',
      screen_type: '2',
      journey_type: 'JOURNEY',
      version: '2',
      force_redirect: '1',
      editMobile: '1',
    });
    expect(link.href).not.toContain(MOBILE);
    expect(link.href).not.toContain('lead-42');
    expect(await openForSite(server.siteKey, 'login-link', query.mobileNo!)).toBe(MOBILE);
    expect(await openForSite(server.siteKey, 'login-link', query.leadId!)).toBe('lead-42');
    // Sealed for the login link only: the same value does not open as another purpose.
    await expect(openForSite(server.siteKey, 'authorization-key', query.mobileNo!)).rejects.toThrow();
  });

  it('createLoginLinkType otp starts the OTP journey', async () => {
    const { signOn } = setup({ config: { ...CONFIG, createLoginLinkType: 'otp' } });
    expect(new URL(await signOn.loginLink()).searchParams.get('journey_type')).toBe('JOURNEY_OTP');
  });

  it('the logout link carries redirect_uri; logout forgets the token and the visitor’s customer', async () => {
    const visitor = visitorLinkFor();
    await visitor.records.setCustomer(11, { mobileNo: MOBILE, customerId: CUSTOMER_ID });
    const { signOn, navigate, jar } = setup({ cookies: { [TOKEN_COOKIE]: 'old' }, options: { visitor: visitor.link } });
    expect(signOn.logoutLink()).toBe(
      `${ACCOUNTS}/logout?redirect_uri=${encodeURIComponent('https://www.example.in/')}`,
    );
    signOn.logout();
    expect(navigate).toHaveBeenCalledWith(signOn.logoutLink());
    expect(jar.read()).not.toContain(TOKEN_COOKIE);
    expect(await visitor.records.getCustomer()).toBeUndefined();
    expect(visitor.records.read()?.customerStorageMapping).not.toEqual({});
  });
});

describe('session exists (spec 000 §4)', () => {
  it('is the exists-cookie, or glssKey or signature in the URL', () => {
    expect(setup().signOn.sessionExists()).toBe(false);
    expect(setup({ cookies: { [EXISTS]: '1' } }).signOn.sessionExists()).toBe(true);
    expect(setup({ cookies: { [EXISTS]: '' } }).signOn.sessionExists()).toBe(false);
    // Only this environment's name counts.
    expect(setup({ cookies: { PB_GLSS_TOKEN_EXISTS: '1' } }).signOn.sessionExists()).toBe(false);
    expect(setup({ url: 'https://www.example.in/?glssKey=k&siteId=2' }).signOn.sessionExists()).toBe(true);
    expect(setup({ url: 'https://www.example.in/?signature=s' }).signOn.sessionExists()).toBe(true);
    expect(setup({ url: 'https://www.example.in/?glssKey=' }).signOn.sessionExists()).toBe(false);
  });
});

describe('auto-init (spec 000 §4, §9)', () => {
  it('polls every second until the shield config is ready: PENDING, IN_PROCESS, INITIALIZED', async () => {
    server.configFailures = 2;
    const { signOn, timers } = setup();
    const states: string[] = [];
    signOn.subscribe(({ state }) => states.push(state));
    expect(signOn.state).toBe('PENDING');
    const done = signOn.autoInit();
    await settle();
    expect(server.to('/MSP/api/v1/shield/config/2')).toHaveLength(1);
    await timers.advance(AUTO_INIT_POLL_MS - 1);
    expect(server.to('/MSP/api/v1/shield/config/2')).toHaveLength(1);
    await timers.advance(1);
    expect(server.to('/MSP/api/v1/shield/config/2')).toHaveLength(2);
    await timers.advance(AUTO_INIT_POLL_MS);
    await expect(done).resolves.toEqual({ state: 'INITIALIZED', session: undefined });
    expect(states).toEqual(['IN_PROCESS', 'INITIALIZED']);
    expect(server.to('/MSP/api/v1/shield/config/2')).toHaveLength(3);
    expect(signOn.autoInit()).toBe(done);
  });

  it('stops after 5 s, still PENDING, and can be started again', async () => {
    server.configFailures = 100;
    const { signOn, timers } = setup();
    const done = signOn.autoInit();
    await settle();
    await timers.advance(AUTO_INIT_TIMEOUT_MS + 10 * AUTO_INIT_POLL_MS);
    await expect(done).resolves.toEqual({ state: 'PENDING', session: undefined });
    // Once at 0 s, then at 1, 2, 3, 4 and 5 s.
    expect(server.to('/MSP/api/v1/shield/config/2')).toHaveLength(6);
    expect(timers.pending()).toBe(0);
    server.configFailures = 0;
    await expect(signOn.autoInit()).resolves.toMatchObject({ state: 'INITIALIZED' });
  });

  it('a config fetch that hangs counts as not ready: the 5 s still hold', async () => {
    server.reply('/MSP/api/v1/shield/config/2', () => new Promise<Response>(() => undefined));
    const { signOn, timers } = setup();
    const done = signOn.autoInit();
    await settle();
    await timers.advance(AUTO_INIT_TIMEOUT_MS);
    await expect(done).resolves.toEqual({ state: 'PENDING', session: undefined });
    expect(timers.pending()).toBe(0);
  });

  it('waits for the visitor layer it was given', async () => {
    let attach!: (link: ReturnType<typeof visitorLinkFor>['link']) => void;
    const visitor = visitorLinkFor();
    const { signOn, timers } = setup({
      cookies: { [EXISTS]: '1' },
      options: { visitor: new Promise((resolve) => (attach = resolve)) },
    });
    const done = signOn.autoInit();
    await settle();
    await timers.advance(AUTO_INIT_POLL_MS);
    expect(signOn.state).toBe('PENDING');
    attach(visitor.link);
    await settle();
    await timers.advance(AUTO_INIT_POLL_MS);
    await expect(done).resolves.toMatchObject({ state: 'INITIALIZED' });
    expect(await visitor.records.getCustomer()).toEqual({ mobileNo: MOBILE, customerId: CUSTOMER_ID });
  });

  it('signs in with the existing session, stores the token and links the visitor record', async () => {
    const visitor = visitorLinkFor();
    const { signOn, jar, loadImage } = setup({ cookies: { [EXISTS]: '1' }, options: { visitor: visitor.link } });
    const sessions: unknown[] = [];
    signOn.subscribe(({ session }) => sessions.push(session));
    const { state, session } = await signOn.autoInit();
    expect(state).toBe('INITIALIZED');
    expect(session).toMatchObject({ customerId: CUSTOMER_ID, mobileNo: MOBILE, scope: 'myaccount bureau' });
    const [authorize] = server.to(SSO_ROUTES.authorize);
    expect(authorize!.url.startsWith(ACCOUNTS)).toBe(true);
    expect(authorize!.headers['site-id']).toBe('2');
    expect(authorize!.headers['pb-pass-token']).toMatch(/^ey/);
    expect(authorize!.body).toMatchObject({
      response_type: 'code',
      client_id: 'demo-site-a',
      redirect_uri: REDIRECT,
      scope: 'myaccount bureau',
      code_challenge_method: 'S256',
    });
    // glss_token from the HttpOnly cookie: nothing else identifies the customer.
    for (const field of ['glss_token', 'glss_key', 'auth_token', 'otp', 'password']) {
      expect(authorize!.body).not.toHaveProperty(field);
    }
    const [exchange] = server.to(SSO_ROUTES.getSsoToken);
    expect(exchange!.url).toBe(`${API}${SSO_ROUTES.getSsoToken}?guc=true`);
    expect(exchange!.body).toMatchObject({
      authorizationCode: expect.stringMatching(/^code-\d+$/) as unknown,
      redirect_uri: REDIRECT,
    });
    expect(exchange!.body!.code_verifier).toBeDefined();
    expect(await pkceChallenge(exchange!.body!.code_verifier as string)).toBe(authorize!.body!.code_challenge);
    expect(jar.read()).toContain(`${TOKEN_COOKIE}=${session!.accessToken}`);
    expect(jar.writes.find((cookie) => cookie.startsWith(TOKEN_COOKIE))).toMatch(/Max-Age=900; Path=\/; SameSite=Lax/);
    // spec 000 §4: the visitor record now carries the customer, and a new visit starts for them.
    expect(await visitor.records.getCustomer()).toEqual({ mobileNo: MOBILE, customerId: CUSTOMER_ID });
    expect(visitor.link.visits.newVisit).toHaveBeenCalledWith('customer');
    expect(visitor.link.maintain).toHaveBeenCalled();
    // The accounts host already has its cookie (the exists-cookie is there): no setSSID image.
    expect(loadImage).not.toHaveBeenCalled();
    expect(sessions.at(-1)).toEqual(session);
  });

  it('ends signed out when the session is gone, without throwing', async () => {
    server.reply(SSO_ROUTES.authorize, () =>
      json({ status: false, statusCode: 'sessionInvalid', statusMessage: 'Session is invalid or has ended' }, 401),
    );
    const { signOn, logger } = setup({ cookies: { [EXISTS]: '1' } });
    await expect(signOn.autoInit()).resolves.toEqual({ state: 'INITIALIZED', session: undefined });
    expect(logger.warn).toHaveBeenCalled();
    expect(server.to(SSO_ROUTES.getSsoToken)).toHaveLength(0);
  });

  it('uses glssKey and siteId from the URL once, then removes them', async () => {
    const { signOn, address } = setup({ url: 'https://www.example.in/offers?glssKey=key-1&siteId=2&x=1' });
    const { session } = await signOn.autoInit();
    expect(session?.customerId).toBe(CUSTOMER_ID);
    expect(server.to(SSO_ROUTES.authorize)[0]!.body).toMatchObject({ glss_key: 'key-1', siteId: '2' });
    expect(address()).toBe('https://www.example.in/offers?x=1');
  });

  it('uses the URL’s signature as auth_token', async () => {
    const { signOn, address } = setup({ url: 'https://www.example.in/?signature=sig.jwt.value' });
    await signOn.autoInit();
    expect(server.to(SSO_ROUTES.authorize)[0]!.body).toMatchObject({ auth_token: 'sig.jwt.value' });
    expect(address()).toBe('https://www.example.in/');
  });

  it('completes a login link’s redirect: only a state this browser issued is exchanged', async () => {
    const first = setup();
    const link = new URL(await first.signOn.loginLink());
    const state = link.searchParams.get('state')!;
    const back = setup({ url: `${REDIRECT}?code=redirect-code&state=${state}&utm_source=x` });
    // The same session storage, as after a real redirect.
    for (const [key, value] of first.storage.items) back.storage.items.set(key, value);
    const { session } = await back.signOn.autoInit();
    expect(session?.mobileNo).toBe(MOBILE);
    const [exchange] = server.to(SSO_ROUTES.getSsoToken);
    expect(exchange!.body).toMatchObject({ authorizationCode: 'redirect-code', redirect_uri: REDIRECT });
    expect(await pkceChallenge(exchange!.body!.code_verifier as string)).toBe(link.searchParams.get('code_challenge'));
    expect(back.address()).toBe(`${REDIRECT}?utm_source=x`);
    expect(back.storage.items.size).toBe(0);

    const forged = setup({ url: `${REDIRECT}?code=stolen&state=unknown` });
    await expect(forged.signOn.autoInit()).resolves.toEqual({ state: 'INITIALIZED', session: undefined });
    expect(server.to(SSO_ROUTES.getSsoToken)).toHaveLength(1);
  });
});

describe('OTP and preference calls (spec 000 §3, §7)', () => {
  it('sendOtp seals {siteId, timestamp, mobileNo} as the authorization-key and sends the OTP payload', async () => {
    const visitor = visitorLinkFor();
    const { signOn, timers } = setup({ options: { visitor: visitor.link } });
    await expect(signOn.sendOtp(MOBILE, { productId: 'PL', event: 'login' })).resolves.toEqual({
      resendAfterSeconds: 30,
      expiresInSeconds: 300,
      otpLength: 6,
    });
    const [call] = server.to(SSO_ROUTES.otp);
    expect(call!.url.startsWith(ACCOUNTS)).toBe(true);
    expect(call!.method).toBe('POST');
    expect(call!.headers['site-id']).toBe('2');
    const key = (await openForSite(
      server.siteKey,
      'authorization-key',
      call!.headers['authorization-key']!,
    )) as AuthorizationKeyPayload;
    expect(key).toEqual({ siteId: SITE_ID, timestamp: timers.now(), mobileNo: MOBILE });
    const record = visitor.records.read()!;
    expect(call!.body).toEqual({
      mobileNo: MOBILE,
      visitorId: record.visitorId,
      visitId: 'visit-1',
      productId: 'PL',
      event: 'login',
    });
  });

  it('sendOtp without a visitor layer still sends visitor and visit ids', async () => {
    const { signOn } = setup();
    await signOn.sendOtp(MOBILE);
    expect(server.to(SSO_ROUTES.otp)[0]!.body).toMatchObject({
      visitorId: expect.stringMatching(/^[A-Za-z0-9_-]+$/) as unknown,
      visitId: expect.stringMatching(/^[A-Za-z0-9_-]+$/) as unknown,
    });
  });

  it('surfaces the server’s statusCode when the OTP is refused', async () => {
    server.reply(SSO_ROUTES.otp, () =>
      json({ status: false, statusCode: 'otpResendTooSoon', statusMessage: 'Please wait 20 seconds' }, 429),
    );
    const { signOn } = setup();
    await expect(signOn.sendOtp(MOBILE)).rejects.toMatchObject({ statusCode: 'otpResendTooSoon' });
  });

  it('sendOtp answers a proof-of-work challenge by itself and sends again with the proof', async () => {
    const challenge = { challenge: '8.1750000120000.salt.mac', difficulty: 8, expiresInSeconds: 120 };
    server.reply(
      SSO_ROUTES.otp,
      (call) =>
        call.body?.proofOfWork
          ? ok({ resendAfterSeconds: 30, expiresInSeconds: 300, otpLength: 6 })
          : json(
              {
                status: false,
                statusCode: 'otpProofOfWorkRequired',
                statusMessage: 'Please wait a moment and request the OTP again',
                response: { proofOfWork: challenge },
              },
              428,
            ),
      2,
    );
    const { signOn } = setup();
    await expect(signOn.sendOtp(MOBILE)).resolves.toMatchObject({ otpLength: 6 });
    const [asked, proved] = server.to(SSO_ROUTES.otp);
    expect(asked!.body).not.toHaveProperty('proofOfWork');
    const proof = proved!.body!.proofOfWork as { challenge: string; nonce: string };
    expect(proof.challenge).toBe(challenge.challenge);
    const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(`${proof.challenge}:${proof.nonce}`));
    expect(leadingZeroBits(new Uint8Array(digest))).toBeGreaterThanOrEqual(8);
  });

  it('sendOtp gives up after a few challenges and surfaces the refusal', async () => {
    const refusal = {
      status: false,
      statusCode: 'otpProofOfWorkInvalid',
      statusMessage: 'This OTP request could not be confirmed. Please request the OTP again',
      response: { proofOfWork: { challenge: '1.0.salt.mac', difficulty: 1, expiresInSeconds: 120 } },
    };
    server.reply(SSO_ROUTES.otp, () => json(refusal, 400), 10);
    const { signOn } = setup();
    await expect(signOn.sendOtp(MOBILE)).rejects.toMatchObject({ statusCode: 'otpProofOfWorkInvalid' });
    expect(server.to(SSO_ROUTES.otp)).toHaveLength(4);
  });

  it('checkPreference asks with the site-id header', async () => {
    const { signOn } = setup();
    await expect(signOn.checkPreference(MOBILE)).resolves.toMatchObject({ preferredMethod: 'otp' });
    const [call] = server.to(SSO_ROUTES.preference);
    expect(call!.method).toBe('GET');
    expect(call!.url).toBe(`${ACCOUNTS}${SSO_ROUTES.preference}?mobileNo=${MOBILE}`);
    expect(call!.headers['site-id']).toBe('2');
  });
});

describe('authorize: the method priority of spec 000 §4', () => {
  const bodyOf = () => server.to(SSO_ROUTES.authorize).at(-1)!.body!;

  it('username and password come first (user_credential), a short password sealed', async () => {
    const { signOn } = setup({ cookies: { [EXISTS]: '1' } });
    await signOn.authorize({ username: 'a@b.in', password: 'secret', mobileNo: MOBILE, otp: '123456' });
    expect(bodyOf()).toMatchObject({ username: 'a@b.in' });
    expect(bodyOf()).not.toHaveProperty('otp');
    expect(bodyOf().password).not.toBe('secret');
    expect(await openForSite(server.siteKey, 'password', bodyOf().password as string)).toBe('secret');
  });

  it('passwords over 20 characters are sent as they are (spec 000 §5)', async () => {
    const { signOn } = setup();
    const long = 'p'.repeat(21);
    await signOn.authorize({ mobileNo: MOBILE, password: long });
    expect(bodyOf()).toMatchObject({ mobileNo: MOBILE, password: long });
  });

  it('then mobile and OTP, mobile and password, glssKey, signature, the session cookie', async () => {
    const { signOn } = setup({ url: 'https://www.example.in/?glssKey=k1&siteId=2&signature=s1' });
    await signOn.authorize({ mobileNo: MOBILE, otp: '123456', password: 'pw' });
    expect(bodyOf()).toMatchObject({ mobileNo: MOBILE, otp: '123456' });
    expect(bodyOf()).not.toHaveProperty('password');
    await signOn.authorize({ mobileNo: MOBILE, password: 'pw' });
    expect(bodyOf()).toHaveProperty('password');
    expect(bodyOf()).not.toHaveProperty('glss_key');
    await signOn.authorize();
    expect(bodyOf()).toMatchObject({ glss_key: 'k1', siteId: '2' });
    expect(bodyOf()).not.toHaveProperty('auth_token');
    await signOn.authorize();
    expect(bodyOf()).toMatchObject({ auth_token: 's1' });
  });

  it('a glssKey handed over in code is for this site unless told otherwise', async () => {
    const { signOn } = setup();
    await signOn.authorize({ glssKey: 'k2' });
    expect(bodyOf()).toMatchObject({ glss_key: 'k2', siteId: 2 });
  });

  it('caller identification last (social_truecaller)', async () => {
    const { signOn } = setup();
    await signOn.authorize({ socialToken: 'nonce-1234567890abcdef' });
    expect(bodyOf()).toMatchObject({ social_token: 'nonce-1234567890abcdef', socialProviderId: 'truecaller' });
  });

  it('defaults to otp: the OTP journey collects what is missing', async () => {
    const { signOn, openWidget } = setup({ widget: signedInThroughWidget });
    const session = await signOn.authorize({ mobileNo: MOBILE });
    expect(session.customerId).toBe(CUSTOMER_ID);
    const request = openWidget.mock.calls[0]![0];
    expect(request.journeyType).toBe('JOURNEY_OTP');
    expect(await openForSite(server.siteKey, 'login-link', request.params.mobileNo!)).toBe(MOBILE);
    expect(server.to(SSO_ROUTES.authorize)).toHaveLength(0);
  });

  /** The server's mfaRequired answer: the number masked to its last 4 digits (server authorize maskMobile). */
  const mfaAnswer = () =>
    json(
      {
        status: false,
        statusCode: 'mfaRequired',
        statusMessage: 'Please verify the OTP sent to your mobile number to continue',
        response: { mobileNo: `******${MOBILE.slice(-4)}`, journey_type: 'JOURNEY_OTP', force_redirect: 1 },
      },
      401,
    );

  it('mfaRequired opens the OTP journey with the number signed in with and force_redirect=1, then retries', async () => {
    server.reply(SSO_ROUTES.authorize, mfaAnswer);
    const { signOn, openWidget } = setup({ widget: signedInThroughWidget });
    const session = await signOn.authorize({ mobileNo: MOBILE, password: 'pw' });
    expect(session.mobileNo).toBe(MOBILE);
    const request = openWidget.mock.calls[0]![0];
    expect(request.journeyType).toBe('JOURNEY_OTP');
    expect(request.params).toMatchObject({ journey_type: 'JOURNEY_OTP', force_redirect: '1', editMobile: '0' });
    expect(await openForSite(server.siteKey, 'login-link', request.params.mobileNo!)).toBe(MOBILE);
    // The call is retried, and the retry's code is the one exchanged.
    const authorizes = server.to(SSO_ROUTES.authorize);
    expect(authorizes).toHaveLength(2);
    expect(authorizes[1]!.body).toMatchObject({ mobileNo: MOBILE });
    expect(server.to(SSO_ROUTES.getSsoToken)[0]!.body!.authorizationCode).not.toBe('frame-code');
  });

  it('mfaRequired after a username sign-in opens the OTP journey for the customer to type their number', async () => {
    server.reply(SSO_ROUTES.authorize, mfaAnswer);
    const { signOn, openWidget } = setup({ widget: signedInThroughWidget });
    await signOn.authorize({ username: 'asha@example.in', password: 'pw' });
    const request = openWidget.mock.calls[0]![0];
    expect(request.params).toMatchObject({ journey_type: 'JOURNEY_OTP', force_redirect: '1', editMobile: '1' });
    expect(request.params.mobileNo).toBeUndefined();
  });

  it('mfaRequired: if the retry fails the OTP journey’s own code is used; a closed widget is an error', async () => {
    server.reply(SSO_ROUTES.authorize, mfaAnswer, 2);
    const { signOn } = setup({ widget: signedInThroughWidget });
    await signOn.authorize({ mobileNo: MOBILE, password: 'pw' });
    expect(server.to(SSO_ROUTES.getSsoToken)[0]!.body!.authorizationCode).toBe('frame-code');

    server.reply(SSO_ROUTES.authorize, mfaAnswer);
    const closed = setup();
    await expect(closed.signOn.authorize({ mobileNo: MOBILE, password: 'pw' })).rejects.toMatchObject({
      statusCode: 'closed_by_user',
    });
  });

  it('other refusals reach the caller with the server’s statusCode', async () => {
    server.reply(SSO_ROUTES.authorize, () =>
      json({ status: false, statusCode: 'invalidCredentials', statusMessage: 'Invalid username or password' }, 401),
    );
    const { signOn } = setup();
    const error = await signOn.authorize({ mobileNo: MOBILE, password: 'pw' }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PassRequestError);
    expect(error).toMatchObject({ statusCode: 'invalidCredentials', statusMessage: 'Invalid username or password' });
  });

  it('a reply whose state differs is refused (RFC 6749 §10.12)', async () => {
    server.reply(SSO_ROUTES.authorize, ({ body }) => ok({ code: 'c', state: `${String(body?.state)}x` }));
    const { signOn } = setup();
    await expect(signOn.authorize({ glssToken: 't' })).rejects.toThrow(new PraveshError('invalidGrant'));
  });
});

describe('the sign-in widget journey', () => {
  it('opens the widget with the journey’s parameters and exchanges its code', async () => {
    const visitor = visitorLinkFor();
    const onOtpSent = vi.fn();
    const { signOn, openWidget } = setup({
      config: { ...CONFIG, journeyType: 'JOURNEY', version: 2 },
      widget: signedInThroughWidget,
      options: { visitor: visitor.link },
    });
    const result = await signOn.signIn({ onOtpSent, closable: false });
    expect(result).toMatchObject({ status: 'signedIn', session: { customerId: CUSTOMER_ID, mobileNo: MOBILE } });
    const request = openWidget.mock.calls[0]![0];
    const record = visitor.records.read()!;
    expect(request).toMatchObject({
      accountsUrl: ACCOUNTS,
      journeyType: 'JOURNEY',
      visitorId: record.visitorId,
      visitId: 'visit-1',
      closable: false,
      onOtpSent,
    });
    expect(request.params).toMatchObject({
      client_id: 'demo-site-a',
      source_site_id: '2',
      redirect_uri: REDIRECT,
      scope: 'myaccount bureau',
      screen_type: '0',
      journey_type: 'JOURNEY',
      version: '2',
      code_challenge_method: 'S256',
    });
    const [exchange] = server.to(SSO_ROUTES.getSsoToken);
    expect(exchange!.body).toMatchObject({ authorizationCode: 'frame-code', customerId: CUSTOMER_ID });
    expect(await pkceChallenge(exchange!.body!.code_verifier as string)).toBe(request.params.code_challenge);
    expect(await visitor.records.getCustomer()).toEqual({ mobileNo: MOBILE, customerId: CUSTOMER_ID });
    expect(signOn.session?.customerId).toBe(CUSTOMER_ID);
  });

  it('reports closed with error closed_by_user, and failures with the statusCode', async () => {
    const closed = setup({ config: { ...CONFIG, journeyType: 'JOURNEY_OTP' } });
    await expect(closed.signOn.signIn()).resolves.toEqual({ status: 'closed', error: 'closed_by_user' });
    const failed = setup({
      config: { ...CONFIG, journeyType: 'JOURNEY' },
      widget: () => ({ event: 'authFailed', error: 'invalidClient', message: 'client_id is not a registered client' }),
    });
    await expect(failed.signOn.signIn()).resolves.toEqual({
      status: 'failed',
      error: 'invalidClient',
      message: 'client_id is not a registered client',
    });
    expect(server.to(SSO_ROUTES.getSsoToken)).toHaveLength(0);
  });

  it('refuses a code whose state is not the one it sent', async () => {
    const { signOn } = setup({
      config: { ...CONFIG, journeyType: 'JOURNEY' },
      widget: () => ({ event: 'auth', code: 'c', state: 'other', customerId: CUSTOMER_ID }),
    });
    await expect(signOn.signIn()).resolves.toMatchObject({ status: 'failed', error: 'invalidGrant' });
    expect(server.to(SSO_ROUTES.getSsoToken)).toHaveLength(0);
  });

  it('any other journey type redirects to the login link', async () => {
    const { signOn, navigate, openWidget } = setup();
    await expect(signOn.signIn()).resolves.toEqual({ status: 'redirected' });
    expect(openWidget).not.toHaveBeenCalled();
    const target = new URL(navigate.mock.calls[0]![0]);
    expect(target.pathname).toBe('/authorize');
    expect(target.searchParams.get('journey_type')).toBe('REDIRECT');
  });

  it('an exchange refused by the server is a failure, not a session', async () => {
    server.reply(SSO_ROUTES.getSsoToken, () =>
      json({ status: false, statusCode: 'invalidGrant', statusMessage: 'Authorization code is invalid' }, 400),
    );
    const { signOn } = setup({ config: { ...CONFIG, journeyType: 'JOURNEY' }, widget: signedInThroughWidget });
    await expect(signOn.signIn()).resolves.toMatchObject({ status: 'failed', error: 'invalidGrant' });
    expect(signOn.session).toBeUndefined();
  });

  it('after a direct sign-in without the accounts host’s cookie, sets it with the setSSID image', async () => {
    const { signOn, loadImage } = setup();
    await signOn.authorize({ mobileNo: MOBILE, otp: '123456' });
    await settle();
    const url = new URL(loadImage.mock.calls[0]![0]);
    expect(`${url.origin}${url.pathname}`).toBe(`${ACCOUNTS}${SSO_ROUTES.setSsid}`);
    // The one-time handoff the exchange was asked for, never user.glssToken.
    expect(server.to(SSO_ROUTES.getSsoToken)[0]!.body).toMatchObject({ ssidHandoff: true });
    expect(url.searchParams.get('token')).toBe('h'.repeat(43));
    expect(url.searchParams.get('pb-pass-token')).toMatch(/^ey/);
  });

  it('with the accounts host’s cookie visible, asks for no handoff and loads no setSSID image', async () => {
    const { signOn, loadImage } = setup({ cookies: { [EXISTS]: '1' } });
    await signOn.authorize({ mobileNo: MOBILE, otp: '123456' });
    await settle();
    expect(server.to(SSO_ROUTES.getSsoToken)[0]!.body).not.toHaveProperty('ssidHandoff');
    expect(loadImage).not.toHaveBeenCalled();
  });
});

describe('token refresh (spec 000 §4)', () => {
  const DETAILS = '/MSP/api/v1/myAccount/getCustomerDetails';

  it('a call that returns no status gets a new access token, stored in the cookie, and is retried once', async () => {
    server.reply(DETAILS, () => json({ message: 'expired' }, 200));
    server.reply(DETAILS, ({ headers }) => ok({ token: headers['pb-access-token'] }));
    const { signOn, jar } = setup({ cookies: { [EXISTS]: '1', [TOKEN_COOKIE]: 'stale-token' } });
    const reply = await signOn.request<{ token: string }>('GET', DETAILS);
    const calls = server.to(DETAILS);
    expect(calls).toHaveLength(2);
    expect(calls[0]!.headers['pb-access-token']).toBe('stale-token');
    // sso-authentication-token travels inside the pass token (the sso strategy), not as a header.
    expect(calls[0]!.headers).not.toHaveProperty('sso-authentication-token');
    const fresh = signOn.getAccessToken()!;
    expect(fresh).toMatch(/^access-/);
    expect(reply.token).toBe(fresh);
    expect(jar.read()).toContain(`${TOKEN_COOKIE}=${fresh}`);
    expect(server.to(SSO_ROUTES.authorize)).toHaveLength(1);
  });

  it('retries only once, and not for a refusal that carries a status', async () => {
    server.reply(DETAILS, () => json({ status: false, statusCode: 'tokenNotValidated' }, 401), 2);
    const { signOn } = setup({ cookies: { [EXISTS]: '1', [TOKEN_COOKIE]: 'stale' } });
    await expect(signOn.request('GET', DETAILS)).rejects.toMatchObject({ statusCode: 'tokenNotValidated' });
    expect(server.to(DETAILS)).toHaveLength(2);

    server.reply(DETAILS, () => json({ status: false, statusCode: 'badRequest', statusMessage: 'no' }, 400));
    await expect(signOn.request('GET', DETAILS)).rejects.toMatchObject({ statusCode: 'badRequest' });
    expect(server.to(DETAILS)).toHaveLength(3);
  });

  it('without a token, gets one first; without a session, says so', async () => {
    server.reply(DETAILS, ({ headers }) => ok({ token: headers['pb-access-token'] }));
    const signedIn = setup({ cookies: { [EXISTS]: '1' } });
    await expect(signedIn.signOn.request('GET', DETAILS)).resolves.toMatchObject({
      token: expect.stringMatching(/^access-/) as unknown,
    });
    const signedOut = setup();
    await expect(signedOut.signOn.request('GET', DETAILS)).rejects.toThrow(new PraveshError('sessionInvalid'));
  });

  it('returnedNoStatus: a reply without status, a 401 or tokenNotValidated; never a network failure', () => {
    const error = (httpStatus: number, body: unknown, statusCode = 'x') =>
      new PassRequestError({ statusCode, httpStatus, body });
    expect(returnedNoStatus(error(200, {}))).toBe(true);
    expect(returnedNoStatus(error(200, 'not json'))).toBe(true);
    expect(returnedNoStatus(error(401, { status: false }))).toBe(true);
    expect(returnedNoStatus(error(400, { status: false }, 'tokenNotValidated'))).toBe(true);
    expect(returnedNoStatus(error(400, { status: false }))).toBe(false);
    expect(returnedNoStatus(error(0, undefined))).toBe(false);
    expect(returnedNoStatus(new Error('x'))).toBe(false);
  });
});

describe('linking the visitor record (spec 000 §4, §5)', () => {
  it('the site itself still may not set customer data; the sign-on client writes what the exchange answered', async () => {
    const visitor = visitorLinkFor();
    await expect(visitor.records.setCustomer(SITE_ID, { mobileNo: MOBILE, customerId: CUSTOMER_ID })).rejects.toThrow(
      '2 is not authorized to set customer data. Only SSO can set customer data.',
    );
    const { signOn } = setup({ cookies: { [EXISTS]: '1' }, options: { visitor: visitor.link } });
    await signOn.autoInit();
    expect(await visitor.records.getCustomer()).toEqual({ mobileNo: MOBILE, customerId: CUSTOMER_ID });
    expect(visitor.records.read()?.syncGuc).toBe(true);
  });

  it('a visitor layer that fails does not stop the sign-in', async () => {
    const visitor = visitorLinkFor();
    visitor.link.visits.newVisit.mockRejectedValue(new Error('offline'));
    const { signOn, logger } = setup({ cookies: { [EXISTS]: '1' }, options: { visitor: visitor.link } });
    await expect(signOn.autoInit()).resolves.toMatchObject({ session: { customerId: CUSTOMER_ID } });
    expect(logger.warn).toHaveBeenCalledWith('visitor record not linked to the customer', expect.any(Error));
  });
});

it('maskMobileNo keeps the first two and last two digits', () => {
  expect(maskMobileNo(MOBILE)).toBe('98******10');
  expect(maskMobileNo('123')).toBe('***');
});
