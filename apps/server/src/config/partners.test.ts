import { describe, expect, it } from 'vitest';
import { DEMO_PARTNER_KEY } from '@pravesh/core';
import { ANY_PARTNER, loadPartnerConfig } from './partners.ts';

describe('partner configuration', () => {
  it('sends every lender to the demo partner page outside production, with the demo key only in local', () => {
    const local = loadPartnerConfig({}, 'local');
    expect(local.continueUrls.get(ANY_PARTNER)).toBe('http://localhost:4100/partner/apply');
    expect(local.keys).toEqual([{ lenderId: ANY_PARTNER, key: DEMO_PARTNER_KEY }]);
    const staging = loadPartnerConfig({}, 'staging');
    expect(staging.continueUrls.get(ANY_PARTNER)).toBe('http://localhost:4100/partner/apply');
    expect(staging.keys).toEqual([]);
    const production = loadPartnerConfig({}, 'production');
    expect(production.continueUrls.size).toBe(0);
    expect(production.keys).toEqual([]);
  });

  it('reads per-lender URLs and keys, and refuses weak, built-in or malformed ones', () => {
    const key = 'kosh-bank-partner-key-0123456789abcdef';
    const config = loadPartnerConfig(
      {
        PRAVESH_PARTNER_CONTINUE_URLS: JSON.stringify({ 'kosh-bank': 'https://apply.koshbank.example.in/pl' }),
        PRAVESH_PARTNER_KEYS: `kosh-bank=${key}`,
      },
      'production',
    );
    expect(config.continueUrls.get('kosh-bank')).toBe('https://apply.koshbank.example.in/pl');
    expect(config.keys).toEqual([{ lenderId: 'kosh-bank', key }]);
    const load = (env: Record<string, string>) => () => loadPartnerConfig(env, 'production');
    expect(load({ PRAVESH_PARTNER_KEYS: 'kosh-bank=short' })).toThrow(/shorter than 32/);
    expect(load({ PRAVESH_PARTNER_KEYS: `*=${DEMO_PARTNER_KEY}` })).toThrow(/only local accepts/);
    expect(load({ PRAVESH_PARTNER_KEYS: 'no-equals-sign' })).toThrow(/must look like/);
    expect(load({ PRAVESH_PARTNER_CONTINUE_URLS: '{"kosh-bank":"http://apply.example.in"}' })).toThrow(/https/);
    expect(load({ PRAVESH_PARTNER_CONTINUE_URLS: '{"kosh-bank":"javascript:alert(1)"}' })).toThrow(/http\(s\) URL/);
    expect(load({ PRAVESH_PARTNER_CONTINUE_URLS: '[' })).toThrow(/not valid JSON/);
  });
});
