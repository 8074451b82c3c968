import { describe, expect, it } from 'vitest';
import { ConfigError } from './index.ts';
import { loadConsentConfig } from './consent.ts';

describe('consent configuration', () => {
  it('seeds the demo contracts outside production unless told not to', () => {
    expect(loadConsentConfig({}, 'local').seedDemoContracts).toBe(true);
    expect(loadConsentConfig({ PRAVESH_CONSENT_SEED_DEMO: '0' }, 'staging').seedDemoContracts).toBe(false);
  });

  it('seeds in production only when asked', () => {
    expect(loadConsentConfig({}, 'production').seedDemoContracts).toBe(false);
    expect(loadConsentConfig({ PRAVESH_CONSENT_SEED_DEMO: '1' }, 'production').seedDemoContracts).toBe(true);
  });

  it('refuses anything but 0 or 1', () => {
    expect(() => loadConsentConfig({ PRAVESH_CONSENT_SEED_DEMO: 'yes' }, 'local')).toThrow(ConfigError);
  });
});
