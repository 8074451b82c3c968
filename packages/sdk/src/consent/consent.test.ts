import {
  consentDateCookieName,
  CONSENT_ROUTES,
  contractCookieIdName,
  contractVersionCookieName,
  PraveshError,
  PROVIDER_COOKIE_ID_NAME,
  type ConsentCheckResponse,
} from '@pravesh/core';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { memoryCookieJar, readCookie } from '../cookies.ts';
import {
  CUSTOMER_ID,
  fakeServer,
  json,
  ok,
  praveshFor,
  SITE_ID,
  type Call,
  type FakeServer,
  type Handler,
} from '../sso/test-support.ts';
import {
  base64PageUrl,
  createConsent,
  decodeContractText,
  type ConsentConfig,
  type ConsentOptions,
} from './consent.ts';
import { localDate } from './dates.ts';
import type { ConsentPanelRequest, ConsentPanelResult, OpenConsentPanel } from './panel.ts';

const CONTRACT = 'pb-tnc-homepage';
const VERSION_COOKIE = contractVersionCookieName(CONTRACT);
const DAY_COOKIE = consentDateCookieName(SITE_ID, 'local');
const PAGE = 'https://www.example.in/credit-score?utm=ü';
/** 2026-11-21 12:00 local time: far from midnight, so adding hours stays on the same day. */
const NOON = new Date(2026, 10, 21, 12, 0, 0).getTime();
const DAY_MS = 24 * 60 * 60 * 1000;
const ACCESS_TOKEN = 'customer-access-token';

/** A puckar service over the fake fetch: versioned contract, an append-only ledger. */
function puckar(server: FakeServer) {
  const forever = 10_000;
  const state = {
    latest: 1,
    text: (version: number) => `<p>Terms v${version}: we updated our <b>terms of use</b>.</p>`,
    ledger: [] as { contractVersionId: string; userValue: string; action: string }[],
    failCheck: undefined as string | undefined,
    failConsent: 0,
    /** One-off replies that come before the service's own. */
    next: new Map<string, Handler[]>(),
  };
  const route = (path: string, handler: Handler) =>
    server.reply(path, (call) => state.next.get(path)?.shift()?.(call) ?? handler(call), forever);
  const verified = () => {
    const last = state.ledger.at(-1);
    return last?.userValue === 'Y' && last.action === 'respond' && last.contractVersionId === String(state.latest);
  };
  route(CONSENT_ROUTES.check, () => {
    if (state.failCheck) return json({ status: false, statusCode: state.failCheck, statusMessage: 'nope' }, 404);
    const response: ConsentCheckResponse = {
      alreadyVerified: verified(),
      alreadyResponsed: state.ledger.some((entry) => entry.contractVersionId === String(state.latest)),
      contractData: {
        contractId: CONTRACT,
        contractVersionId: String(state.latest),
        contractText: { type: 'Buffer', data: Array.from(new TextEncoder().encode(state.text(state.latest))) },
      },
      respPayload: [],
    };
    return json({ status: true, statusCode: 'success', response, isLatestVersion: true });
  });
  route(CONSENT_ROUTES.isLatestContractVersion, ({ body }) =>
    ok({
      isLatestVersion: body?.contractVersionId === String(state.latest),
      latestContractVersionId: String(state.latest),
      // The server's word for the access token's customer: their latest answer is a withdrawal,
      // and whether it answers the latest version at all.
      withdrawn: state.ledger.at(-1)?.action === 'withdraw',
      answered:
        state.ledger.at(-1)?.action === 'respond' && state.ledger.at(-1)?.contractVersionId === String(state.latest),
    }),
  );
  const entry = (body: Record<string, unknown> | undefined, action: string) => {
    const recorded = {
      contractVersionId: (body?.contractVersionId as string | undefined) ?? String(state.latest),
      userValue: (body?.userValue as string | undefined) ?? 'N',
      action,
    };
    state.ledger.push(recorded);
    return ok({ entry: { entryId: `e${state.ledger.length}`, ...recorded }, status: 'accepted' });
  };
  route(CONSENT_ROUTES.userConsent, ({ body }) => {
    if (state.failConsent > 0) {
      state.failConsent--;
      return json({ status: false, statusCode: 'consentStoreDown', statusMessage: 'down' }, 503);
    }
    return entry(body, 'respond');
  });
  route(CONSENT_ROUTES.withdraw, ({ body }) => entry({ ...body, userValue: 'N' }, 'withdraw'));
  return state;
}

