import {
  ACTIVITY_PATH,
  APPLICATION_DATA_PATH,
  createVisitBodySchema,
  encodeVisitorCookie,
  getApplicationDataBodySchema,
  PraveshError,
  SSO_SITE_ID,
  storeActivityBodySchema,
  type Environment,
  type TrackingData,
  type VisitorRecord,
} from '@pravesh/core';
import { describe, expect, it, vi } from 'vitest';
import type { TrackEvent } from './analytics.ts';
import type { TrackingDataProvider } from './client.ts';
import { memoryCookieJar, readCookie } from './cookies.ts';
import { memoryStore } from './key-value-store.ts';
import { linkVisitorToCustomer } from './sso/visitor-link.ts';
import { VISIT_PATH } from './visit-body.ts';
import {
  createVisitorLayer,
  HISTORY_PATH,
  MERGE_WAIT_MS,
  SHARE_ACTIVITY_PATH,
  SHARE_WAIT_MS,
} from './visitor-layer.ts';

const CUSTOMER_ID = '5f0c8a2e-1b3d-4c5e-8f9a-0b1c2d3e4f5a';

function record(): VisitorRecord {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    visitorId: 'visitor-1',
    initialNudgeState: 'open',
    lastActive: 1,
    createdAt: 1,
    updatedAt: 1,
    syncGuc: false,
    purgeStorage: false,
    customerStorageMapping: {},
  };
}

function fakeClient(siteId: number, history: Record<string, unknown> = {}, acceptedToken = 'access-token') {
  const calls: { path: string; body: unknown; headers?: Record<string, string> | undefined }[] = [];
  let provider: TrackingDataProvider | undefined;
  const events: TrackEvent[] = [];
  const client = {
    siteId,
    environment: 'staging' as Environment,
    config: undefined,
    request: vi.fn(
      <T>(
        _method: string,
        path: string,
        options?: { body?: unknown; headers?: Record<string, string> },
      ): Promise<T> => {
        calls.push({ path, body: options?.body, headers: options?.headers });
        // As the server: a customerId only with that customer's access token (here: acceptedToken).
        const named = (options?.body as { customerId?: unknown } | undefined)?.customerId;
        if (named !== undefined && options?.headers?.['sso-authentication-token'] !== acceptedToken) {
          return Promise.reject(Object.assign(new Error('Token not validated'), { statusCode: 'tokenNotValidated' }));
        }
        if (path === VISIT_PATH) {
          const { visitId } = options!.body as { visitId: string };
          return Promise.resolve({ visitId, visitorId: 'ignored' } as T);
        }
        // The customer's entries only to the customer; this visitor made none of their own.
        if (path === HISTORY_PATH) {
          return Promise.resolve({ visitorId: 'v', customerId: null, sites: named === undefined ? {} : history } as T);
        }
        return Promise.resolve({} as T);
      },
    ),
    track: vi.fn(async (event: TrackEvent) => {
      events.push({ ...(await provider?.()), ...event });
      return { eventId: 'e', storedAt: 'now' };
    }),
    setTrackingData: (next: TrackingDataProvider | undefined) => {
      provider = next;
    },
  };
  return { client, calls, events, provider: () => provider };
}

/** The sign-on client's access-token cookie of `siteId` (staging), as it keeps it after sign-in. */
const tokenCookie = (siteId: number, token = 'access-token') => ({ [`PB_ACCESS_TOKEN_${siteId}_DEV`]: token });

/** Site 7's page with the hub on another top-level site (storage partitioned), sharing `jar`'s visitor cookie. */
function partitionedPage(fake: ReturnType<typeof fakeClient>, jar: ReturnType<typeof memoryCookieJar>) {
  return createVisitorLayer(fake.client as unknown as Parameters<typeof createVisitorLayer>[0], {
    cookieKey: 'cookie-key',
    hubUrl: 'https://hub.example.com/hub',
    partitioned: true,
    store: memoryStore(),
    cookies: jar,
    logger: { warn: vi.fn() },
    target: new EventTarget(),
    url: () => 'https://cards.example.in/',
    deviceId: () => Promise.resolve('d'.repeat(64)),
  });
}

