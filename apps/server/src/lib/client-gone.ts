import type { FastifyRequest } from 'fastify';

/**
 * Whether the request's client has hung up (its connection closed): asked by the write queues
 * (lib/batcher.ts) when a batch is formed, so a write nobody waits for any more is dropped unsent
 * instead of being written after the client gave up. Safe because the ids are idempotent: the
 * client's retry stores it.
 */
export function clientGone(request: FastifyRequest): () => boolean {
  const raw = request.raw;
  return () => raw.destroyed;
}
