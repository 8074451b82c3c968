import { describe, expect, it } from 'vitest';
import { createAnalytics, dataLayerEvent, deviceFor } from './analytics.ts';
import { CAMPAIGN_DEFAULTS, isNativeAppJourney, readCampaign } from '../session/campaign.ts';

describe('analytics data layer (spec 001 §7)', () => {
  it('maps viewed, clicked and submitted to their events; the others keep their names', () => {
    const base = { category: 'dashboard', label: 'home', page: 'dashboard' };
    expect(dataLayerEvent({ ...base, action: 'viewed' })).toEqual({
      dashboardType: 'myAccount',
      category: 'dashboard',
      label: 'home',
      lob: 'myAccount',
      platform: 'Web',
      page: 'dashboard',
      action: 'viewed',
      event: 'virtualPageview',
    });
    expect(dataLayerEvent({ ...base, action: 'clicked' }).event).toBe('buttonClick');
    expect(dataLayerEvent({ ...base, action: 'submitted' }).event).toBe('formSubmit');
    for (const action of ['requested', 'apiResponse', 'received'] as const) {
      expect(dataLayerEvent({ ...base, action }).event).toBe(action);
    }
  });

  it('counts 768px and wider as desktop (spec 001 §3)', () => {
    expect(deviceFor(768)).toBe('desktop');
    expect(deviceFor(767)).toBe('mobile');
  });

  it('pushes to the data layer and sends the event to event/produce, never failing the page', async () => {
    const dataLayer: unknown[] = [];
    const sent: unknown[] = [];
    const analytics = createAnalytics({
      sink: (event) => {
        sent.push(event);
        return Promise.reject(new Error('offline'));
      },
      dataLayer,
      width: () => 375,
    });
    analytics.track({ action: 'clicked', category: 'header', label: 'logout', page: 'dashboard' });
    await Promise.resolve();
    expect(dataLayer).toEqual([expect.objectContaining({ event: 'buttonClick', lob: 'myAccount', device: 'mobile' })]);
    expect(sent).toEqual([
      expect.objectContaining({
        event: 'buttonClick',
        action: 'clicked',
        lob: 'myAccount',
        pageType: 'dashboard',
        data: expect.objectContaining({ platform: 'Web', dashboardType: 'myAccount', device: 'mobile' }) as unknown,
      }),
    ]);
  });
});

describe('campaign data (spec 001 §3)', () => {
  it('fills the defaults: utmSource direct, source and utmTitle MY_ACCOUNT', () => {
    expect(readCampaign('')).toEqual(CAMPAIGN_DEFAULTS);
    expect(readCampaign('?utm_source=sms&utm_medium=crm&glssKey=k1&fromApp=app_ios')).toEqual({
      ...CAMPAIGN_DEFAULTS,
      utmSource: 'sms',
      utmMedium: 'crm',
      glssKey: 'k1',
      fromApp: 'app_ios',
    });
  });

  it('keeps stored values the address does not override, and drops markup', () => {
    const stored = readCampaign('?utm_source=partner&utm_term=cards');
    expect(readCampaign('?utm_term=<script>', stored)).toMatchObject({ utmSource: 'partner', utmTerm: 'cards' });
  });

  it('only app sources with a glssKey are native app journeys (spec 001 §4)', () => {
    expect(isNativeAppJourney(readCampaign('?utm_source=app_android&glssKey=k'))).toBe(true);
    expect(isNativeAppJourney(readCampaign('?utm_source=app_android'))).toBe(false);
    expect(isNativeAppJourney(readCampaign('?utm_source=newsletter&glssKey=k'))).toBe(false);
  });
});
