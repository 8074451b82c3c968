import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { analyticsEvents } from '../db/schema/analytics.ts';
import { getTestInstance, type TestInstance } from '../test/instance.ts';
import {
  NATS_SERVER_AVAILABLE,
  createTestStream,
  startPrivateNats,
  type PrivateNats,
  type TestStream,
} from '../test/nats.ts';
import { freePort } from '../test/ports.ts';
import type { EventRow } from './event-row.ts';

const PRODUCE = '/MSP/api/v1/pbguc/event/produce';
const METRICS_TOKEN = 'm'.repeat(40);

const produce = async (server: TestInstance, event: Record<string, unknown>) =>
  server.app.inject({
    method: 'POST',
    url: PRODUCE,
    headers: { 'pb-pass-token': await server.token(2) },
    payload: [{ event: 'page_view', ...event }],
  });

const readyz = async (server: TestInstance) => {
  const reply = await server.app.inject({ method: 'GET', url: '/readyz' });
  return { status: reply.statusCode, reason: reply.json<{ status: string }>().status };
};

/**
 * Polls /readyz until it answers `status` (or `until` holds): the sink connects, or notices a drop,
 * in the background.
 */
async function readyzBecomes(
  server: TestInstance,
  status: number,
  until = (answer: { status: number; reason: string }) => answer.status === status,
): Promise<{ status: number; reason: string }> {
  let answer = await readyz(server);
  for (let attempt = 0; attempt < 400 && !until(answer); attempt += 1) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    answer = await readyz(server);
  }
  return answer;
}

/**
 * The stream's message count, read through the test's own connection once it is back: after a
 * SIGKILL that connection reconnects on its own schedule (200 ms waits plus jitter, slower on a busy
 * box) and a JetStream API request sent meanwhile can time out, or be dropped as "connection
 * disconnected" (a RequestError) when the connection goes down again between two tries. So the read
 * waits for a round trip (flush) and tries again, a moment later, on either rather than failing on
 * the test's plumbing.
 */
async function storedAfterReconnect(stream: TestStream): Promise<number> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await stream.connection.flush();
      return (await stream.jsm.streams.info(stream.stream)).state.messages;
    } catch (error) {
      const name = (error as Error).name;
      if (attempt >= 5 || (name !== 'TimeoutError' && name !== 'RequestError')) throw error;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}

