import { afterEach, describe, expect, it, vi } from 'vitest';
import { readEventStream } from './event-stream.ts';

function streamOf(chunks: string[]): Response {
  const encoder = new TextEncoder();
  return new Response(
    new ReadableStream({
      start(controller) {
        for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
        controller.close();
      },
    }),
    { status: 200, headers: { 'content-type': 'text/event-stream' } },
  );
}

describe('readEventStream (HTML §9.2 Server-Sent Events)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('answers each event’s data once, across chunk boundaries and CRLF line ends, skipping comments', async () => {
    const fetch = vi.fn(() =>
      Promise.resolve(streamOf(['retry: 2000\n\n: still here\n\nda', 'ta: {"a":1}\r\n\r\ndata: x\ndata: y\n\n'])),
    );
    vi.stubGlobal('fetch', fetch);
    const heard: string[] = [];
    await readEventStream(
      '/events',
      { 'pb-pass-token': 't' },
      (data) => heard.push(data),
      new AbortController().signal,
    );
    expect(heard).toEqual(['{"a":1}', 'x\ny']);
    expect(fetch).toHaveBeenCalledWith(
      '/events',
      expect.objectContaining({ headers: { accept: 'text/event-stream', 'pb-pass-token': 't' } }),
    );
  });

  it('rejects with the status when the stream is refused', async () => {
    vi.stubGlobal('fetch', () => Promise.resolve(new Response('{}', { status: 404 })));
    await expect(readEventStream('/events', {}, () => undefined, new AbortController().signal)).rejects.toMatchObject({
      httpStatus: 404,
    });
  });
});
