import { CALLER_ID_APP_WAIT_MS, callerIdStatusPath, SSO_ROUTES, type CallerIdStatus } from '@pravesh/core';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { memoryCookieJar } from '../cookies.ts';
import type { CallerIdLoginOptions } from './caller-id.ts';
import { createSignOn, type SignOnOptions } from './sign-on.ts';
import {
  ACCOUNTS,
  CONFIG,
  CUSTOMER_ID,
  fakeServer,
  fakeTimers,
  json,
  memoryStorage,
  MOBILE,
  ok,
  praveshFor,
  SITE_ID,
  type FakeServer,
} from './test-support.ts';

/** Caller-identification login in the SDK (spec 000 §4 statuses, §9 polling), on a fake clock. */

const NONCE = 'nonce-abcdefghijklmnop';
const APP_URL = `${ACCOUNTS}/dev/caller-id/${NONCE}`;
const STATUS_PATH = callerIdStatusPath(NONCE);

let server: FakeServer;
beforeEach(async () => {
  server = await fakeServer();
  server.reply(SSO_ROUTES.callerIdStart, ({ body }) =>
    ok({ requestNonce: NONCE, status: 'initiated', expiresInMs: body?.ttl ?? 10_000, appUrl: APP_URL }),
  );
});

/** The status endpoint answers `statuses` in turn (the last one from then on). */
function statuses(...answers: CallerIdStatus[]) {
  let index = 0;
  server.reply(
    STATUS_PATH,
    () => ok({ requestNonce: NONCE, status: answers[Math.min(index++, answers.length - 1)] }),
    100,
  );
}

function setup(options: Partial<SignOnOptions> = {}) {
  const timers = fakeTimers();
  const closeApp = vi.fn();
  const openCallerIdApp = vi.fn<(url: string) => () => void>(() => closeApp);
  let focused = false;
  const signOn = createSignOn(praveshFor(server), CONFIG, {
    fetch: server.fetch,
    cookies: memoryCookieJar(),
    storage: memoryStorage(),
    url: () => 'https://www.example.in/',
    replaceUrl: vi.fn(),
    navigate: vi.fn(),
    loadImage: vi.fn(),
    logger: { warn: vi.fn() },
    now: timers.now,
    setTimeout: timers.setTimeout,
    clearTimeout: timers.clearTimeout,
    openCallerIdApp,
    isAndroid: () => true,
    pageHasFocus: () => focused,
    ...options,
  });
  const seen: string[] = [];
  const start = (login: CallerIdLoginOptions = {}) => {
    return signOn.callerIdLogin({ onStatus: (status) => seen.push(status), ...login });
  };
  /** Until the request exists and the app was opened (the pass token is made on real crypto). */
  const appOpened = () => vi.waitFor(() => expect(openCallerIdApp).toHaveBeenCalled());
  /** Until the status endpoint was asked `count` times. */
  const polled = (count: number) => vi.waitFor(() => expect(server.to(STATUS_PATH)).toHaveLength(count));
  return {
    signOn,
    timers,
    start,
    seen,
    appOpened,
    polled,
    closeApp,
    openCallerIdApp,
    setFocus: (value: boolean) => {
      focused = value;
    },
  };
}

