import { createVisitBodySchema, VISIT_BASE64_FIELDS, VISIT_PLAIN_UTM_FIELDS } from '@pravesh/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  base64Utf8,
  buildVisitBody,
  utmSourceOf,
  VISIT_BASE64_PARAMS,
  VISIT_PATH,
  VISIT_PLAIN_PARAMS,
} from './visit-body.ts';

const VISIT_ID = '3f6c1f0e-2b8a-4c55-9d1e-7a2b3c4d5e6f';
const decode = (text: string) => new TextDecoder().decode(Uint8Array.from(atob(text), (c) => c.charCodeAt(0)));

describe('visit body', () => {
  it('names the fields of the server schema', () => {
    expect(VISIT_PATH).toBe('/MSP/api/v1/visit');
    expect(Object.keys(VISIT_BASE64_PARAMS)).toEqual([...VISIT_BASE64_FIELDS]);
    expect(Object.keys(VISIT_PLAIN_PARAMS)).toEqual([...VISIT_PLAIN_UTM_FIELDS]);
  });

  it('base64-encodes the address and the utm fields, and keeps pbUtm plain', () => {
    const url =
      'https://loans.example.in/apply?utm_source=google&utm_medium=cpc&utmCampaign=diwali%20%E0%A4%A6&data_source=app&pb_utm_source=pb&x=1';
    const body = buildVisitBody({
      visitId: VISIT_ID,
      url,
      createdAt: 1_760_000_000_000,
      visitorId: 'visitor-1',
      parentVisitId: 'p',
      absoluteParentVisitId: undefined,
      siteName: 'Personal loan marketplace',
    });
    expect(body).toEqual({
      visitId: VISIT_ID,
      createdAt: 1_760_000_000_000,
      completeUrl: base64Utf8(url),
      visitorId: 'visitor-1',
      parentVisitId: 'p',
      siteName: 'Personal loan marketplace',
      utmSource: btoa('google'),
      utmMedium: btoa('cpc'),
      utmCampaign: base64Utf8('diwali द'),
      dataSource: btoa('app'),
      pbUtmSource: 'pb',
    });
    expect(decode(body.utmCampaign!)).toBe('diwali द');
    expect(createVisitBodySchema.parse(body)).toMatchObject({ visitId: VISIT_ID });
  });

  it('reads the utm source as the visitor record keeps it', () => {
    expect(utmSourceOf('https://a.example/?utm_source=google')).toBe(btoa('google'));
    expect(utmSourceOf('https://a.example/?utm_source=')).toBeUndefined();
    expect(utmSourceOf('https://a.example/')).toBeUndefined();
    expect(utmSourceOf('not a url')).toBeUndefined();
  });

  it('always produces a body the server accepts, whatever the address', () => {
    const value = fc.string({ unit: 'grapheme', maxLength: 3000 });
    fc.assert(
      fc.property(value, value, fc.webUrl(), (source, campaign, base) => {
        const url = `${base}?utm_source=${encodeURIComponent(source)}&utm_campaign=${encodeURIComponent(campaign)}&pb_utm_term=${encodeURIComponent(campaign)}`;
        const result = createVisitBodySchema.safeParse(buildVisitBody({ visitId: VISIT_ID, url, createdAt: 0 }));
        expect(result.error).toBeUndefined();
      }),
      { numRuns: 100 },
    );
    expect(createVisitBodySchema.safeParse(buildVisitBody({ visitId: VISIT_ID, url: '', createdAt: 0 })).success).toBe(
      true,
    );
    const long = `https://a.example/${'x'.repeat(20_000)}`;
    expect(
      createVisitBodySchema.safeParse(buildVisitBody({ visitId: VISIT_ID, url: long, createdAt: 0 })).success,
    ).toBe(true);
  });
});
