import { describe, expect, it } from 'vitest';
import { loadEventsConfig } from './events.ts';

describe('analytics events and retention config', () => {
  it('keeps events in the database and everything a year by default', () => {
    expect(loadEventsConfig({}, 'local')).toEqual({
      sink: 'postgres',
      nats: {
        url: 'nats://127.0.0.1:4222',
        stream: 'PRAVESH_EVENTS',
        subjectPrefix: 'pravesh.events',
        publishTimeoutMs: 2000,
      },
      eventsRetentionDays: 366,
      visitsRetentionDays: 366,
    });
  });

  it('takes NATS settings and shorter retention outside production', () => {
    const config = loadEventsConfig(
      {
        PRAVESH_EVENTS_SINK: 'nats',
        PRAVESH_NATS_URL: 'nats://nats.internal:4222',
        PRAVESH_NATS_STREAM: 'EVENTS_EU',
        PRAVESH_NATS_SUBJECT_PREFIX: 'eu.events',
        PRAVESH_EVENTS_RETENTION_DAYS: '7',
        PRAVESH_VISITS_RETENTION_DAYS: '30',
      },
      'staging',
    );
    expect(config).toMatchObject({ sink: 'nats', eventsRetentionDays: 7, visitsRetentionDays: 30 });
    expect(config.nats).toMatchObject({
      url: 'nats://nats.internal:4222',
      stream: 'EVENTS_EU',
      subjectPrefix: 'eu.events',
    });
  });

  it('refuses in production a retention under the DPDP Rules 2025 year', () => {
    expect(() => loadEventsConfig({ PRAVESH_VISITS_RETENTION_DAYS: '365' }, 'production')).toThrow(/Rule 8\(3\)/);
    expect(loadEventsConfig({ PRAVESH_EVENTS_RETENTION_DAYS: '730' }, 'production').eventsRetentionDays).toBe(730);
  });

  it('refuses an unknown sink, a URL, stream or prefix NATS would not take, and days that are not whole', () => {
    expect(() => loadEventsConfig({ PRAVESH_EVENTS_SINK: 'kafka' }, 'local')).toThrow(/neither postgres nor nats/);
    expect(() => loadEventsConfig({ PRAVESH_NATS_URL: 'http://127.0.0.1:4222' }, 'local')).toThrow(/nats:\/\//);
    expect(() => loadEventsConfig({ PRAVESH_NATS_STREAM: 'a.b' }, 'local')).toThrow(/not a stream name/);
    expect(() => loadEventsConfig({ PRAVESH_NATS_SUBJECT_PREFIX: 'a.>' }, 'local')).toThrow(/not a subject prefix/);
    expect(() => loadEventsConfig({ PRAVESH_EVENTS_RETENTION_DAYS: '1.5' }, 'local')).toThrow(/whole number/);
    expect(() => loadEventsConfig({ PRAVESH_NATS_PUBLISH_TIMEOUT_MS: '0' }, 'local')).toThrow(/whole number/);
  });
});
