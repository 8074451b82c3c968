import type { FastifyRequest } from 'fastify';

/**
 * Whether the request's client has hung up (its connection closed): asked by the write queues
 * (lib/batcher.ts) when a batch is formed, so a write nobody waits for any more is dropped unsent
 * instead of being written after the client gave up. Safe because the ids are idempotent: the
 * client's retry stores it.
 */
export function clientGone(request: FastifyRequest): () => boolean {
  // The connection, not the request stream: a request's stream is destroyed as soon as its body has
  // been read, while the client still waits for the answer.
  const socket = request.raw.socket as FastifyRequest['raw']['socket'] | undefined;
  return () => socket?.destroyed === true;
}
