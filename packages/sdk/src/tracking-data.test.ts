import {
  analyticsEventSchema,
  deriveSiteKey,
  shieldConfigPath,
  SSO_SITE_ID,
  trackingDataSchema,
  wrapSiteKey,
  type ShieldConfig,
  type VisitorRecord,
} from '@pravesh/core';
import { describe, expect, it, vi } from 'vitest';
import { createPravesh } from './client.ts';
import { memoryCookieJar } from './cookies.ts';
import type { FetchLike } from './http.ts';
import { collectTrackingData, trackingDataProvider } from './tracking-data.ts';
import { createVisitorRecordStore } from './visitor-record.ts';

const record: VisitorRecord = {
  id: '0b7f3c52-6a8e-4f4e-9a51-3c2d1e0f9a87',
  visitorId: 'visitor-1',
  initialNudgeState: 'open',
  lastActive: 0,
  createdAt: 0,
  updatedAt: 0,
  visit: 'visit-3',
  mostRecentVisit: 'visit-3',
  parentVisitId: 'visit-2',
  absoluteParentVisitId: 'visit-1',
  syncGuc: false,
  purgeStorage: false,
  customerStorageMapping: {},
};

describe('tracking data', () => {
  it('is signedOut with the visit chain and no customer', async () => {
    const data = await collectTrackingData({
      siteId: '7',
      record: () => record,
      customer: () => Promise.resolve(undefined),
      deviceId: () => Promise.resolve('d'.repeat(64)),
    });
    expect(data).toEqual({
      deviceId: 'd'.repeat(64),
      absoluteParentVisitId: 'visit-1',
      parentVisitId: 'visit-2',
      visitId: 'visit-3',
      visitorId: 'visitor-1',
      siteId: 7,
      userState: 'signedOut',
    });
    expect(trackingDataSchema.parse(data)).toEqual(data);
  });

  it('is signedIn with the opened customer fields once a customer is set', async () => {
    const records = createVisitorRecordStore({ environment: 'staging', cookieKey: 'k', cookies: memoryCookieJar() });
    records.write(record);
    await records.setCustomer(SSO_SITE_ID, { mobileNo: '9876543210', customerId: 'c-1' });
    const data = await trackingDataProvider({
      siteId: SSO_SITE_ID,
      record: records.read,
      customer: records.getCustomer,
    })();
    expect(data).toMatchObject({ customerId: 'c-1', mobileNo: '9876543210', userState: 'signedIn', siteId: 11 });
  });

  it('survives missing parts: no record, a failing device probe or customer opening', async () => {
    const data = await collectTrackingData({
      siteId: 99,
      record: () => undefined,
      customer: () => Promise.reject(new Error('x')),
      deviceId: () => Promise.reject(new Error('x')),
    });
    expect(data).toEqual({ userState: 'signedOut' });
    const withRecord = await collectTrackingData({
      siteId: 7,
      record: () => record,
      customer: () => Promise.reject(new Error('x')),
    });
    expect(withRecord.userState).toBe('signedOut');
  });
});

describe('Pravesh.track with tracking data', () => {
  async function setup() {
    const siteKey = await deriveSiteKey('master', 7);
    const config: ShieldConfig = {
      siteId: 7,
      ct: await wrapSiteKey(siteKey, 7, 'k1'),
      ci: 'k1',
      environment: 'staging',
      passTokenValidity: 900,
      noPassDomain: [],
      allowedRoute: [],
      allowedSite: [7],
      includeSubdomain: false,
      version: 1001,
      siteName: 'Credit card',
      defaultAuthentication: false,
    };
    const sent: unknown[] = [];
    const fetch = vi.fn<FetchLike>((url, init) => {
      const body = url.endsWith(shieldConfigPath(7))
        ? config
        : (() => {
            const [event] = JSON.parse(init.body as string) as [{ eventId: string }];
            sent.push(event);
            return { eventId: event.eventId, storedAt: 'now' };
          })();
      return Promise.resolve(new Response(JSON.stringify({ status: true, statusCode: 'success', response: body })));
    });
    return {
      pravesh: createPravesh({ apiBaseUrl: 'https://api.example', siteId: 7, environment: 'staging', fetch }),
      sent,
    };
  }

  it('attaches the tracking data to every event, the event fields winning', async () => {
    const { pravesh, sent } = await setup();
    pravesh.setTrackingData(() => ({ visitorId: 'visitor-1', visitId: 'visit-3', userState: 'signedOut', siteId: 7 }));
    await pravesh.track({ event: 'nudge_open' });
    await pravesh.track({ event: 'apply', visitId: 'explicit' });
    expect(sent[0]).toMatchObject({
      event: 'nudge_open',
      visitorId: 'visitor-1',
      visitId: 'visit-3',
      userState: 'signedOut',
    });
    expect(sent[1]).toMatchObject({ event: 'apply', visitId: 'explicit' });
    expect(analyticsEventSchema.parse(sent[0])).toMatchObject({ siteId: 7 });
  });

  it('sends the event without tracking data when the provider fails, and stops when detached', async () => {
    const { pravesh, sent } = await setup();
    pravesh.setTrackingData(() => {
      throw new Error('no record');
    });
    await pravesh.track({ event: 'a' });
    pravesh.setTrackingData(() => Promise.reject(new Error('no record')));
    await pravesh.track({ event: 'b' });
    pravesh.setTrackingData(undefined);
    await pravesh.track({ event: 'c' });
    expect(sent.map((event) => Object.keys(event as object).sort())).toEqual([
      ['event', 'eventId'],
      ['event', 'eventId'],
      ['event', 'eventId'],
    ]);
  });
});
