import { CREDIT_CONSENT_CONTRACTS, CREDIT_ROUTES, sessionCookieNames } from '@pravesh/core';
import { beforeEach, describe, expect, it } from 'vitest';
import { memoryCookieJar } from '../cookies.ts';
import { createSignOn, type SignOn } from '../sso/index.ts';
import {
  CONFIG,
  fakeServer,
  json,
  memoryStorage,
  ok,
  praveshFor,
  SITE_ID,
  type FakeServer,
} from '../sso/test-support.ts';
import { accessTokenCookieName } from '../sso/token-store.ts';
import { CREDIT_REPORT_CONTRACT_ID, NUDGE_ROUTES } from './constants.ts';
import { createNudgeData, localNudgeStore, type NudgeStore } from './data.ts';

/**
 * The nudge's live tiles through a real sign-on client against a fake API (the sso test server):
 * the token refresh of spec 000 §4 and the storage rules of spec 000 §8.
 */
const SCORES = [
  {
    creditBureau: 'CIBIL',
    score: 781,
    previousScore: 770,
    scoreBand: 'VERY_GOOD',
    dateApplied: '2026-11-20T10:00:00+05:30',
    nextRefreshDate: '2026-12-20T10:00:00+05:30',
    scoreState: 'SCORE',
    rawScore: '781',
    riskIndex: null,
    isValidScore: true,
  },
];
const OFFERS = {
  PL: {
    subProductList: ['a', 'b', 'c'].map((id) => ({
      offerId: `pl-${id}`,
      productType: 'PL',
      productName: `Loan ${id}`,
    })),
  },
};

let server: FakeServer;
let signOn: SignOn;
let store: NudgeStore;

beforeEach(async () => {
  server = await fakeServer();
  const cookies = {
    [sessionCookieNames('local').exists]: '1',
    [accessTokenCookieName('local', SITE_ID)]: 'stale-token',
  };
  signOn = createSignOn(praveshFor(server), CONFIG, {
    fetch: server.fetch,
    cookies: memoryCookieJar(cookies),
    storage: memoryStorage(),
    url: () => 'https://www.example.in/',
    logger: { warn: () => {} },
  });
  store = localNudgeStore('local', memoryStorage());
});

