import type { AnalyticsEvent } from '@pravesh/core';
import {
  DiscardPolicy,
  RetentionPolicy,
  StorageType,
  jetstreamManager,
  type JetStreamManager,
} from '@nats-io/jetstream';
import { connect, createInbox, headers, nanos, type Msg, type NatsConnection } from '@nats-io/transport-node';
import type { FastifyBaseLogger } from 'fastify';
import { PraveshError } from '@pravesh/core';
import type { NatsSinkConfig } from '../config/events.ts';
import { serviceUnavailable } from '../lib/outage.ts';
import { createEventRows, type EventRow, type EventRowOptions } from './event-row.ts';
import type { EventSink, StoredEvent } from './types.ts';

export interface NatsEventSinkOptions extends EventRowOptions {
  config: NatsSinkConfig;
  /** How long the stream keeps an event (its max_age), PRAVESH_EVENTS_RETENTION_DAYS. */
  retentionDays: number;
  /** Publishes awaiting JetStream's acknowledgement at most; beyond that a caller gets a 503. */
  maxInFlight: number;
  log: FastifyBaseLogger;
}

/** JetStream's default duplicate window (two minutes): a retry within it is acknowledged as a duplicate. */
const DUPLICATE_WINDOW_MS = 2 * 60 * 1000;
/** Between attempts to reach a NATS that was never reached (once reached, the client reconnects itself). */
const CONNECT_RETRY_MS = 1000;

type State = 'connecting' | 'ready' | 'disconnected' | 'stream refused' | 'closed';

/** What a PubAck tells the sink (NATS JetStream API, "Publish Acknowledgement"). */
interface Ack {
  seq: number;
  duplicate: boolean;
}

/** A published event awaiting its PubAck. */
interface AwaitingAck {
  /** performance.now() when published. */
  since: number;
  resolve(ack: Ack): void;
  reject(error: unknown): void;
}

/**
 * Analytics events on a NATS JetStream stream (PRAVESH_EVENTS_SINK=nats; README "Analytics events
 * and retention"). Each event is one message on `<prefix>.<siteId>`, its body the event's row
 * (event-sink/event-row.ts) as JSON and its `Nats-Msg-Id` the eventId: the stream, not this
 * process, drops a resend within its duplicate window, so a retry that reaches another instance is
 * stored once too. The caller is answered after the PubAck, when the event is durable.
 *
 * While NATS is unreachable (never reached, or the connection dropped and the client is
 * reconnecting) produce refuses at once with 503 and Retry-After instead of queueing into the
 * client's reconnect buffer, and problem() tells /readyz.
 */
