import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as browserCatalogue from './errors/browser.ts';
import * as fullCatalogue from './errors.ts';
import { ERRORS, ERROR_GROUPS, PraveshError, SERVER_ERROR_GROUPS, isPraveshError, type ErrorKey } from './errors.ts';

function message(key: ErrorKey, params: Record<string, string | number> = {}): string {
  return new PraveshError(key, params).message;
}

const specFolder = new URL('../../../../shared/spec/', import.meta.url);

/** Quoted strings of a spec's error catalogue section, with "{x}" and "..." placeholders. */
function quotedErrorTexts(file: string, heading: string): string[] {
  const text = readFileSync(new URL(file, specFolder), 'utf8');
  const section = text.slice(text.indexOf(heading), text.indexOf('\n## ', text.indexOf(heading) + 1));
  return [...section.matchAll(/"([^"]+)"/g)].map((match) => match[1]!);
}

describe('error catalogue', () => {
  it('carries exact texts, codes and statuses', () => {
    expect(message('jwtExpired')).toBe('Jwt Expired');
    expect(new PraveshError('jwtExpired').code).toBe('invalidJwtException');
    expect(message('required', { list: 'environment, siteId' })).toBe('[environment, siteId] is required');
    expect(message('invalidSiteId', { id: 42, valid: '1, 2' })).toBe(
      '42 - is not a valid site-Id. Valid site-Id are 1, 2',
    );
    expect(message('notAuthorizedToSetCustomerData', { id: 3 })).toBe(
      '3 is not authorized to set customer data. Only SSO can set customer data.',
    );
    expect(message('crossStorageTimeout', { method: 'get' })).toBe('Timeout: could not perform get');
    for (const [key, entry] of Object.entries(ERRORS)) {
      expect(entry.status, key).toBeGreaterThanOrEqual(400);
      expect(entry.status, key).toBeLessThan(600);
    }
    const error = new PraveshError('shieldSiteIdMissing');
    expect(isPraveshError(error)).toBe(true);
    expect(isPraveshError(new Error('x'))).toBe(false);
    // A catalogue error thrown by another bundle's copy of the class.
    const foreign = Object.assign(new Error('Jwt Expired'), {
      name: 'PraveshError',
      key: 'jwtExpired',
      code: 'invalidJwtException',
      status: 401,
    });
    expect(isPraveshError(foreign)).toBe(true);
    expect(isPraveshError(Object.assign(new Error('x'), { name: 'PraveshError' }))).toBe(false);
  });

  // Each capability keeps its entries in its own file; a key written in two of them would make the
  // later spread silently replace the earlier entry, and a group left out of ERRORS would be lost.
  it('holds every capability group once, with no key defined twice', () => {
    const keys = Object.values(ERROR_GROUPS).flatMap((group) => Object.keys(group));
    const repeated = keys.filter((key, index) => keys.indexOf(key) !== index);
    expect(repeated).toEqual([]);
    expect(new Set(Object.keys(ERRORS))).toEqual(new Set(keys));
    for (const group of Object.values(ERROR_GROUPS)) {
      for (const [key, entry] of Object.entries(group)) expect(ERRORS[key as ErrorKey], key).toBe(entry);
    }
  });

  // The SDK's scripts bundle errors/browser.ts in place of errors.ts (packages/sdk/build.ts).
  it('gives browser scripts the same catalogue without the server-only groups', () => {
    const serverKeys = Object.values(SERVER_ERROR_GROUPS).flatMap((group) => Object.keys(group));
    expect(serverKeys).toContain('bureauUnavailable');
    expect(new Set(Object.keys(browserCatalogue.ERRORS))).toEqual(
      new Set(Object.keys(ERRORS).filter((key) => !serverKeys.includes(key))),
    );
    for (const [key, entry] of Object.entries(browserCatalogue.ERRORS)) expect(ERRORS[key as ErrorKey]).toBe(entry);
    // Every value errors.ts exports but the server-only list has its browser twin.
    const missing = Object.keys(fullCatalogue).filter(
      (name) => name !== 'SERVER_ERROR_GROUPS' && !(name in browserCatalogue),
    );
    expect(missing).toEqual([]);
    const fromBrowser = new browserCatalogue.PraveshError('required', { list: 'siteId' });
    expect(fromBrowser.message).toBe(message('required', { list: 'siteId' }));
    expect(fromBrowser.code).toBe(ERRORS.required.code);
    expect(isPraveshError(fromBrowser)).toBe(true);
    expect(browserCatalogue.isPraveshError(new PraveshError('bureauTimeout'))).toBe(true);
    expect(message('bureauTimeout')).toBe('Unable to fetch details');
    expect(new PraveshError('bureauTimeout').status).toBe(504);
  });

  it('uses the shield codes of spec 000 §8 with client-error statuses', () => {
    const shield: ErrorKey[] = [
      'clientTokenMissing',
      'jwtInvalid',
      'jwtExpired',
      'authentication',
      'invalidAuthenticationStrategy',
      'configuration',
    ];
    expect(new Set(shield.map((key) => ERRORS[key].code))).toEqual(
      new Set([
        'clientTokenMissingException',
        'invalidJwtException',
        'authenticationException',
        'invalidAuthenticationStrategyException',
        'configurationException',
      ]),
    );
    for (const key of shield) expect(ERRORS[key].status).toBeLessThan(500);
  });

  // The specs live beside the repository (../shared/spec), as on every development and CI machine.
  it.runIf(existsSync(specFolder))('has every message the specs name, with its exact text', () => {
    const texts = [
      ...quotedErrorTexts('000_aa2818bc10ea6adc.txt', '## 8. Error catalogue'),
      ...quotedErrorTexts('001_f391536e61336bca.txt', '## 8. The error catalogue'),
      ...quotedErrorTexts('001_f391536e61336bca.txt', '**OTP messages**'),
    ];
    // Screen copy and names that are not error messages.
    const notMessages = new Set([
      'error',
      'Get Credit Score for FREE',
      'Jwt Expired',
      'Unable to fetch details',
      'Verification Incomplete',
      "We couldn't verify your account",
      "We couldn't find your Credit Score!",
      'Timeout: could not perform',
      'Invalid permissions for',
      'Please enter OTP re-sent to your mobile number',
      'Your mobile number verified successfully.',
    ]);
    const catalogue = Object.keys(ERRORS).map((key) =>
      message(key as ErrorKey, {
        id: '{id}',
        list: 'list',
        product: '{product}',
        valid: '...',
        method: '',
        detail: '',
      }),
    );
    expect(texts.length).toBeGreaterThan(25);
    const missing = texts.filter((text) => {
      if (notMessages.has(text)) return false;
      const pattern = text
        .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
        .replace(/\\\{(id|product)\\\}/g, '.*')
        .replace(/\\\[list\\\]/, '\\[.*\\]')
        .replace(/\\\.\\\.\\\.$/, '.*');
      return !catalogue.some((candidate) => new RegExp(`^${pattern}$`).test(candidate.trim()));
    });
    expect(missing).toEqual([]);
    expect(catalogue).toContain('Jwt Expired');
    expect(catalogue).toContain('Timeout: could not perform ');
    expect(catalogue).toContain('Invalid permissions for ');
  });
});