/** The pass token's payload (its signature is the shield's business, tested elsewhere). */
function passTokenPayload(call: Call): Record<string, unknown> {
  const token = call.headers['pb-pass-token'] ?? '';
  const payload = token.split('.')[1] ?? '';
  return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
}

/** A panel that answers as told and remembers what it was asked to show. */
function fakePanel(answer: (request: ConsentPanelRequest) => Promise<ConsentPanelResult> | ConsentPanelResult) {
  const requests: ConsentPanelRequest[] = [];
  const open = vi.fn<OpenConsentPanel>(async (request) => {
    requests.push(request);
    return answer(request);
  });
  return { open, requests };
}

const acceptWith =
  (consentState: 1 | 2 = 1) =>
  async (request: ConsentPanelRequest): Promise<ConsentPanelResult> => {
    await request.accept(consentState);
    return { action: 'accepted', consentState };
  };

let server: FakeServer;
let service: ReturnType<typeof puckar>;
let jar: ReturnType<typeof memoryCookieJar>;
let clock: number;

beforeEach(async () => {
  server = await fakeServer();
  service = puckar(server);
  jar = memoryCookieJar();
  clock = NOON;
});

function consentFor(config: ConsentConfig = {}, options: ConsentOptions = {}) {
  let ids = 0;
  return createConsent(
    praveshFor(server),
    { contractId: CONTRACT, visitId: 'visit-1', visitorId: 'visitor-1', ...config },
    {
      cookies: jar,
      now: () => clock,
      url: () => PAGE,
      randomId: () => `id-${++ids}`,
      cookiesEnabled: () => true,
      signOn: { session: { customerId: CUSTOMER_ID, accessToken: ACCESS_TOKEN } },
      logger: { warn: () => undefined },
      ...options,
    },
  );
}

const puckarCalls = () => server.calls.filter((call) => call.path.includes('/puckar/'));

describe('validation (spec 000 §5, §8)', () => {
  it('needs a shield client and a contractId, with the catalogue texts', () => {
    expect(() => createConsent(undefined, { contractId: CONTRACT })).toThrow('puckar pbApiShieldConfig is required');
    expect(() => createConsent({}, { contractId: CONTRACT })).toThrow(
      new PraveshError('puckarShieldConfigRequired').message,
    );
    expect(() => createConsent(praveshFor(server), {})).toThrow('puckar contractId is required');
    expect(() => createConsent(praveshFor(server), { contractId: '  ' })).toThrow('puckar contractId is required');
    expect(() => createConsent(praveshFor(server), { contractId: 'bad id;' })).toThrow(/contractId/);
  });

  it('needs a visitId, from the config or the visitor layer', async () => {
    await expect(consentFor({ visitId: undefined }).run()).rejects.toThrow('puckar visitId is required');
    const visitor = { records: { read: () => ({ visitorId: 'visitor-9', visit: 'visit-9' }) } };
    const panel = fakePanel(acceptWith());
    await consentFor({ visitId: undefined, visitorId: undefined }, { visitor, openPanel: panel.open }).run();
    expect(server.to(CONSENT_ROUTES.check)[0]!.body).toMatchObject({ visitId: 'visit-9', visitorId: 'visitor-9' });
  });

  it('needs the shield config: a site whose config cannot be fetched gets the puckar message', async () => {
    server.configFailures = 5;
    await expect(consentFor().run()).rejects.toThrow('puckar pbApiShieldConfig is required');
    expect(puckarCalls()).toHaveLength(0);
  });

  it('writes need cookies enabled ("Cookie Not Enabled")', async () => {
    const consent = consentFor({}, { cookiesEnabled: () => false });
    await expect(consent.run()).rejects.toThrow('Cookie Not Enabled');
    await expect(consent.accept()).rejects.toThrow('Cookie Not Enabled');
    await expect(consent.withdraw()).rejects.toThrow('Cookie Not Enabled');
    expect(puckarCalls()).toHaveLength(0);
  });

  it('sends consent only when customerId is a GUID', async () => {
    for (const customerId of ['12345', 'not-a-guid', '6f1c1f8e-8a43-4f55-9a55-3c7d0f0d2a1']) {
      const outcome = await consentFor({}, { signOn: { session: { customerId, accessToken: 'x' } } }).run();
      expect(outcome).toEqual({ status: 'notCustomer' });
    }
    expect(await consentFor({}, { signOn: undefined }).run()).toEqual({ status: 'notCustomer' });
    await expect(consentFor({ customerId: 'nope' }).accept()).rejects.toThrow('[customerId] is required');
    expect(puckarCalls()).toHaveLength(0);
  });

  it('shows inline only in a declared element', async () => {
    await expect(consentFor().renderContract()).rejects.toThrow('ElementID is required, To show the puckar contract.');
    const document = { getElementById: () => null } as unknown as Document;
    await expect(consentFor({ elementId: 'terms' }, { document }).renderContract()).rejects.toThrow(
      'Puckar element id is not declared in this scope',
    );
  });
});