function layerFor(siteId: number, history?: Record<string, unknown>, cookies: Record<string, string> = {}) {
  const fake = fakeClient(siteId, history);
  const store = memoryStore();
  const jar = memoryCookieJar(cookies);
  const logger = { warn: vi.fn() };
  const layer = createVisitorLayer(fake.client as unknown as Parameters<typeof createVisitorLayer>[0], {
    cookieKey: 'cookie-key',
    store,
    cookies: jar,
    logger,
    target: new EventTarget(),
    url: () => 'https://cards.example.in/?utm_source=google',
    deviceId: () => Promise.resolve('d'.repeat(64)),
  });
  return { ...fake, layer, store, jar, logger };
}

describe('visitor layer', () => {
  it('starts a visit, attaches tracking data and detaches it on stop', async () => {
    const { layer, calls, client, provider, logger } = layerFor(7);
    const record = await layer.start();
    await layer.maintain();
    expect(calls.map((call) => call.path)).toEqual([VISIT_PATH]);
    expect(createVisitBodySchema.parse(calls[0]!.body)).toMatchObject({
      visitId: record.visit,
      visitorId: record.visitorId,
      utmSource: btoa('google'),
    });
    // The site's name comes with the shield config; without one (keys given here) the server names
    // the visit from the site list, as for any body without siteName.
    expect(calls[0]!.body).not.toHaveProperty('siteName');
    await client.track({ event: 'page_view' });
    const tracked: TrackingData = await layer.trackingData();
    expect(tracked).toEqual({
      deviceId: 'd'.repeat(64),
      siteId: 7,
      visitorId: record.visitorId,
      visitId: record.visit,
      absoluteParentVisitId: record.visit,
      userState: 'signedOut',
    });
    layer.stop();
    expect(provider()).toBeUndefined();
    expect(logger.warn).not.toHaveBeenCalled();
  });

  it('writes the visitor cookie with the keys the shield config serves, as the server does', () => {
    const fake = fakeClient(7);
    const served = {
      kid: 'new',
      keys: [
        { kid: 'old', key: 'old-key' },
        { kid: 'new', key: 'new-key' },
      ],
    };
    const jar = memoryCookieJar({ PBGUC_DEV: encodeVisitorCookie(record(), { kid: 'old', key: 'old-key' }) });
    const make = (config: unknown) =>
      createVisitorLayer({ ...fake.client, config } as unknown as Parameters<typeof createVisitorLayer>[0], {
        store: memoryStore(),
        cookies: jar,
        target: new EventTarget(),
      });
    const layer = make({ visitorCookie: served });
    // A cookie of the rotated-out key is still read, and rewritten under the active kid.
    const read = layer.records.read()!;
    expect(read.visitorId).toBe('visitor-1');
    layer.records.write({ ...read, lastActive: 2 });
    expect(readCookie(jar, 'PBGUC_DEV')!.startsWith('new.')).toBe(true);
    expect(() => make(undefined)).toThrow('[cookieKey] is required');
  });

  it('shares stored items with the server in the shape its route takes', async () => {
    const { layer, calls } = layerFor(7);
    await layer.start();
    await layer.storage.setItem({ id: 'lead-1', type: 'lead', product: 'CC', continueUrl: '/apply/1' });
    await vi.waitFor(() => expect(calls.some((call) => call.path === SHARE_ACTIVITY_PATH)).toBe(true));
    const body = storeActivityBodySchema.parse(calls.find((call) => call.path === SHARE_ACTIVITY_PATH)!.body);
    expect(body).toMatchObject({ action: 'set', siteId: 7, data: [{ id: 'lead-1', product: 'CC' }] });
    expect(SHARE_ACTIVITY_PATH).toBe(ACTIVITY_PATH);
    expect(HISTORY_PATH).toBe(APPLICATION_DATA_PATH);
    const rows = await layer.recentActivity();
    expect(rows.map((row) => [row.id, row.title, row.continueUrl])).toEqual([['lead-1', 'Credit Card', '/apply/1']]);
  });

  it('lets only the single-sign-on site set the customer', async () => {
    const { layer } = layerFor(7);
    await layer.start();
    await expect(layer.setCustomer({ mobileNo: '9876543210', customerId: CUSTOMER_ID })).rejects.toThrow(
      new PraveshError('notAuthorizedToSetCustomerData', { id: 7 }),
    );
  });

  it('on sign-in starts a visit, merges earlier activity with the server history and turns signedIn', async () => {
    const history = { 9: { siteId: 9, data: [{ id: 'fund', type: 'lead', continueUrl: '/mf', updatedAt: 5 }] } };
    const { layer, calls, store } = layerFor(SSO_SITE_ID, history, tokenCookie(SSO_SITE_ID));
    const first = await layer.start();
    await layer.storage.setItem({ id: 'anon', type: 'lead', continueUrl: '/x' });
    expect(await layer.setCustomer({ mobilePhone: '9876543210', customerId: CUSTOMER_ID })).toBe('set');
    const after = layer.records.read()!;
    expect(after).toMatchObject({ parentVisitId: first.visit, absoluteParentVisitId: first.visit });
    expect(after.visit).not.toBe(first.visit);
    await layer.maintain();
    const historyCall = calls.find((call) => call.path === HISTORY_PATH)!;
    expect(getApplicationDataBodySchema.parse(historyCall.body)).toEqual({
      visitorId: first.visitorId,
      customerId: CUSTOMER_ID,
    });
    // The customer's access token rides along (the HTTP client moves it into the pass token's sso strategy).
    expect(historyCall.headers).toEqual({ 'sso-authentication-token': 'access-token' });
    expect(layer.records.read()!.syncGuc).toBe(false);
    const all = await layer.storage.getAllSiteData();
    expect(Object.keys(all).sort()).toEqual(['11', '9']);
    expect(Object.keys(store.snapshot()).some((key) => key.includes(first.visitorId))).toBe(false);
    expect(await layer.trackingData()).toMatchObject({
      userState: 'signedIn',
      customerId: CUSTOMER_ID,
      mobileNo: '9876543210',
    });
    expect(await layer.setCustomer({ mobileNo: '9876543210', customerId: CUSTOMER_ID })).toBe('unchanged');
  });
  it('when the hub is partitioned, uses this page’s storage and merges the server history on each page', async () => {
    const history = { 9: { siteId: 9, data: [{ id: 'fund', type: 'lead', continueUrl: '/mf', updatedAt: 5 }] } };
    const signIn = layerFor(SSO_SITE_ID, history, { ...tokenCookie(SSO_SITE_ID), ...tokenCookie(7) });
    await signIn.layer.start();
    await signIn.layer.setCustomer({ mobileNo: '9876543210', customerId: CUSTOMER_ID });
    await signIn.layer.maintain();
    expect(signIn.layer.records.read()!.syncGuc).toBe(false);

    // Another site's page, same visitor cookie, hub on another top-level site.
    const fake = fakeClient(7, history);
    const layer = partitionedPage(fake, signIn.jar);
    expect(layer.partitioned).toBe(true);
    await layer.start();
    await layer.maintain();
    expect(fake.calls.find((call) => call.path === HISTORY_PATH)).toMatchObject({
      body: { customerId: CUSTOMER_ID },
      headers: { 'sso-authentication-token': 'access-token' },
    });
    expect(layer.records.read()!.syncGuc).toBe(false);
    expect((await layer.recentActivity()).map((item) => item.id)).toContain('fund');
  });

  it('shares and merges a signed-in customer’s activity with their access token, from an option too', async () => {
    const { layer, calls } = layerFor(SSO_SITE_ID);
    await layer.start();
    await layer.setCustomer({ mobileNo: '9876543210', customerId: CUSTOMER_ID });
    await layer.maintain();
    calls.length = 0;
    // No token (signed in elsewhere, or the token cookie expired): calls are the visitor's alone.
    await layer.storage.setItem({ id: 'a', type: 'lead', continueUrl: '/a' });
    await vi.waitFor(() => expect(calls.some((call) => call.path === SHARE_ACTIVITY_PATH)).toBe(true));
    const shared = calls.find((call) => call.path === SHARE_ACTIVITY_PATH)!;
    expect(shared.body).not.toHaveProperty('customerId');
    expect(shared.headers).toBeUndefined();

    const fake = fakeClient(SSO_SITE_ID);
    const withOption = createVisitorLayer(fake.client as unknown as Parameters<typeof createVisitorLayer>[0], {
      cookieKey: 'cookie-key',
      store: memoryStore(),
      cookies: memoryCookieJar(),
      logger: { warn: vi.fn() },
      target: new EventTarget(),
      url: () => 'https://cards.example.in/',
      accessToken: () => Promise.resolve('access-token'),
    });
    await withOption.start();
    await withOption.setCustomer({ mobileNo: '9876543210', customerId: CUSTOMER_ID });
    await withOption.storage.setItem({ id: 'b', type: 'lead', continueUrl: '/b' });
    await vi.waitFor(() => expect(fake.calls.some((call) => call.path === SHARE_ACTIVITY_PATH)).toBe(true));
    expect(fake.calls.find((call) => call.path === SHARE_ACTIVITY_PATH)).toMatchObject({
      body: { customerId: CUSTOMER_ID, data: [{ id: 'b' }] },
      headers: { 'sso-authentication-token': 'access-token' },
    });
  });

  it('falls back to the visitor alone when the server no longer accepts the token', async () => {
    const { layer, calls, logger } = layerFor(SSO_SITE_ID, {}, tokenCookie(SSO_SITE_ID, 'revoked-token'));
    await layer.start();
    await layer.setCustomer({ mobileNo: '9876543210', customerId: CUSTOMER_ID });
    await layer.maintain();
    // Each merge (the sign-in's, then this call's, as the flag stays) asks as the customer, then as the visitor.
    const history = calls.filter((call) => call.path === HISTORY_PATH);
    expect(history.map((call) => call.body)).toEqual([
      expect.objectContaining({ customerId: CUSTOMER_ID }),
      expect.not.objectContaining({ customerId: expect.anything() as unknown }),
      expect.objectContaining({ customerId: CUSTOMER_ID }),
      expect.not.objectContaining({ customerId: expect.anything() as unknown }),
    ]);
    await layer.storage.setItem({ id: 'c', type: 'lead', continueUrl: '/c' });
    await vi.waitFor(() =>
      expect(calls.filter((call) => call.path === SHARE_ACTIVITY_PATH).map((call) => call.body)).toEqual([
        expect.objectContaining({ customerId: CUSTOMER_ID }),
        expect.not.objectContaining({ customerId: expect.anything() as unknown }),
      ]),
    );
    // The customer's entries are still to come: the merge runs again once a token is accepted.
    expect(layer.records.read()!.syncGuc).toBe(true);
    expect(logger.warn).not.toHaveBeenCalled();
  });

  it('on a site without its access token yet, keeps the sync flag and merges once the sign-on links the customer', async () => {
    const history = { 9: { siteId: 9, data: [{ id: 'fund', type: 'lead', continueUrl: '/mf', updatedAt: 5 }] } };
    // A new device: signed in on the single-sign-on site, whose token this browser has; site 7's
    // silent sign-on has not written site 7's token yet when its page starts.
    const signIn = layerFor(SSO_SITE_ID, history, tokenCookie(SSO_SITE_ID));
    await signIn.layer.start();
    await signIn.layer.setCustomer({ mobileNo: '9876543210', customerId: CUSTOMER_ID });
    await signIn.layer.maintain();
    const fake = fakeClient(7, history);
    const layer = partitionedPage(fake, signIn.jar);
    const merges = vi.fn();
    layer.onMerged(merges);
    await layer.start();
    // The page's list, read once the start's merge has run.
    expect(await layer.recentActivity()).toEqual([]);
    expect(fake.calls.filter((call) => call.path === HISTORY_PATH).map((call) => call.body)).toEqual([
      expect.not.objectContaining({ customerId: expect.anything() as unknown }),
    ]);
    expect(layer.records.read()!.syncGuc).toBe(true);
    expect(merges).not.toHaveBeenCalled();

    // The silent sign-on writes site 7's token, then links the same customer.
    signIn.jar.write(`${Object.keys(tokenCookie(7))[0]}=access-token`);
    expect(await linkVisitorToCustomer(layer, { mobileNo: '9876543210', customerId: CUSTOMER_ID })).toBe('unchanged');
    await vi.waitFor(() => expect(merges).toHaveBeenCalledTimes(1));
    expect(fake.calls.filter((call) => call.path === HISTORY_PATH).at(-1)).toMatchObject({
      body: { customerId: CUSTOMER_ID },
    });
    expect(layer.records.read()!.syncGuc).toBe(false);
    expect((await layer.recentActivity()).map((item) => item.id)).toEqual(['fund']);
  });
});

