import { describe, expect, it } from 'vitest';
import { ConfigError } from './shared.ts';
import { DEMO_SUPPORT_DESK_EMAIL, loadSupportConfig } from './support.ts';

describe('support configuration (spec 001 §9 "Chat enabled")', () => {
  it('has chat off by default (the spec says false) and on only in the demo', () => {
    expect(loadSupportConfig({}, 'local').chatEnabled).toBe(true);
    for (const environment of ['development', 'development_int', 'fte', 'staging', 'production'] as const) {
      expect(loadSupportConfig({}, environment).chatEnabled, environment).toBe(false);
    }
  });

  it('lets every environment set the switch with PRAVESH_CHAT_ENABLED, and refuses other values', () => {
    expect(loadSupportConfig({ PRAVESH_CHAT_ENABLED: '1' }, 'production').chatEnabled).toBe(true);
    expect(loadSupportConfig({ PRAVESH_CHAT_ENABLED: '0' }, 'local').chatEnabled).toBe(false);
    expect(() => loadSupportConfig({ PRAVESH_CHAT_ENABLED: 'yes' }, 'staging')).toThrow(ConfigError);
  });

  it('sends queries to the demo desk outside production, to none in production until set', () => {
    expect(loadSupportConfig({}, 'staging').deskEmail).toBe(DEMO_SUPPORT_DESK_EMAIL);
    expect(loadSupportConfig({}, 'production').deskEmail).toBeUndefined();
    expect(loadSupportConfig({ PRAVESH_SUPPORT_DESK_EMAIL: ' Help@Example.IN ' }, 'production').deskEmail).toBe(
      'help@example.in',
    );
    expect(() => loadSupportConfig({ PRAVESH_SUPPORT_DESK_EMAIL: 'not-an-address' }, 'production')).toThrow(
      ConfigError,
    );
  });
});