describe('feature switches (spec 000 §3 consent config)', () => {
  it('TNC_THROUGH_PUCKAR off: no consent call at all', async () => {
    const panel = fakePanel(acceptWith());
    const outcome = await consentFor({ features: { TNC_THROUGH_PUCKAR: false } }, { openPanel: panel.open }).run();
    expect(outcome).toEqual({ status: 'disabled' });
    expect(puckarCalls()).toHaveLength(0);
    expect(panel.open).not.toHaveBeenCalled();
  });

  it('SHOW_TNC_BANNER off: checked, reported pending, no panel', async () => {
    const panel = fakePanel(acceptWith());
    const outcome = await consentFor({ features: { SHOW_TNC_BANNER: false } }, { openPanel: panel.open }).run();
    expect(outcome).toMatchObject({ status: 'pending', contract: { contractVersionId: '1', alreadyVerified: false } });
    expect(panel.open).not.toHaveBeenCalled();
    expect(server.to(CONSENT_ROUTES.userConsent)).toHaveLength(0);
  });
});

describe('the journey (spec 000 §4 "Consent")', () => {
  it('shows the decoded contract; Accept records Y with consentState 1 and the consent cookies', async () => {
    const panel = fakePanel(acceptWith(1));
    const onPanelOpen = vi.fn();
    const outcome = await consentFor({}, { openPanel: panel.open, onPanelOpen }).run();
    expect(onPanelOpen).toHaveBeenCalledWith(
      expect.objectContaining({ contractVersionId: '1', markup: service.text(1) }),
    );
    expect(outcome).toEqual({ status: 'accepted', contractVersionId: '1', consentState: 1 });
    expect(panel.requests[0]).toMatchObject({
      contractId: CONTRACT,
      contractVersionId: '1',
      markup: service.text(1),
      errorText: 'Some Error occured!',
    });
    const [consent] = server.to(CONSENT_ROUTES.userConsent);
    expect(consent!.body).toEqual({
      contractId: CONTRACT,
      contractVersionId: '1',
      cookieId: 'id-1',
      customerId: CUSTOMER_ID,
      visitorId: 'visitor-1',
      visitId: 'visit-1',
      environment: 'local',
      pageUrl: base64PageUrl(PAGE),
      puckarProviderCookieId: 'id-2',
      userValue: 'Y',
      consentState: 1,
    });
    expect(atobUtf8(consent!.body!.pageUrl as string)).toBe(PAGE);
    expect(readCookie(jar, VERSION_COOKIE)).toBe('1');
    expect(readCookie(jar, contractCookieIdName(CONTRACT))).toBe('id-1');
    expect(readCookie(jar, PROVIDER_COOKIE_ID_NAME)).toBe('id-2');
    expect(readCookie(jar, DAY_COOKIE)).toBe('2026-11-21');
    expect(jar.writes.find((cookie) => cookie.startsWith(`${DAY_COOKIE}=2`))).toMatch(/Max-Age=31536000/);
  });

  it('consentState 2 when the confirm did not come from a click, submit or Enter', async () => {
    await consentFor({}, { openPanel: fakePanel(acceptWith(2)).open }).run();
    expect(server.to(CONSENT_ROUTES.userConsent)[0]!.body).toMatchObject({ userValue: 'Y', consentState: 2 });
    await consentFor().accept();
    expect(server.to(CONSENT_ROUTES.userConsent)[1]!.body).toMatchObject({ userValue: 'Y', consentState: 2 });
  });

  it('keeps the cookie ids once made', async () => {
    jar.write(`${contractCookieIdName(CONTRACT)}=kept-cookie; Path=/`);
    jar.write(`${PROVIDER_COOKIE_ID_NAME}=kept-provider; Path=/`);
    await consentFor({}, { openPanel: fakePanel(acceptWith()).open }).run();
    expect(server.to(CONSENT_ROUTES.userConsent)[0]!.body).toMatchObject({
      cookieId: 'kept-cookie',
      puckarProviderCookieId: 'kept-provider',
    });
  });

  it('the customer’s access token rides in the pass token’s sso strategy on every puckar call', async () => {
    await consentFor({}, { openPanel: fakePanel(acceptWith()).open }).run();
    const calls = puckarCalls();
    expect(calls.length).toBeGreaterThanOrEqual(2);
    for (const call of calls) {
      expect(passTokenPayload(call)).toMatchObject({ authenticationToken: { sso: ACCESS_TOKEN } });
      // Only inside the token: the header itself never leaves the page (nor would CORS allow it).
      expect(call.headers['sso-authentication-token']).toBeUndefined();
      expect(call.headers['pb-access-token']).toBeUndefined();
    }
  });

  it('a refused access token is renewed once through the sign-on client', async () => {
    service.next.set(CONSENT_ROUTES.check, [
      () => json({ status: false, statusCode: 'tokenNotValidated', statusMessage: 'Token not validated' }, 401),
    ]);
    const refreshAccessToken = vi.fn(() => Promise.resolve('renewed-token'));
    const signOn = { session: { customerId: CUSTOMER_ID, accessToken: ACCESS_TOKEN }, refreshAccessToken };
    const outcome = await consentFor({}, { signOn, openPanel: fakePanel(acceptWith()).open }).run();
    expect(refreshAccessToken).toHaveBeenCalledTimes(1);
    expect(outcome.status).toBe('accepted');
    const checks = server.to(CONSENT_ROUTES.check);
    expect(passTokenPayload(checks.at(-1)!)).toMatchObject({ authenticationToken: { sso: 'renewed-token' } });
  });

  it('Cancel (close button or Esc) records N; the overlay dismisses without recording anything', async () => {
    const declined = await consentFor(
      {},
      { openPanel: fakePanel(() => ({ action: 'declined', consentState: 1 })).open },
    ).run();
    expect(declined).toEqual({ status: 'declined', contractVersionId: '1', consentState: 1 });
    expect(server.to(CONSENT_ROUTES.userConsent).map((call) => call.body?.userValue)).toEqual(['N']);

    jar = memoryCookieJar();
    const dismissed = await consentFor({}, { openPanel: fakePanel(() => ({ action: 'dismissed' })).open }).run();
    expect(dismissed).toEqual({ status: 'dismissed', contractVersionId: '1' });
    expect(server.to(CONSENT_ROUTES.userConsent)).toHaveLength(1);
    expect(readCookie(jar, DAY_COOKIE)).toBeUndefined();
  });

  it('already verified: nothing to show', async () => {
    service.ledger.push({ contractVersionId: '1', userValue: 'Y', action: 'respond' });
    const panel = fakePanel(acceptWith());
    expect(await consentFor({}, { openPanel: panel.open }).run()).toEqual({
      status: 'alreadyVerified',
      contractVersionId: '1',
    });
    expect(panel.open).not.toHaveBeenCalled();
    expect(readCookie(jar, VERSION_COOKIE)).toBe('1');
  });

  it('is shown only when the check answers success: a failure passes its statusCode to the caller', async () => {
    service.failCheck = 'contractNotFound';
    const panel = fakePanel(acceptWith());
    expect(await consentFor({}, { openPanel: panel.open }).run()).toEqual({
      status: 'failed',
      statusCode: 'contractNotFound',
      statusMessage: 'nope',
    });
    expect(panel.open).not.toHaveBeenCalled();
  });

  it('passes the statusCode of a refusal from another copy of the HTTP client (the core script’s)', async () => {
    const foreign = Object.assign(new Error('contractNotFound'), {
      name: 'PassRequestError',
      statusCode: 'contractNotFound',
      statusMessage: 'Contract not found',
      httpStatus: 404,
      body: {},
    });
    const client = {
      siteId: SITE_ID,
      environment: 'local' as const,
      init: () => Promise.resolve({}),
      request: () => Promise.reject(foreign),
    };
    const consent = createConsent(
      client,
      { contractId: CONTRACT, visitId: 'visit-1', customerId: CUSTOMER_ID },
      { cookies: jar, cookiesEnabled: () => true, logger: { warn: () => undefined } },
    );
    expect(await consent.run()).toEqual({
      status: 'failed',
      statusCode: 'contractNotFound',
      statusMessage: 'Contract not found',
    });
  });

  it('a failed Accept keeps the panel open (its error shown); the next Accept records', async () => {
    service.failConsent = 1;
    const errors: unknown[] = [];
    const panel = fakePanel(async (request) => {
      await request.accept(1).catch((error: unknown) => errors.push(error));
      await request.accept(1);
      return { action: 'accepted', consentState: 1 };
    });
    expect((await consentFor({}, { openPanel: panel.open }).run()).status).toBe('accepted');
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ statusCode: 'consentStoreDown' });
    expect(server.to(CONSENT_ROUTES.userConsent)).toHaveLength(2);
  });

  it('a failed decline passes its statusCode on', async () => {
    service.failConsent = 1;
    const outcome = await consentFor(
      {},
      { openPanel: fakePanel(() => ({ action: 'declined', consentState: 2 })).open },
    ).run();
    expect(outcome).toMatchObject({ status: 'failed', statusCode: 'consentStoreDown' });
    expect(readCookie(jar, DAY_COOKIE)).toBeUndefined();
  });

  it('a panel that cannot load fails the run with somethingWentWrong', async () => {
    const outcome = await consentFor({}, { openPanel: () => Promise.reject(new Error('script blocked')) }).run();
    expect(outcome).toMatchObject({ status: 'failed', statusCode: 'somethingWentWrong' });
  });
});