export function createNatsEventSink(options: NatsEventSinkOptions): EventSink {
  const { config, log } = options;
  const toRow = createEventRows(options);
  const subjects = [`${config.subjectPrefix}.>`];
  let state: State = 'connecting';
  let streamProblem: string | undefined;
  let connection: NatsConnection | undefined;
  let manager: JetStreamManager | undefined;
  let retryTimer: NodeJS.Timeout | undefined;
  let outageLogged = false;
  /** Start times (performance.now()) of publishes awaiting their PubAck, oldest first. */
  const inFlight = new Map<number, number>();
  const pending = new Set<Promise<unknown>>();
  let nextPublish = 0;

  /** Creates the stream, or checks that the one there takes our subjects (an operator may have made it). */
  async function ensureStream(jsm: JetStreamManager): Promise<void> {
    try {
      const info = await jsm.streams.info(config.stream);
      if (!subjects.every((subject) => info.config.subjects?.includes(subject))) {
        streamProblem = `stream ${config.stream} does not take ${subjects.join(', ')}`;
        state = 'stream refused';
        log.error({ stream: config.stream, subjects: info.config.subjects }, 'event sink: ' + streamProblem);
        return;
      }
    } catch (error) {
      if ((error as { name?: unknown }).name !== 'StreamNotFoundError') throw error;
      await jsm.streams.add({
        name: config.stream,
        subjects,
        storage: StorageType.File,
        retention: RetentionPolicy.Limits,
        discard: DiscardPolicy.Old,
        duplicate_window: nanos(DUPLICATE_WINDOW_MS),
        max_age: nanos(options.retentionDays * 86_400_000),
      });
      log.info({ stream: config.stream, subjects }, 'event sink: stream created');
    }
    streamProblem = undefined;
    state = 'ready';
  }

  async function watchStatus(nc: NatsConnection): Promise<void> {
    for await (const status of nc.status()) {
      if (status.type === 'disconnect' && state !== 'closed') {
        state = 'disconnected';
        log.warn({ server: status.server }, 'event sink: NATS connection lost; produce answers 503 until it is back');
        // A PubAck on the lost connection never arrives: their callers are answered now, not after
        // the publish timeout (a resend of the same eventId is stored once).
        refuseAwaiting('the NATS connection was lost');
      } else if (status.type === 'reconnect' && state !== 'closed') {
        log.info({ server: status.server }, 'event sink: NATS connection back');
        // A server that came back empty (its storage lost) has no stream until we make it again.
        await ensureStream(manager!).catch((error: unknown) => {
          state = 'disconnected';
          log.warn({ reason: String(error).slice(0, 200) }, 'event sink: stream check failed after reconnecting');
        });
      }
    }
  }

  async function start(): Promise<void> {
    try {
      const nc = await connect({
        servers: config.url,
        name: 'pravesh-server',
        // Once reached, keep reconnecting for ever; produce refuses meanwhile (no buffering).
        maxReconnectAttempts: -1,
        reconnectTimeWait: CONNECT_RETRY_MS,
        timeout: config.publishTimeoutMs,
        // The client otherwise makes three Errors, stack traces captured, for every publish, as
        // context for a failure we only log by reason (CPU per publish: bench figures in the commit).
        noAsyncTraces: true,
      });
      if (state === 'closed') {
        await nc.close();
        return;
      }
      connection = nc;
      // One subscription takes every PubAck: each event's reply subject is the inbox and its token.
      inbox = createInbox();
      nc.subscribe(`${inbox}.*`, {
        callback: (error, msg) => {
          // A failed delivery leaves its event to the sweep (refuseLate).
          if (!error) settle(msg);
        },
      });
      manager = await jetstreamManager(nc, { timeout: config.publishTimeoutMs });
      void watchStatus(nc);
      await ensureStream(manager);
      outageLogged = false;
    } catch (error) {
      if (state === 'closed') return;
      if (!outageLogged) {
        outageLogged = true;
        log.warn(
          { url: config.url, reason: String(error).slice(0, 200) },
          'event sink: NATS unreachable; produce answers 503 until it is reached',
        );
      }
      if (connection) {
        // Reached, but the stream could not be made or checked: try again from the start.
        await connection.close().catch(() => undefined);
        connection = undefined;
      }
      retryTimer = setTimeout(() => void start(), CONNECT_RETRY_MS);
      retryTimer.unref();
    }
  }

  /** The receipt of the copy stored first: its row, read back by the sequence the duplicate's PubAck names. */
  async function firstReceipt(ack: Ack): Promise<Date> {
    const stored = await manager!.streams.getMessage(config.stream, { seq: ack.seq });
    if (!stored) throw new Error('the first copy of a duplicate is gone from the stream');
    return new Date(stored.json<EventRow>().receivedAt);
  }

  /**
   * Events taken in this event-loop turn, published together when it ends. The client sends what
   * was published within one microtask in one socket write, but each request reaches its handler
   * in a callback of its own, so publishing at once cost one write per event (a system call, and a
   * wake-up of the NATS server): a fifth of the route's server CPU in a profile under load. Each
   * event still waits for its own PubAck before its caller is answered.
   */
  let gathered: { row: EventRow; resolve: (ack: Ack) => void; reject: (error: unknown) => void }[] = [];

  /**
   * Events published and not yet acknowledged, by reply token, oldest first (a Map keeps insertion
   * order). Each event is a plain publish whose reply subject is `<inbox>.<token>`, and JetStream
   * answers its PubAck there (NATS JetStream API, "Publish Acknowledgement"); one subscription
   * takes them all, and one timer refuses those unanswered after publishTimeoutMs. The JetStream
   * client's publish is a request per event instead, with a timer, a promise chain, a header
   * builder and an Error (made on every success, to cancel the request) of its own: 16–21 µs of
   * CPU per event against 7–9 for this, publishing 50 at a time to the machine's NATS.
   */
  const awaiting = new Map<string, AwaitingAck>();
  let inbox = '';
  let lastToken = 0;
  let lateSweep: NodeJS.Timeout | undefined;

  /** A PubAck (or JetStream's refusal) arrived for the event published with `msg.subject` as reply. */
  function settle(msg: Msg): void {
    const token = msg.subject.slice(inbox.length + 1);
    const waiting = awaiting.get(token);
    // Answered after the sweep had refused it: its caller was told 503, and a resend is stored once.
    if (!waiting) return;
    awaiting.delete(token);
    // A status instead of a PubAck: 503 when no stream took the subject (NATS "no responders").
    if (msg.headers?.hasError) {
      waiting.reject(new Error(`no PubAck: ${msg.headers.code} ${msg.headers.description}`));
      return;
    }
    try {
      const answer = msg.json<{
        stream?: string;
        seq?: number;
        duplicate?: boolean;
        error?: { description?: string };
      }>();
      if (answer.error || !answer.stream || typeof answer.seq !== 'number') {
        throw new Error(`JetStream refused the event: ${answer.error?.description ?? 'no stream in its PubAck'}`);
      }
      waiting.resolve({ seq: answer.seq, duplicate: answer.duplicate === true });
    } catch (error) {
      waiting.reject(error);
    }
  }

  /**
   * Refuses the events awaiting a PubAck that left before `cutoff` (performance.now()), every one
   * when unset: nothing is known to be stored.
   */
  function refuseAwaiting(reason: string, cutoff = Number.POSITIVE_INFINITY): void {
    for (const [token, waiting] of awaiting) {
      if (waiting.since > cutoff) break;
      awaiting.delete(token);
      waiting.reject(new Error(reason));
    }
    if (awaiting.size === 0) {
      clearInterval(lateSweep);
      lateSweep = undefined;
    }
  }

  /** Refuses the events whose PubAck is later than publishTimeoutMs. */
  const refuseLate = () =>
    refuseAwaiting(`no PubAck within ${config.publishTimeoutMs} ms`, performance.now() - config.publishTimeoutMs);

  function publishGathered(): void {
    const batch = gathered;
    gathered = [];
    const since = performance.now();
    for (const { row, resolve, reject } of batch) {
      // The connection may have dropped since the event was taken: refuse it now rather than let
      // the client hold it in its reconnect buffer.
      if (state !== 'ready') {
        reject(serviceUnavailable());
        continue;
      }
      const token = (lastToken += 1).toString(36);
      const messageHeaders = headers();
      // JetStream drops a resend of this id within the stream's duplicate window.
      messageHeaders.set('Nats-Msg-Id', row.eventId);
      awaiting.set(token, { since, resolve, reject });
      try {
        connection!.publish(`${config.subjectPrefix}.${row.siteId}`, JSON.stringify(row), {
          headers: messageHeaders,
          reply: `${inbox}.${token}`,
        });
      } catch (error) {
        awaiting.delete(token);
        reject(error);
      }
    }
    // A quarter of the timeout between sweeps: an event is refused at most 1.25 timeouts after it left.
    if (awaiting.size > 0 && lateSweep === undefined) {
      lateSweep = setInterval(refuseLate, Math.max(1, config.publishTimeoutMs / 4));
    }
  }

  async function publish(row: EventRow): Promise<StoredEvent> {
    const ack = await new Promise<Ack>((resolve, reject) => {
      if (gathered.length === 0) setImmediate(publishGathered);
      gathered.push({ row, resolve, reject });
    });
    const receivedAt = ack.duplicate ? await firstReceipt(ack) : new Date(row.receivedAt);
    return { eventId: row.eventId, receivedAt };
  }

  void start();

  return {
    kind: 'nats',
    async produce(event: AnalyticsEvent, siteId: number, deviceHash: string | null): Promise<StoredEvent> {
      if (state !== 'ready') throw serviceUnavailable();
      if (inFlight.size >= options.maxInFlight) throw serviceUnavailable();
      const key = (nextPublish += 1);
      inFlight.set(key, performance.now());
      const published = publish(toRow(event, siteId, deviceHash));
      pending.add(published);
      try {
        return await published;
      } catch (error) {
        if (error instanceof PraveshError) throw error;
        // No PubAck in time, no stream answering, the connection dropped mid-publish: nothing is
        // known to be stored, and a resend of the same eventId is stored once.
        log.warn({ reason: String(error).slice(0, 200) }, 'event sink: publish failed');
        throw serviceUnavailable();
      } finally {
        inFlight.delete(key);
        pending.delete(published);
      }
    },
    problem() {
      if (state === 'ready' || state === 'closed') return undefined;
      if (state === 'stream refused') return `event sink ${streamProblem ?? 'stream refused'}`;
      return 'event sink (NATS) unreachable';
    },
    waitingSince: () => inFlight.values().next().value,
    depth: () => inFlight.size,
    async close() {
      // Events taken in this turn go out before the connection does.
      publishGathered();
      state = 'closed';
      clearTimeout(retryTimer);
      await Promise.allSettled([...pending]);
      await connection?.close();
    },
  };
}