describe('a read waits for the server history being merged (spec 000 §4 sync flag)', () => {
  const history = { 9: { siteId: 9, data: [{ id: 'fund', type: 'lead', continueUrl: '/mf', updatedAt: 5 }] } };

  /** A signed-in customer's next page on a partitioned hub, whose history requests answer when `release` is called. */
  async function pageWithHeldHistory() {
    const signIn = layerFor(SSO_SITE_ID, history, { ...tokenCookie(SSO_SITE_ID), ...tokenCookie(7) });
    await signIn.layer.start();
    await signIn.layer.setCustomer({ mobileNo: '9876543210', customerId: CUSTOMER_ID });
    await signIn.layer.maintain();
    const fake = fakeClient(7, history);
    const answer = fake.client.request.getMockImplementation()!;
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    let asked = 0;
    fake.client.request.mockImplementation(<T>(method: string, path: string, options?: object) => {
      if (path !== HISTORY_PATH) return answer(method, path, options);
      asked += 1;
      return released.then(() => answer(method, path, options) as Promise<T>);
    });
    const layer = partitionedPage(fake, signIn.jar);
    await layer.start();
    return { layer, release, asked: () => asked };
  }

  it('the recent-activity list read as the page starts includes the merged history', async () => {
    const { layer, release, asked } = await pageWithHeldHistory();
    const rows = layer.recentActivity();
    await vi.waitFor(() => expect(asked()).toBe(1));
    // Read before the merge landed, the list would already be settled here, and empty.
    for (let turn = 0; turn < 20; turn += 1) await new Promise((resolve) => setImmediate(resolve));
    release();
    expect((await rows).map((row) => row.id)).toEqual(['fund']);
    expect(Object.keys(await layer.storage.getAllSiteData())).toEqual(['9']);
  });

  it('answers after MERGE_WAIT_MS when the history does not come, and the merge lands for the next read', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const { layer, release, asked } = await pageWithHeldHistory();
      const rows = layer.recentActivity();
      await vi.waitFor(() => expect(asked()).toBe(1));
      await vi.advanceTimersByTimeAsync(MERGE_WAIT_MS);
      expect(await rows).toEqual([]);
      release();
      await layer.maintain();
      expect((await layer.recentActivity()).map((row) => row.id)).toEqual(['fund']);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('a stored change resolves once its server copy is sent (spec 000 §4 site entries)', () => {
  const item = { id: 'lead-1', type: 'lead', product: 'CC', continueUrl: '/apply/1' } as const;

  /** The server answers activity copies only when the test says so; other calls as before. */
  async function heldShares() {
    const page = layerFor(7);
    await page.layer.start();
    const answer = page.client.request.getMockImplementation()!;
    const held: { resolve: () => void; reject: (error: Error) => void }[] = [];
    page.client.request.mockImplementation(<T>(method: string, path: string, options?: object) =>
      path === SHARE_ACTIVITY_PATH
        ? new Promise<T>((resolve, reject) => held.push({ resolve: () => resolve({} as T), reject }))
        : answer(method, path, options),
    );
    return { ...page, held };
  }

  /** Whether `promise` has settled once pending work (the storage, the share's start) has run. */
  async function settledSoon(promise: Promise<unknown>): Promise<boolean> {
    let settled = false;
    void promise.finally(() => (settled = true));
    for (let turn = 0; turn < 20; turn += 1) await new Promise((resolve) => setImmediate(resolve));
    return settled;
  }

  it('setItem resolves only after the share request completes', async () => {
    const { layer, held, logger } = await heldShares();
    const stored = layer.storage.setItem(item);
    expect(await settledSoon(stored)).toBe(false);
    expect(held).toHaveLength(1);
    held[0]!.resolve();
    await expect(stored).resolves.toMatchObject({ id: 'lead-1' });
    expect(logger.warn).not.toHaveBeenCalled();
  });

  it('resolves after SHARE_WAIT_MS when the server hangs, the item stored', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const { layer, held } = await heldShares();
      const stored = layer.storage.setItem(item);
      expect(await settledSoon(stored)).toBe(false);
      await vi.advanceTimersByTimeAsync(SHARE_WAIT_MS - 1);
      expect(await settledSoon(stored)).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      await expect(stored).resolves.toMatchObject({ id: 'lead-1' });
      expect(held).toHaveLength(1);
      expect((await layer.recentActivity()).map((row) => row.id)).toEqual(['lead-1']);
    } finally {
      vi.useRealTimers();
    }
  });

  it('a share that fails is logged, and the change still resolves', async () => {
    const { layer, held, logger } = await heldShares();
    const stored = layer.storage.setItem(item);
    expect(await settledSoon(stored)).toBe(false);
    held[0]!.reject(new Error('server down'));
    await expect(stored).resolves.toMatchObject({ id: 'lead-1' });
    expect(logger.warn).toHaveBeenCalledWith(
      'activity not shared',
      expect.objectContaining({ message: 'server down' }),
    );
  });
});