describe('once per site per day (spec 000 §4, §5, §9)', () => {
  async function acceptedToday() {
    await consentFor({}, { openPanel: fakePanel(acceptWith()).open }).run();
    server.calls.length = 0;
  }

  it('skips the check later the same day: recorded as valid', async () => {
    await acceptedToday();
    clock = NOON + 11 * 60 * 60 * 1000; // 23:00, same day
    const panel = fakePanel(acceptWith());
    expect(await consentFor({}, { openPanel: panel.open }).run()).toEqual({
      status: 'recorded',
      contractVersionId: '1',
    });
    expect(server.to(CONSENT_ROUTES.check)).toHaveLength(0);
    expect(server.to(CONSENT_ROUTES.isLatestContractVersion)[0]!.body).toEqual({
      contractId: CONTRACT,
      contractVersionId: '1',
    });
    expect(panel.open).not.toHaveBeenCalled();
  });

  it('the next day the stored date is no longer valid: checked again', async () => {
    await acceptedToday();
    clock = NOON + DAY_MS;
    const panel = fakePanel(acceptWith());
    expect(await consentFor({}, { openPanel: panel.open }).run()).toEqual({
      status: 'alreadyVerified',
      contractVersionId: '1',
    });
    expect(server.to(CONSENT_ROUTES.check)).toHaveLength(1);
    expect(readCookie(jar, DAY_COOKIE)).toBe('2026-11-22');
  });

  it('a version published the same day is shown the same day', async () => {
    await acceptedToday();
    service.latest = 2;
    const panel = fakePanel(acceptWith());
    expect(await consentFor({}, { openPanel: panel.open }).run()).toEqual({
      status: 'accepted',
      contractVersionId: '2',
      consentState: 1,
    });
    expect(panel.requests[0]!.markup).toBe(service.text(2));
    expect(server.to(CONSENT_ROUTES.check)[0]!.body).toMatchObject({ contractVersionId: '1' });
    expect(readCookie(jar, VERSION_COOKIE)).toBe('2');
  });

  it('an unanswered panel is offered again on the next page, even the same day', async () => {
    await acceptedToday();
    service.latest = 2;
    await consentFor({}, { openPanel: fakePanel(() => ({ action: 'dismissed' })).open }).run();
    const again = fakePanel(() => ({ action: 'dismissed' }));
    expect((await consentFor({}, { openPanel: again.open }).run()).status).toBe('dismissed');
    expect(again.open).toHaveBeenCalledTimes(1);
  });

  it('a declined contract is not asked again the same day, and is asked the next day', async () => {
    await consentFor({}, { openPanel: fakePanel(() => ({ action: 'declined', consentState: 1 })).open }).run();
    const same = fakePanel(acceptWith());
    expect((await consentFor({}, { openPanel: same.open }).run()).status).toBe('recorded');
    clock = NOON + DAY_MS;
    expect((await consentFor({}, { openPanel: same.open }).run()).status).toBe('accepted');
  });

  it('a forged or foreign date in the cookie is never valid', async () => {
    jar.write(`${VERSION_COOKIE}=1; Path=/`);
    for (const value of ['21-11-2026', 'today', '2026-11-21x', '']) {
      jar.write(`${DAY_COOKIE}=${value}; Path=/`);
      server.calls.length = 0;
      await consentFor({}, { openPanel: fakePanel(() => ({ action: 'dismissed' })).open }).run();
      expect(server.to(CONSENT_ROUTES.check)).toHaveLength(1);
    }
  });

  it('the monthly check: a settled consent holds for the rest of the month', async () => {
    await consentFor({ period: 'month' }, { openPanel: fakePanel(acceptWith()).open }).run();
    clock = new Date(2026, 10, 30, 12).getTime();
    expect((await consentFor({ period: 'month' }).run()).status).toBe('recorded');
    clock = new Date(2026, 11, 1, 12).getTime();
    server.calls.length = 0;
    expect((await consentFor({ period: 'month' }).run()).status).toBe('alreadyVerified');
    expect(server.to(CONSENT_ROUTES.check)).toHaveLength(1);
  });

  it('a consent withdrawn elsewhere the same day (My Account, another site) is asked for again', async () => {
    await acceptedToday();
    // Withdrawn on another page: this browser's cookies still say settled today.
    service.ledger.push({ contractVersionId: '1', userValue: 'N', action: 'withdraw' });
    const panel = fakePanel(() => ({ action: 'dismissed' }));
    expect((await consentFor({}, { openPanel: panel.open }).run()).status).toBe('dismissed');
    expect(server.to(CONSENT_ROUTES.check)).toHaveLength(1);
    expect(panel.open).toHaveBeenCalledTimes(1);
  });

  it('another customer signed in on the same browser the same day is asked: the day is not theirs', async () => {
    await acceptedToday();
    // The server knows this customer has never answered (a new ledger: the other person's).
    service.ledger.length = 0;
    const panel = fakePanel(() => ({ action: 'dismissed' }));
    expect((await consentFor({}, { openPanel: panel.open }).run()).status).toBe('dismissed');
    expect(server.to(CONSENT_ROUTES.check)).toHaveLength(1);
    expect(panel.open).toHaveBeenCalledTimes(1);
  });

  it('a failing latest-version check falls back to the full check', async () => {
    await acceptedToday();
    service.next.set(CONSENT_ROUTES.isLatestContractVersion, [() => Promise.reject(new TypeError('offline'))]);
    expect((await consentFor().run()).status).toBe('alreadyVerified');
  });
});

