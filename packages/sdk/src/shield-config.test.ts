import { PraveshError, shieldConfigSchema } from '@pravesh/core';
import { describe, expect, it } from 'vitest';
import { validateClientOptions, validateShieldConfig } from './shield-config.ts';

const served = {
  siteId: 3,
  ct: 'wrapped-key',
  ci: 'k1',
  environment: 'staging',
  passTokenValidity: 600,
  noPassDomain: ['cdn.example.in'],
  allowedRoute: ['/MSP/api/v1/visit'],
  allowedSite: [3, 11],
  includeSubdomain: true,
  version: 1001,
  siteName: 'Personal loan marketplace',
  defaultAuthentication: false,
};

function messageOf(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(PraveshError);
    return (error as PraveshError).message;
  }
  throw new Error('expected a PraveshError');
}

describe('validateShieldConfig', () => {
  it('takes the visitor cookie keys the server serves, and refuses malformed ones', () => {
    const visitorCookie = {
      kid: 'new',
      keys: [
        { kid: 'old', key: 'old-key' },
        { kid: 'new', key: 'new-key' },
      ],
    };
    const config = validateShieldConfig({ ...served, visitorCookie });
    expect(config.visitorCookie).toEqual(visitorCookie);
    expect(shieldConfigSchema.parse(config)).toEqual(config);
    for (const bad of [
      null,
      { kid: 'new', keys: [] },
      { kid: 'missing', keys: [{ kid: 'new', key: 'k' }] },
      { kid: 'new', keys: [{ kid: 'new', key: '' }] },
      { kid: '', keys: [{ kid: '', key: 'k' }] },
      { kid: 'new', keys: 'new-key' },
    ]) {
      expect(messageOf(() => validateShieldConfig({ ...served, visitorCookie: bad }))).toMatch(
        /^Invalid request: shield config visitorCookie must be/,
      );
    }
  });

  it('accepts a served config as the core schema does', () => {
    const config = validateShieldConfig({ ...served, unknownField: 1 });
    expect(config).toEqual(served);
    expect(shieldConfigSchema.parse(config)).toEqual(config);
  });

  it('fills optional fields with the spec defaults', () => {
    const config = validateShieldConfig({ siteId: '7', ct: 'c', ci: 'k', environment: 'production' });
    expect(config).toEqual({
      siteId: 7,
      ct: 'c',
      ci: 'k',
      environment: 'production',
      passTokenValidity: 900,
      noPassDomain: [],
      allowedRoute: [],
      allowedSite: [],
      includeSubdomain: false,
      version: 1001,
      siteName: 'Credit card',
      defaultAuthentication: false,
    });
  });

  it.each([undefined, null, {}, { ...served, siteId: undefined }, { ...served, siteId: '' }])(
    'says "Shield siteId is missing" for %j',
    (raw) => {
      expect(messageOf(() => validateShieldConfig(raw))).toBe('Shield siteId is missing');
    },
  );

  it('lists the missing ct and ci', () => {
    expect(messageOf(() => validateShieldConfig({ siteId: 3 }))).toBe('[ct, ci] is required');
    expect(messageOf(() => validateShieldConfig({ siteId: 3, ci: 'k' }))).toBe('[ct] is required');
    expect(messageOf(() => validateShieldConfig({ siteId: 3, ct: 'c', ci: '' }))).toBe('[ci] is required');
  });

  it('refuses an unknown site id with the valid list', () => {
    const valid = Array.from({ length: 26 }, (_, index) => index + 1).join(', ');
    expect(messageOf(() => validateShieldConfig({ ...served, siteId: 27 }))).toBe(
      `27 - is not a valid site-Id. Valid site-Id are ${valid}`,
    );
    expect(messageOf(() => validateShieldConfig({ ...served, siteId: 'abc' }))).toBe(
      `abc - is not a valid site-Id. Valid site-Id are ${valid}`,
    );
  });

  it('refuses malformed fields', () => {
    expect(messageOf(() => validateShieldConfig({ ...served, environment: 'prod' }))).toMatch(
      /^Invalid request: shield config environment must be one of development,/,
    );
    expect(messageOf(() => validateShieldConfig({ ...served, passTokenValidity: 0 }))).toBe(
      'Invalid request: shield config passTokenValidity must be a positive integer',
    );
    expect(messageOf(() => validateShieldConfig({ ...served, allowedSite: ['3'] }))).toBe(
      'Invalid request: shield config allowedSite must be a list of integers',
    );
  });
});

describe('validateClientOptions', () => {
  it('names only the missing options', () => {
    expect(messageOf(() => validateClientOptions({}))).toBe('[environment, siteId] is required');
    expect(messageOf(() => validateClientOptions(undefined))).toBe('[environment, siteId] is required');
    expect(messageOf(() => validateClientOptions({ siteId: 3 }))).toBe('[environment] is required');
    expect(messageOf(() => validateClientOptions({ environment: 'local', siteId: '' }))).toBe('[siteId] is required');
  });

  it('checks the site id and environment', () => {
    expect(messageOf(() => validateClientOptions({ environment: 'local', siteId: 0 }))).toMatch(
      /^0 - is not a valid site-Id\. Valid site-Id are 1, 2, 3,/,
    );
    expect(messageOf(() => validateClientOptions({ environment: 'nowhere', siteId: 1 }))).toMatch(
      /^Invalid request: client environment must be one of/,
    );
  });

  it('normalises the options', () => {
    expect(
      validateClientOptions({ environment: 'local', siteId: '11', apiBaseUrl: 'https://api.example.in/' }),
    ).toEqual({
      environment: 'local',
      siteId: 11,
      apiBaseUrl: 'https://api.example.in',
    });
    expect(validateClientOptions({ environment: 'local', siteId: 1 }).apiBaseUrl).toBe('');
  });
});
