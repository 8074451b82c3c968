import type { Environment } from '@pravesh/core';
import { ConfigError } from './shared.ts';

/**
 * Where analytics events go and how long events and visits are kept, for loadConfig() (README
 * "Analytics events and retention"):
 *
 * - PRAVESH_EVENTS_SINK               `postgres` (default: the server's database, PGlite when
 *                                     embedded) or `nats` (a JetStream stream).
 * - PRAVESH_NATS_URL                  the NATS server, default nats://127.0.0.1:4222.
 * - PRAVESH_NATS_STREAM               the stream, default PRAVESH_EVENTS.
 * - PRAVESH_NATS_SUBJECT_PREFIX       events go to `<prefix>.<siteId>`, default pravesh.events.
 * - PRAVESH_NATS_PUBLISH_TIMEOUT_MS   how long one publish waits for JetStream's acknowledgement
 *                                     before the caller gets a 503, default 2000.
 * - PRAVESH_EVENTS_RETENTION_DAYS     days an event is kept (the table's daily partitions, or the
 *                                     stream's max_age), default 366.
 * - PRAVESH_VISITS_RETENTION_DAYS     days a visit is kept (the visits table's daily partitions),
 *                                     default 366.
 *
 * Both defaults are one calendar year, leap day included: the DPDP Rules 2025, Rule 8(3), keep
 * personal data, the traffic data tied to it and logs of processing at least one year from the
 * processing. Production refuses less; other environments accept any whole number of days.
 */
export type EventSinkKind = 'postgres' | 'nats';

export interface NatsSinkConfig {
  readonly url: string;
  readonly stream: string;
  readonly subjectPrefix: string;
  readonly publishTimeoutMs: number;
}

export interface EventsConfig {
  readonly sink: EventSinkKind;
  readonly nats: NatsSinkConfig;
  readonly eventsRetentionDays: number;
  readonly visitsRetentionDays: number;
}

export const DEFAULT_NATS_URL = 'nats://127.0.0.1:4222';
export const DEFAULT_NATS_STREAM = 'PRAVESH_EVENTS';
export const DEFAULT_NATS_SUBJECT_PREFIX = 'pravesh.events';
export const DEFAULT_RETENTION_DAYS = 366;
/** DPDP Rules 2025, Rule 8(3): at least one year (366 days covers a leap year). */
export const MINIMUM_PRODUCTION_RETENTION_DAYS = 366;

type Env = Record<string, string | undefined>;

function wholeNumber(variable: string, raw: string | undefined, fallback: number, min: number, max: number): number {
  const trimmed = raw?.trim();
  if (!trimmed) return fallback;
  const value = Number(trimmed);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ConfigError(`${variable} must be a whole number from ${min} to ${max}`);
  }
  return value;
}

function retentionDays(variable: string, raw: string | undefined, environment: Environment): number {
  const days = wholeNumber(variable, raw, DEFAULT_RETENTION_DAYS, 1, 36_500);
  if (environment === 'production' && days < MINIMUM_PRODUCTION_RETENTION_DAYS) {
    throw new ConfigError(
      `${variable} is ${days}: the DPDP Rules 2025 (Rule 8(3)) keep logs of processing at least one year (${MINIMUM_PRODUCTION_RETENTION_DAYS} days)`,
    );
  }
  return days;
}

/** A NATS token (stream names and subject parts): no spaces, dots only between parts of a subject. */
const STREAM_NAME = /^[A-Za-z0-9_-]{1,64}$/;
const SUBJECT_PREFIX = /^[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+)*$/;

export function loadEventsConfig(env: Env, environment: Environment): EventsConfig {
  const sink = env.PRAVESH_EVENTS_SINK?.trim() || 'postgres';
  if (sink !== 'postgres' && sink !== 'nats') {
    throw new ConfigError(`PRAVESH_EVENTS_SINK "${sink}" is neither postgres nor nats`);
  }
  const url = env.PRAVESH_NATS_URL?.trim() || DEFAULT_NATS_URL;
  if (!/^(nats|tls):\/\/[^\s/]+$/.test(url)) {
    throw new ConfigError('PRAVESH_NATS_URL must look like nats://host:port');
  }
  const stream = env.PRAVESH_NATS_STREAM?.trim() || DEFAULT_NATS_STREAM;
  if (!STREAM_NAME.test(stream)) throw new ConfigError(`PRAVESH_NATS_STREAM "${stream}" is not a stream name`);
  const subjectPrefix = env.PRAVESH_NATS_SUBJECT_PREFIX?.trim() || DEFAULT_NATS_SUBJECT_PREFIX;
  if (!SUBJECT_PREFIX.test(subjectPrefix)) {
    throw new ConfigError(`PRAVESH_NATS_SUBJECT_PREFIX "${subjectPrefix}" is not a subject prefix`);
  }
  return {
    sink,
    nats: {
      url,
      stream,
      subjectPrefix,
      publishTimeoutMs: wholeNumber(
        'PRAVESH_NATS_PUBLISH_TIMEOUT_MS',
        env.PRAVESH_NATS_PUBLISH_TIMEOUT_MS,
        2000,
        1,
        60_000,
      ),
    },
    eventsRetentionDays: retentionDays('PRAVESH_EVENTS_RETENTION_DAYS', env.PRAVESH_EVENTS_RETENTION_DAYS, environment),
    visitsRetentionDays: retentionDays('PRAVESH_VISITS_RETENTION_DAYS', env.PRAVESH_VISITS_RETENTION_DAYS, environment),
  };
}