describe('withdrawal and history (DPDP Act 2023 §6(4))', () => {
  it('withdraw posts the customer and clears the day flag, so the panel is offered again', async () => {
    const consent = consentFor({}, { openPanel: fakePanel(acceptWith()).open });
    await consent.run();
    await consent.withdraw('changed my mind');
    expect(server.to(CONSENT_ROUTES.withdraw)[0]!.body).toEqual({
      contractId: CONTRACT,
      customerId: CUSTOMER_ID,
      visitorId: 'visitor-1',
      visitId: 'visit-1',
      pageUrl: base64PageUrl(PAGE),
      reason: 'changed my mind',
    });
    expect(readCookie(jar, DAY_COOKIE)).toBeUndefined();
    const panel = fakePanel(() => ({ action: 'dismissed' }));
    expect((await consentFor({}, { openPanel: panel.open }).run()).status).toBe('dismissed');
  });

  it('history asks for JSON; historyCsv takes the server’s CSV as text, field or envelope', async () => {
    const history = {
      customerId: CUSTOMER_ID,
      current: [],
      entries: [
        {
          entryId: 'e1',
          contractId: CONTRACT,
          contractVersionId: '1',
          action: 'respond',
          userValue: 'Y',
          consentState: 1,
          customerId: CUSTOMER_ID,
          visitorId: 'v',
          visitId: null,
          siteId: 2,
          pageUrl: '=HYPERLINK("x")',
          recordedAt: '2026-11-21T06:30:00.000Z',
          ipHash: null,
          userAgentHash: null,
        },
      ],
    };
    server.reply(CONSENT_ROUTES.history, () => ok(history));
    await expect(consentFor().history()).resolves.toEqual(history);
    expect(server.to(CONSENT_ROUTES.history)[0]!.body).toEqual({ customerId: CUSTOMER_ID, format: 'json' });

    server.reply(
      CONSENT_ROUTES.history,
      () => new Response('a,b\r\n1,2\r\n', { headers: { 'content-type': 'text/csv' } }),
    );
    await expect(consentFor().historyCsv()).resolves.toBe('a,b\r\n1,2\r\n');
    server.reply(CONSENT_ROUTES.history, () => ok({ csv: 'x\r\n' }));
    await expect(consentFor().historyCsv()).resolves.toBe('x\r\n');
    server.reply(CONSENT_ROUTES.history, () => ok(history));
    const built = await consentFor().historyCsv();
    // The server's export format (core's historyToCsv): quoted header, entryId first.
    expect(built.split('\r\n')[0]).toMatch(/^"entryId","recordedAt","contractId",/);
    expect(built).toContain(`"'=HYPERLINK(""x"")"`);
    expect(server.to(CONSENT_ROUTES.history).at(-1)!.body).toEqual({ customerId: CUSTOMER_ID, format: 'csv' });
  });
});

describe('wire details', () => {
  it('decodes the contract bytes as UTF-8 and encodes pageUrl as base64 of UTF-8', () => {
    const text = '<p>नियम ₹ “terms”</p>';
    expect(decodeContractText({ data: Array.from(Buffer.from(text, 'utf8')) })).toBe(text);
    expect(decodeContractText(undefined)).toBe('');
    expect(Buffer.from(base64PageUrl(PAGE), 'base64').toString('utf8')).toBe(PAGE);
  });

  it('dates are the local calendar day', () => {
    expect(localDate(new Date(2026, 0, 5, 0, 0, 1).getTime())).toBe('2026-01-05');
    expect(localDate(new Date(2026, 0, 5, 23, 59, 59).getTime())).toBe('2026-01-05');
  });
});

function atobUtf8(base64: string): string {
  return Buffer.from(base64, 'base64').toString('utf8');
}
