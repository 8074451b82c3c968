import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getTestInstance, type TestInstance } from '../test/instance.ts';
import { createTestStream, type TestStream } from '../test/nats.ts';
import { main } from './events.ts';

const PRODUCE = '/MSP/api/v1/pbguc/event/produce';

describe('npm run events -- tail', () => {
  let stream: TestStream;
  let server: TestInstance;
  const sent: Record<number, string[]> = { 2: [], 3: [] };

  beforeAll(async () => {
    stream = await createTestStream();
    server = await getTestInstance('pglite', { env: stream.env });
    for (let attempt = 0; attempt < 200; attempt += 1) {
      if ((await server.app.inject({ url: '/readyz' })).statusCode === 200) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    for (const siteId of [2, 3, 2]) await produce(siteId);
  });
  afterAll(async () => {
    await server?.close();
    await stream?.dispose();
  });

  async function produce(siteId: number): Promise<string> {
    const eventId = randomUUID();
    const reply = await server.app.inject({
      method: 'POST',
      url: PRODUCE,
      headers: { 'pb-pass-token': await server.token(siteId) },
      payload: [{ eventId, event: 'page_view' }],
    });
    expect(reply.statusCode).toBe(200);
    sent[siteId]!.push(eventId);
    return eventId;
  }

  const run = async (args: string[], signal?: AbortSignal) => {
    const out: string[] = [];
    const err: string[] = [];
    const code = await main(
      args,
      { out: (line) => out.push(line), err: (line) => err.push(line), env: stream.env },
      signal,
    );
    return {
      code,
      out,
      err,
      events: out.map((line) => JSON.parse(line) as { subject: string; event: { eventId: string } }),
    };
  };

  it('prints the last events as JSON lines, and only one site’s with --site', async () => {
    const all = await run(['tail', '--no-follow']);
    expect(all.code).toBe(0);
    expect(all.events.map((line) => line.event.eventId)).toEqual([sent[2]![0], sent[3]![0], sent[2]![1]]);
    const site = await run(['tail', '--site', '2', '--no-follow']);
    expect(site.events.map((line) => line.event.eventId)).toEqual(sent[2]);
    expect(site.events.every((line) => line.subject === `${stream.subjectPrefix}.2`)).toBe(true);
    const lastOne = await run(['tail', '--last', '1', '--no-follow']);
    expect(lastOne.events.map((line) => line.event.eventId)).toEqual([sent[2]![1]]);
  });

  it('follows new events until stopped', async () => {
    const stop = new AbortController();
    const out: string[] = [];
    const following = main(
      ['tail', '--last', '0'],
      { out: (line) => out.push(line), err: () => undefined, env: stream.env },
      stop.signal,
    );
    await new Promise((resolve) => setTimeout(resolve, 500));
    const eventId = await produce(3);
    for (let attempt = 0; attempt < 100 && out.length === 0; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    stop.abort();
    expect(await following).toBe(0);
    expect(out.map((line) => (JSON.parse(line) as { event: { eventId: string } }).event.eventId)).toEqual([eventId]);
  });

  it('refuses a wrong invocation and a server whose events stay in the database', async () => {
    const err: string[] = [];
    const io = { out: () => undefined, err: (line: string) => err.push(line), env: stream.env };
    expect(await main(['follow'], io)).toBe(1);
    expect(await main(['tail', '--site', 'x'], io)).toBe(1);
    expect(await main(['tail'], { ...io, env: {} })).toBe(1);
    expect(err.join('\n')).toContain('usage: npm run events -- tail');
    expect(err.join('\n')).toContain('PRAVESH_EVENTS_SINK is postgres');
  });
});
