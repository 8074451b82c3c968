import { describe, expect, it } from 'vitest';
import { isMobileOrWebviewSource } from '../../session/campaign.ts';
import { orderedBanks, popularBanks, searchBanks } from './bank-lists.ts';
import { initiateFixture } from './fixtures.ts';
import { consentSourceOf, journeyVariant } from './journey-source.ts';
import { consentTerms, duration, maskAaCustomerId, maskAccountNumber, spanInWords } from './words.ts';

const campaign = (fields: Record<string, string>) => ({
  utmSource: 'direct',
  source: 'MY_ACCOUNT',
  utmTitle: 'MY_ACCOUNT',
  ...fields,
});

describe('aggregator words and lists', () => {
  it('masks an account number to its last 4 and the FINVU id’s number (spec 001 §5)', () => {
    expect(maskAccountNumber('123456789012')).toBe('XXXXXXXX9012');
    expect(maskAccountNumber('XXXXXXXX4411')).toBe('XXXXXXXX4411');
    expect(maskAccountNumber('123')).toBe('123');
    expect(maskAaCustomerId('9876501234@finvu')).toBe('98******34@finvu');
  });

  it('says spans and units as people do', () => {
    expect(spanInWords('2024-11-27T05:00:00.000Z', '2026-11-27T05:00:00.000Z')).toBe('2 years');
    expect(spanInWords('2026-11-27T05:00:00.000Z', '2027-11-27T05:00:00.000Z')).toBe('1 year');
    expect(spanInWords('2026-10-28T05:00:00.000Z', '2026-11-27T05:00:00.000Z')).toBe('1 month');
    expect(spanInWords('2026-11-20T05:00:00.000Z', '2026-11-27T05:00:00.000Z')).toBe('7 days');
    expect(duration(1, 'MONTH')).toBe('1 month');
    expect(duration(3, 'DAY')).toBe('3 days');
    expect(duration(0, 'INF')).toBe('no fixed end');
  });

  it('words each field of a one-time, view-only consent too', () => {
    const base = initiateFixture();
    expect(base.banks).toHaveLength(23);
    const detail = {
      consentStart: '2026-11-27T05:00:00.000Z',
      consentExpiry: '2026-12-27T05:00:00.000Z',
      consentMode: 'VIEW' as const,
      fetchType: 'ONETIME' as const,
      consentTypes: ['SUMMARY' as const],
      fiTypes: ['DEPOSIT', 'TERM_DEPOSIT'],
      DataConsumer: { id: 'KOSH-FIU', type: 'FIU' as const },
      Customer: { id: '9876501234@finvu', Identifiers: [] },
      Purpose: { code: '105' as const, refUri: '', text: 'Explicit one-time consent', Category: { type: 'string' } },
      FIDataRange: { from: '2026-08-29T05:00:00.000Z', to: '2026-11-27T05:00:00.000Z' },
      DataLife: { unit: 'INF' as const, value: 0 },
      Frequency: { unit: 'DAY' as const, value: 2 },
    };
    const terms = Object.fromEntries(consentTerms(detail).map((term) => [term.id, term.description]));
    expect(terms.data).toBe('Your balance, from your savings and current accounts and fixed deposits');
    expect(terms.range).toContain('(the last 3 months)');
    expect(terms.period).toBe('1 month, until 27 December 2026. You can stop sharing at any time');
    expect(terms.frequency).toBe('Just once, right after you approve');
    expect(terms.purpose).toBe('To look at your accounts this one time');
    expect(terms.kept).toBe('Until you stop sharing (viewed, not stored)');
    expect(
      consentTerms({ ...detail, fetchType: 'PERIODIC' }).find((term) => term.id === 'frequency')?.description,
    ).toBe('At most once every 2 days, while your consent is active');
  });

  it('orders the bank table top banks first, keeps the popular six, and searches names and initials (spec 001 §9)', () => {
    const initiate = initiateFixture();
    expect(
      orderedBanks(initiate)
        .slice(0, 5)
        .map((bank) => bank.id),
    ).toEqual(initiate.topBanks);
    expect(orderedBanks(initiate)).toHaveLength(23);
    expect(popularBanks(initiate).map((bank) => bank.id)).toEqual([
      'HDFC-FIP',
      'SBI-FIP',
      'ICICI-FIP',
      'AXIS001',
      'BARB0KIMXXX',
      'FDRLFIPPROD',
    ]);
    const names = (query: string) => searchBanks(initiate.banks, query).map((bank) => bank.bankName);
    expect(names('sbi')).toEqual(['State Bank of India']);
    expect(names('  Karur ')).toEqual(['Karur Vysya Bank']);
    expect(names('small finance')).toEqual(['AU Small Finance Bank', 'Fincare Small Finance Bank']);
    expect(names('nothing like it')).toEqual([]);
  });

  it('reads the journey variant and consent source from the campaign (spec 001 §2, §9)', () => {
    expect(journeyVariant(null)).toBe('myaccount');
    expect(journeyVariant(campaign({ source: 'bureau' }))).toBe('bureau');
    expect(journeyVariant(campaign({ utmSource: 'BL' }))).toBe('loan');
    expect(consentSourceOf('loan')).toBe('pl');
    expect(consentSourceOf('bureau')).toBe('myaccount');
    expect(isMobileOrWebviewSource(campaign({ utmSource: 'app_ios' }))).toBe(true);
    expect(isMobileOrWebviewSource(campaign({ source: 'webview' }))).toBe(true);
    expect(isMobileOrWebviewSource(campaign({ fromApp: 'true' }))).toBe(true);
    expect(isMobileOrWebviewSource(campaign({ fromApp: 'false' }))).toBe(false);
    expect(isMobileOrWebviewSource(campaign({}))).toBe(false);
  });
});