describe('caller-identification login (spec 000 §4)', () => {
  it('reports app_not_present at once on a device other than Android, without a request', async () => {
    const { start, seen, openCallerIdApp } = setup({ isAndroid: () => false });
    await expect(start()).resolves.toEqual({ status: 'app_not_present' });
    expect(seen).toEqual(['app_not_present']);
    expect(server.to(SSO_ROUTES.callerIdStart)).toHaveLength(0);
    expect(openCallerIdApp).not.toHaveBeenCalled();
  });

  it('reports app_not_present when the page still has focus 600 ms after the app was opened', async () => {
    const { start, seen, timers, setFocus, openCallerIdApp, appOpened } = setup();
    setFocus(true);
    const result = start();
    await appOpened();
    expect(openCallerIdApp).toHaveBeenCalledWith(APP_URL);
    expect(seen).toEqual(['initiated']);
    await timers.advance(CALLER_ID_APP_WAIT_MS - 1);
    expect(seen).toEqual(['initiated']);
    await timers.advance(1);
    await expect(result).resolves.toEqual({ status: 'app_not_present' });
    expect(seen).toEqual(['initiated', 'app_not_present']);
    expect(server.to(STATUS_PATH)).toHaveLength(0);
  });

  it('polls while initiated or pending, then signs in with social_truecaller and the nonce', async () => {
    statuses('initiated', 'pending', 'success');
    const { start, seen, timers, closeApp, signOn, appOpened, polled } = setup();
    const result = start({ payload: { ttl: 9000, partnerKey: 'partner-1', lang: 'en' } });
    await appOpened();
    const [started] = server.to(SSO_ROUTES.callerIdStart);
    expect(started?.body).toEqual({ ttl: 9000, partnerKey: 'partner-1', lang: 'en' });
    expect(started?.headers['pb-pass-token']).toBeTruthy();

    await timers.advance(CALLER_ID_APP_WAIT_MS);
    expect(seen).toEqual(['initiated', 'pending']);
    await polled(1);
    expect(server.to(STATUS_PATH)[0]?.headers['site-id']).toBe(String(SITE_ID));
    // The life spread over the 3 attempts: a poll every 3000 ms.
    await timers.advance(2999);
    expect(server.to(STATUS_PATH)).toHaveLength(1);
    await timers.advance(1);
    await polled(2);
    await timers.advance(3000);
    await polled(3);
    const outcome = await result;

    expect(seen).toEqual(['initiated', 'pending', 'success', 'login_initiated']);
    expect(closeApp).toHaveBeenCalled();
    const [authorize] = server.to(SSO_ROUTES.authorize);
    expect(authorize?.body).toMatchObject({ social_token: NONCE, socialProviderId: 'truecaller' });
    expect(authorize?.body).not.toHaveProperty('otp');
    expect(server.to(SSO_ROUTES.getSsoToken)).toHaveLength(1);
    expect(outcome).toMatchObject({ status: 'signedIn', session: { customerId: CUSTOMER_ID, mobileNo: MOBILE } });
    expect(signOn.session?.customerId).toBe(CUSTOMER_ID);
  });

  it('becomes timeout when the attempts run out while still pending', async () => {
    statuses('pending');
    const { start, seen, timers, closeApp, appOpened, polled } = setup();
    const result = start({ attempts: 4, pollIntervalMs: 1000 });
    await appOpened();
    await timers.advance(CALLER_ID_APP_WAIT_MS);
    for (let poll = 1; poll <= 3; poll++) {
      await polled(poll);
      await timers.advance(1000);
    }
    await polled(4);
    await expect(result).resolves.toEqual({ status: 'timeout' });
    expect(seen).toEqual(['initiated', 'pending', 'timeout']);
    expect(closeApp).toHaveBeenCalled();
    expect(server.to(SSO_ROUTES.authorize)).toHaveLength(0);
    expect(timers.pending()).toBe(0);
  });

  it.each<CallerIdStatus>(['rejected', 'timeout'])('ends with the server’s %s, without signing in', async (status) => {
    statuses('pending', status);
    const { start, seen, timers, appOpened, polled } = setup();
    const result = start();
    await appOpened();
    await timers.advance(CALLER_ID_APP_WAIT_MS);
    await polled(1);
    await timers.advance(10_000);
    await expect(result).resolves.toEqual({ status });
    expect(seen).toEqual(['initiated', 'pending', status]);
    expect(server.to(STATUS_PATH)).toHaveLength(2);
    expect(server.to(SSO_ROUTES.authorize)).toHaveLength(0);
  });

  it('ends as rejected when the person cancels, and polls no more', async () => {
    statuses('pending');
    const { start, seen, timers, closeApp, appOpened, polled } = setup();
    const controller = new AbortController();
    const result = start({ signal: controller.signal });
    await appOpened();
    await timers.advance(CALLER_ID_APP_WAIT_MS);
    await polled(1);
    await vi.waitFor(() => expect(timers.pending()).toBe(1));
    controller.abort();
    await expect(result).resolves.toEqual({ status: 'rejected' });
    expect(seen).toEqual(['initiated', 'pending', 'rejected']);
    expect(closeApp).toHaveBeenCalled();
    expect(timers.pending()).toBe(0);
    await timers.advance(60_000);
    expect(server.to(STATUS_PATH)).toHaveLength(1);
  });

  it('skips the device and focus checks for an app that is a page (the simulator)', async () => {
    statuses('success');
    const { start, seen, timers, setFocus, appOpened } = setup({ isAndroid: () => false });
    setFocus(true);
    const result = start({ appPresence: 'assume' });
    await appOpened();
    await timers.advance(CALLER_ID_APP_WAIT_MS);
    await expect(result).resolves.toMatchObject({ status: 'signedIn' });
    expect(seen).toEqual(['initiated', 'pending', 'success', 'login_initiated']);
  });

  it('answers failed with the server’s code when the status call or authorize is refused', async () => {
    server.reply(STATUS_PATH, () =>
      json(
        {
          status: false,
          statusCode: 'callerIdRequestNotFound',
          statusMessage: 'Caller identification request not found',
        },
        404,
      ),
    );
    const first = setup();
    const notFound = first.start();
    await first.appOpened();
    await first.timers.advance(CALLER_ID_APP_WAIT_MS);
    await expect(notFound).resolves.toMatchObject({ status: 'failed', error: 'callerIdRequestNotFound' });
    expect(first.closeApp).toHaveBeenCalled();

    server.reply(SSO_ROUTES.callerIdStart, () =>
      ok({ requestNonce: NONCE, status: 'initiated', expiresInMs: 10_000, appUrl: APP_URL }),
    );
    statuses('success');
    server.reply(SSO_ROUTES.authorize, () =>
      json(
        { status: false, statusCode: 'callerIdNotApproved', statusMessage: 'Caller identification is not approved' },
        401,
      ),
    );
    const second = setup();
    const refused = second.start();
    await second.appOpened();
    await second.timers.advance(CALLER_ID_APP_WAIT_MS);
    await expect(refused).resolves.toMatchObject({ status: 'failed', error: 'callerIdNotApproved' });
  });

  it('needs the login configuration, like every sign-in', async () => {
    const signOn = createSignOn(praveshFor(server), { clientId: 'x' }, { fetch: server.fetch });
    await expect(signOn.callerIdLogin()).rejects.toThrow('[redirectLoginUri, scope, accountsUrl] is required');
  });
});