describe('the nudge’s live tiles (spec 000 §4, §8)', () => {
  it('asks for the credit report terms the server wants before a pull', () => {
    expect(CREDIT_CONSENT_CONTRACTS).toContain(CREDIT_REPORT_CONTRACT_ID);
  });

  it('reads the personalisation answer: the listed offers and the uncapped total', async () => {
    server.reply(CREDIT_ROUTES.getCreditScores, () => ok(SCORES));
    server.reply(NUDGE_ROUTES.personalization, () =>
      ok({ totalOffers: 7, offers: OFFERS, generatedAt: '2026-11-25T10:00:00+05:30' }),
    );
    const tiles = await createNudgeData(store).live((method, path, options) => signOn.request(method, path, options));
    expect(tiles.gucpaOffers).toMatchObject({ total: 7, offers: [{ offerId: 'pl-a' }, { offerId: 'pl-b' }] });
    expect(createNudgeData(store).stored().gucpaOffers?.total).toBe(7);
  });

  it('a first reply without status gets a new access token and one retry', async () => {
    server.reply(CREDIT_ROUTES.getCreditScores, () => json({ message: 'expired' }));
    server.reply(CREDIT_ROUTES.getCreditScores, () => ok(SCORES));
    server.reply(NUDGE_ROUTES.personalization, () => ok(OFFERS));
    const tiles = await createNudgeData(store).live(signOn.request);
    const calls = server.to(CREDIT_ROUTES.getCreditScores);
    expect(calls.map((call) => call.headers['pb-access-token'])).toEqual(['stale-token', signOn.getAccessToken()]);
    expect(signOn.getAccessToken()).toMatch(/^access-/);
    expect(tiles.bureauTile).toMatchObject({ kind: 'score', score: 781, label: 'Good', delta: 'up' });
    expect(tiles.gucpaOffers?.offers).toHaveLength(2);
    expect(store.read().offers).toHaveLength(3);
  });

  it('refreshes only once: a second reply without status is the score tile’s failure', async () => {
    store.write({ scores: SCORES as never });
    server.reply(CREDIT_ROUTES.getCreditScores, () => json({ message: 'expired' }), 2);
    const tiles = await createNudgeData(store).live(signOn.request);
    expect(server.to(CREDIT_ROUTES.getCreditScores)).toHaveLength(2);
    // The stored score stays on the tile, marked as possibly out of date.
    expect(tiles).toMatchObject({ scoreUnavailable: true, bureauTile: { kind: 'score', score: 781 } });
  });

  it('no bureau data: "Get Credit Score for FREE" and stored offers cleared', async () => {
    store.write({ scores: SCORES as never, offers: [{ offerId: 'old' } as never] });
    server.reply(CREDIT_ROUTES.getCreditScores, () => ok([]));
    const tiles = await createNudgeData(store).live(signOn.request);
    expect(tiles).toEqual({ bureauTile: { kind: 'getScore' }, gucpaOffers: null });
    expect(store.read().offers).toBeUndefined();
    expect(server.to(NUDGE_ROUTES.personalization)).toHaveLength(0);
  });

  it('NO_HIT at every bureau: the checked no-file tile, stored offers cleared, no offers asked for (spec 000 §8)', async () => {
    store.write({ scores: SCORES as never, offers: [{ offerId: 'old' } as never], offerTotal: 1 });
    const noHit = (creditBureau: string) => ({
      ...SCORES[0],
      creditBureau,
      score: null,
      previousScore: null,
      scoreBand: null,
      scoreState: 'NO_HIT',
      rawScore: null,
      isValidScore: false,
    });
    server.reply(CREDIT_ROUTES.getCreditScores, () => ok([noHit('CIBIL'), noHit('EXPERIAN')]));
    const tiles = await createNudgeData(store).live(signOn.request);
    expect(tiles).toEqual({ bureauTile: { kind: 'getScore', noHit: true }, gucpaOffers: null });
    expect(store.read().offers).toBeUndefined();
    expect(server.to(NUDGE_ROUTES.personalization)).toHaveLength(0);
  });

  it('offers failing: the tile is hidden and the stored personalisation cleared', async () => {
    store.write({ offers: [{ offerId: 'old' } as never] });
    server.reply(CREDIT_ROUTES.getCreditScores, () => ok(SCORES));
    server.reply(NUDGE_ROUTES.personalization, () => json({ status: false, statusCode: 'offersUnavailable' }, 503));
    const tiles = await createNudgeData(store).live(signOn.request);
    expect(tiles.gucpaOffers).toBeNull();
    expect(tiles.bureauTile).toMatchObject({ kind: 'score' });
    expect(store.read()).toEqual({ scores: expect.any(Array) as unknown });
  });

  it('apply sends mobileNo, payload.visitId and offerId, and answers the redirectUrl', async () => {
    server.reply(NUDGE_ROUTES.applyOffer, () => ok({ redirectUrl: 'https://partner.example.in/lead/42' }));
    const url = await createNudgeData(store).apply(signOn.request, {
      offerId: 'pl-a',
      mobileNo: '9876543210',
      visitId: 'v-1',
    });
    expect(url).toBe('https://partner.example.in/lead/42');
    expect(server.to(NUDGE_ROUTES.applyOffer)[0]?.body).toEqual({
      mobileNo: '9876543210',
      payload: { visitId: 'v-1' },
      offerId: 'pl-a',
    });
  });

  it('apply refuses a redirect that is not a web address', async () => {
    server.reply(NUDGE_ROUTES.applyOffer, () => ok({ redirectUrl: 'javascript:alert(1)' }));
    await expect(
      createNudgeData(store).apply(signOn.request, { offerId: 'x', mobileNo: '9876543210', visitId: undefined }),
    ).rejects.toThrow();
  });
});
