import { describe, expect, it } from 'vitest';
import { DEFAULT_DATABASE_SETTINGS, loadDatabaseSettings } from './database.ts';
import { ConfigError } from './shared.ts';

describe('database settings', () => {
  it('has defaults, and each is set by its variable', () => {
    expect(loadDatabaseSettings({})).toEqual(DEFAULT_DATABASE_SETTINGS);
    expect(
      loadDatabaseSettings({
        PRAVESH_DB_POOL_SIZE: '4',
        PRAVESH_DB_CONNECT_TIMEOUT_MS: '1500',
        PRAVESH_DB_STATEMENT_TIMEOUT_MS: '2500',
        PRAVESH_DB_IDLE_TIMEOUT_MS: '10000',
        PRAVESH_DB_POOLER: 'transaction',
        PRAVESH_WRITE_QUEUE_LIMIT: '800',
        PRAVESH_WRITE_QUEUE_WAIT_MS: '3000',
        PRAVESH_READY_STALL_MS: '2000',
        PRAVESH_SHUTDOWN_DELAY_MS: '15000',
      }),
    ).toEqual({
      poolSize: 4,
      connectTimeoutMs: 1500,
      statementTimeoutMs: 2500,
      idleTimeoutMs: 10_000,
      pooler: 'transaction',
      writeQueueLimit: 800,
      writeQueueWaitMs: 3000,
      readyStallMs: 2000,
      shutdownDelayMs: 15_000,
    });
  });

  it('refuses what is not a whole number in range, naming the variable', () => {
    for (const [variable, value] of [
      ['PRAVESH_DB_POOL_SIZE', '0'],
      ['PRAVESH_DB_STATEMENT_TIMEOUT_MS', '1.5'],
      ['PRAVESH_WRITE_QUEUE_LIMIT', 'many'],
      ['PRAVESH_SHUTDOWN_DELAY_MS', '-1'],
    ] as const) {
      expect(() => loadDatabaseSettings({ [variable]: value })).toThrow(ConfigError);
      expect(() => loadDatabaseSettings({ [variable]: value })).toThrow(variable);
    }
    expect(() => loadDatabaseSettings({ PRAVESH_DB_POOLER: 'session' })).toThrow(
      /PRAVESH_DB_POOLER must be none or transaction/,
    );
  });
});
