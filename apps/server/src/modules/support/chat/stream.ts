import type { FastifyReply, FastifyRequest } from 'fastify';
import { CHAT_STREAM_MAX_MS, type ChatEvent } from '@pravesh/core';
import type { ChatBus, ChatEnvelope } from './bus.ts';

/** A comment line this often keeps proxies from closing a quiet stream (nginx's default read timeout is 60 s). */
const HEARTBEAT_MS = 20_000;

export interface StreamOptions {
  bus: ChatBus;
  /** What this stream's reader may hear, as the event they get (undefined: not for them). */
  select: (envelope: ChatEnvelope) => Promise<ChatEvent | undefined> | ChatEvent | undefined;
  /** Sent first, once the stream listens (what happened before, so nothing falls between). */
  first: () => Promise<ChatEvent[]>;
}

/**
 * A Server-Sent Events stream (HTML Living Standard §9.2) of chat events. It listens before it
 * reads what came before, so nothing is lost between the two; it ends after CHAT_STREAM_MAX_MS and
 * the page opens it again, which checks the reader's credentials again (a signed-out session or an
 * expired token stops hearing). The reader resumes after the last message seq it has.
 */
export async function openStream(request: FastifyRequest, reply: FastifyReply, options: StreamOptions): Promise<void> {
  const queue: ChatEnvelope[] = [];
  let ready = false;
  let closed = false;
  const raw = reply.raw;

  const write = (event: ChatEvent) => {
    if (!closed) raw.write(`data: ${JSON.stringify(event)}\n\n`);
  };
  // Events are written in the order they were heard, one selection at a time.
  let chain = Promise.resolve();
  const hear = (envelope: ChatEnvelope) => {
    if (!ready) {
      queue.push(envelope);
      return;
    }
    chain = chain.then(
      async () => {
        const event = await options.select(envelope);
        if (event) write(event);
      },
      () => undefined,
    );
  };

  const unsubscribe = await options.bus.subscribe(hear);
  const first = await options.first().catch((error: unknown) => {
    unsubscribe();
    throw error;
  });

  // The headers the app set so far (CORS, security headers) go out with the stream's own.
  const headers = { ...reply.getHeaders() } as Record<string, string | number | string[]>;
  reply.hijack();
  raw.writeHead(200, {
    ...headers,
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    // nginx passes the stream on at once instead of buffering it.
    'x-accel-buffering': 'no',
  });
  raw.write(`retry: 2000\n\n`);
  for (const event of first) write(event);
  ready = true;
  for (const envelope of queue.splice(0)) hear(envelope);

  const heartbeat = setInterval(() => !closed && raw.write(': still here\n\n'), HEARTBEAT_MS);
  const end = () => {
    if (closed) return;
    closed = true;
    clearInterval(heartbeat);
    clearTimeout(lifetime);
    unsubscribe();
    raw.end();
  };
  const lifetime = setTimeout(end, CHAT_STREAM_MAX_MS);
  request.raw.on('close', end);
  raw.on('close', end);
}