describe('analytics events on NATS JetStream (the machine’s NATS)', () => {
  let stream: TestStream;
  let a: TestInstance;
  let b: TestInstance;

  beforeAll(async () => {
    stream = await createTestStream();
    const env = { ...stream.env, PRAVESH_METRICS_TOKEN: METRICS_TOKEN };
    // Two instances with their own databases: only the stream is shared, as two hosts would share it.
    // One after the other: two start-ups at once on a busy box overran Fastify's plugin timeout.
    a = await getTestInstance('pglite', { env });
    b = await getTestInstance('pglite', { env });
    expect(await readyzBecomes(a, 200)).toEqual({ status: 200, reason: 'ready' });
    expect((await readyzBecomes(b, 200)).status).toBe(200);
  }, 120_000);
  afterAll(async () => {
    await Promise.allSettled([a?.close(), b?.close()]);
    await stream?.dispose();
  });

  const messages = async () => (await stream.jsm.streams.info(stream.stream)).state.messages;

  it('creates the stream on <prefix>.> and publishes each event to <prefix>.<siteId> with its eventId as message id', async () => {
    const info = await stream.jsm.streams.info(stream.stream);
    expect(info.config.subjects).toEqual([`${stream.subjectPrefix}.>`]);
    expect(info.config.duplicate_window).toBe(120_000_000_000);

    const eventId = randomUUID();
    const reply = await produce(a, { eventId, category: 'loans', mobileNo: '9876543210' });
    expect(reply.statusCode).toBe(200);
    const { response } = reply.json<{ response: { eventId: string; storedAt: string } }>();
    expect(response.eventId).toBe(eventId);

    const last = await stream.jsm.streams.getMessage(stream.stream, { last_by_subj: `${stream.subjectPrefix}.2` });
    expect(last?.header.get('Nats-Msg-Id')).toBe(eventId);
    const row = last!.json<EventRow>();
    expect(row).toMatchObject({
      eventId,
      siteId: 2,
      event: 'page_view',
      category: 'loans',
      receivedAt: response.storedAt,
    });
    // Personal data as in the table: the mobile number only as its keyed hash.
    expect(row.mobileHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain('9876543210');
    // Not in the database as well.
    expect(await a.database.db.$count(analyticsEvents)).toBe(0);
  });

  it('keeps one message for an eventId resent to two instances, and answers every send with the first receipt', async () => {
    const eventId = randomUUID();
    const before = await messages();
    const first = await produce(a, { eventId });
    const again = await Promise.all([produce(b, { eventId }), produce(a, { eventId }), produce(b, { eventId })]);
    expect(first.statusCode).toBe(200);
    for (const reply of again) {
      expect(reply.statusCode).toBe(200);
      expect(reply.json()).toEqual(first.json());
    }
    expect(await messages()).toBe(before + 1);
  });

  it('reports the publish latency and the event-sink lag in the metrics', async () => {
    expect((await produce(a, { eventId: randomUUID() })).statusCode).toBe(200);
    const text = (await a.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).body;
    const count = /^pravesh_event_sink_publish_duration_seconds_count\{sink="nats"\} (\d+)/m.exec(text);
    expect(Number(count?.[1])).toBeGreaterThanOrEqual(1);
    expect(text).toMatch(/^pravesh_event_sink_lag_seconds\{sink="nats"\} 0$/m);
  });
});

describe('analytics events when NATS is down', () => {
  let server: TestInstance | undefined;
  let privateNats: PrivateNats | undefined;
  let stream: TestStream | undefined;
  afterEach(async () => {
    await server?.close();
    await stream?.dispose();
    await privateNats?.dispose();
    server = stream = privateNats = undefined;
  });

  it('answers 503 with Retry-After at once, not after the publish timeout, and /readyz says why', async () => {
    server = await getTestInstance('pglite', {
      env: {
        PRAVESH_EVENTS_SINK: 'nats',
        PRAVESH_NATS_URL: `nats://127.0.0.1:${await freePort()}`,
        PRAVESH_NATS_PUBLISH_TIMEOUT_MS: '30000',
      },
    });
    const started = performance.now();
    const reply = await produce(server, { eventId: randomUUID() });
    // Far below the 30 s a publish would wait for its acknowledgement: refused, not queued.
    expect(performance.now() - started).toBeLessThan(10_000);
    expect(reply.statusCode).toBe(503);
    expect(reply.json()).toMatchObject({ status: false, statusCode: 'serviceUnavailable' });
    expect(Number(reply.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(await readyz(server)).toEqual({ status: 503, reason: 'event sink (NATS) unreachable' });
  });

  it.skipIf(!NATS_SERVER_AVAILABLE)(
    'refuses while its NATS is gone and takes events again, into the same stream, once it is back',
    async () => {
      privateNats = await startPrivateNats();
      stream = await createTestStream(privateNats.url);
      server = await getTestInstance('pglite', { env: stream.env });
      expect((await readyzBecomes(server, 200)).status).toBe(200);
      expect((await produce(server, { eventId: randomUUID() })).statusCode).toBe(200);

      await privateNats.stop();
      expect(await readyzBecomes(server, 503)).toEqual({ status: 503, reason: 'event sink (NATS) unreachable' });
      const refused = await produce(server, { eventId: randomUUID() });
      expect(refused.statusCode).toBe(503);
      expect(refused.headers['retry-after']).toBeDefined();

      await privateNats.start();
      expect((await readyzBecomes(server, 200)).status).toBe(200);
      expect((await produce(server, { eventId: randomUUID() })).statusCode).toBe(200);
      expect(await storedAfterReconnect(stream)).toBe(2);
    },
  );

  it.skipIf(!NATS_SERVER_AVAILABLE)(
    'answers an event awaiting its PubAck 503 as soon as the connection drops, not after the publish timeout',
    async () => {
      privateNats = await startPrivateNats();
      stream = await createTestStream(privateNats.url);
      server = await getTestInstance('pglite', { env: { ...stream.env, PRAVESH_NATS_PUBLISH_TIMEOUT_MS: '30000' } });
      expect((await readyzBecomes(server, 200)).status).toBe(200);
      // Something listens on the subjects but nothing stores them: the event waits for a PubAck.
      await stream.jsm.streams.delete(stream.stream);
      stream.connection.subscribe(`${stream.subjectPrefix}.>`);
      await stream.connection.flush();
      const waiting = produce(server, { eventId: randomUUID() });
      await new Promise((resolve) => setTimeout(resolve, 300));

      const dropped = performance.now();
      await privateNats.stop();
      const reply = await waiting;
      expect(reply.statusCode).toBe(503);
      expect(reply.headers['retry-after']).toBeDefined();
      // Far below the 30 s publish timeout.
      expect(performance.now() - dropped).toBeLessThan(10_000);
      // Its stream is gone already: closing the test's connection is all that is left of it (a
      // delete would wait for the stopped server's answer until it timed out).
      await stream.connection.close();
      stream = undefined;
    },
  );

  it('answers 503 when no stream takes the event, or when its PubAck does not come within the publish timeout', async () => {
    stream = await createTestStream();
    server = await getTestInstance('pglite', { env: { ...stream.env, PRAVESH_NATS_PUBLISH_TIMEOUT_MS: '300' } });
    expect((await readyzBecomes(server, 200)).status).toBe(200);
    expect((await produce(server, { eventId: randomUUID() })).statusCode).toBe(200);

    // The stream deleted behind the server's back: NATS answers "no responders" at once.
    await stream.jsm.streams.delete(stream.stream);
    const unrouted = await produce(server, { eventId: randomUUID() });
    expect(unrouted.statusCode).toBe(503);
    expect(unrouted.headers['retry-after']).toBeDefined();

    // Something listens on the subjects but nothing stores them: no PubAck ever comes.
    const listener = stream.connection.subscribe(`${stream.subjectPrefix}.>`);
    await stream.connection.flush();
    const started = performance.now();
    const unacknowledged = await produce(server, { eventId: randomUUID() });
    expect(unacknowledged.statusCode).toBe(503);
    // Refused after the 300 ms timeout (a sweep every quarter of it), not left waiting.
    expect(performance.now() - started).toBeGreaterThanOrEqual(250);
    expect(performance.now() - started).toBeLessThan(5000);
    listener.unsubscribe();
  });

  it('stays unready when a stream of that name exists but does not take the events’ subjects', async () => {
    stream = await createTestStream();
    await stream.jsm.streams.add({ name: stream.stream, subjects: [`${stream.subjectPrefix}-other.>`] });
    server = await getTestInstance('pglite', { env: stream.env });
    const answer = await readyzBecomes(server, 200, (now) => now.reason !== 'event sink (NATS) unreachable');
    expect(answer.status).toBe(503);
    expect(answer.reason).toBe(`event sink stream ${stream.stream} does not take ${stream.subjectPrefix}.>`);
    expect((await produce(server, { eventId: randomUUID() })).statusCode).toBe(503);
  });
});
