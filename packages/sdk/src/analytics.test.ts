import { produceEventBodySchema } from '@pravesh/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAnalytics, PRODUCE_EVENT_PATH, randomUuid } from './analytics.ts';
import type { HttpClient } from './http.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

function fakeHttp() {
  const request = vi.fn((_method: string, _path: string, options?: { body?: unknown }) => {
    const [item] = options!.body as [{ eventId: string }];
    return Promise.resolve({ eventId: item.eventId, storedAt: '2025-06-01T10:00:00.000Z' });
  });
  return { request: request as unknown as HttpClient['request'], calls: request.mock.calls };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('createAnalytics', () => {
  it('posts a one-item list with a generated eventId and returns the receipt', async () => {
    const http = fakeHttp();
    const receipt = await createAnalytics(http).track({ event: 'nudge_open', category: 'nudge', lob: 'PL' });
    expect(http.calls).toHaveLength(1);
    const [method, path, options] = http.calls[0]!;
    expect(method).toBe('POST');
    expect(path).toBe(PRODUCE_EVENT_PATH);
    const body = produceEventBodySchema.parse(options!.body);
    expect(body[0]).toMatchObject({ event: 'nudge_open', category: 'nudge', lob: 'PL' });
    expect(body[0]!.eventId).toMatch(UUID);
    expect(receipt).toEqual({ eventId: body[0]!.eventId, storedAt: '2025-06-01T10:00:00.000Z' });
  });

  it('keeps a caller-given eventId so a resend is stored once', async () => {
    const http = fakeHttp();
    const eventId = '0b7f3c52-6a8e-4f4e-9a51-3c2d1e0f9a87';
    await createAnalytics(http).track({ event: 'apply', eventId });
    await createAnalytics(http).track({ event: 'apply', eventId });
    expect(http.calls.map(([, , options]) => (options!.body as [{ eventId: string }])[0].eventId)).toEqual([
      eventId,
      eventId,
    ]);
  });

  it('gives each event its own id', async () => {
    const http = fakeHttp();
    const analytics = createAnalytics(http);
    const [a, b] = await Promise.all([analytics.track({ event: 'a' }), analytics.track({ event: 'b' })]);
    expect(a.eventId).not.toBe(b.eventId);
  });

  it('refuses an event without a name', async () => {
    const http = fakeHttp();
    await expect(createAnalytics(http).track({ event: '' })).rejects.toThrow('[event] is required');
    expect(http.calls).toHaveLength(0);
  });
});

describe('randomUuid', () => {
  it('builds a version 4 UUID where randomUUID is missing (insecure context)', () => {
    const real = globalThis.crypto;
    vi.stubGlobal('crypto', { getRandomValues: (array: Uint8Array<ArrayBuffer>) => real.getRandomValues(array) });
    const ids = new Set(Array.from({ length: 50 }, randomUuid));
    expect(ids.size).toBe(50);
    for (const id of ids) expect(id).toMatch(UUID);
  });
});
