import { PraveshError } from '@pravesh/core';

/**
 * Outages of what the server depends on (the database, Redis, a write queue at its bound) answer
 * `503 serviceUnavailable` with Retry-After (RFC 9110 §10.2.3, §15.6.4), never `500 internalError`:
 * nothing was stored, and the client may send the same request again.
 */

/** Seconds a client is asked to wait when nothing more precise is known. */
export const DEFAULT_RETRY_AFTER_SECONDS = 2;

const RETRY_AFTER = Symbol('retryAfterSeconds');

/** A catalogue `serviceUnavailable` that carries its Retry-After for the error handler. */
export function serviceUnavailable(retryAfterSeconds = DEFAULT_RETRY_AFTER_SECONDS): PraveshError {
  const error = new PraveshError('serviceUnavailable');
  (error as unknown as Record<symbol, number>)[RETRY_AFTER] = Math.max(1, Math.ceil(retryAfterSeconds));
  return error;
}

/** The Retry-After a refusal asks for, in whole seconds (RFC 9110 §10.2.3: delay-seconds). */
export function retryAfterSecondsOf(error: PraveshError): number {
  return (error as unknown as Record<symbol, number | undefined>)[RETRY_AFTER] ?? DEFAULT_RETRY_AFTER_SECONDS;
}

// node-postgres / PostgreSQL (Appendix A, error codes): connection exceptions (class 08), the
// server shutting down or starting (57P01–57P03), too many connections (53300), a statement or
// lock timeout we set (57014 query_canceled, 55P03 lock_not_available).
const TRANSIENT_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300', '57014', '55P03']);
const TRANSIENT_SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'ENOTFOUND', 'EAI_AGAIN']);
const TRANSIENT_MESSAGES = [
  /Connection terminated/i, // node-postgres, the server went away mid-query
  /timeout exceeded when trying to connect/i, // pg.Pool connectionTimeoutMillis
  /Query read timeout/i, // node-postgres query_timeout: the server stopped answering
  /Client has encountered a connection error/i,
  /Connection is closed/i, // ioredis
  /Stream isn't writeable and enableOfflineQueue options is false/i, // ioredis, Redis down
  /Command timed out/i, // ioredis commandTimeout
  /MaxRetriesPerRequestError|Reached the max retries per request limit/i,
  /CLUSTERDOWN|TRYAGAIN|LOADING/, // Redis cluster failover / a replica still loading
];

/**
 * True for a failure of a dependency rather than of the request or the code: worth a 503 and a
 * retry. Looks through `cause` (drizzle wraps the driver's error in DrizzleQueryError).
 */
export function isTransientOutage(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    const candidate = current as { code?: unknown; message?: unknown; name?: unknown; cause?: unknown };
    const code = typeof candidate.code === 'string' ? candidate.code : '';
    if (TRANSIENT_SQLSTATES.has(code) || code.startsWith('08') || TRANSIENT_SOCKET_CODES.has(code)) return true;
    const message = typeof candidate.message === 'string' ? candidate.message : '';
    const name = typeof candidate.name === 'string' ? candidate.name : '';
    if (TRANSIENT_MESSAGES.some((pattern) => pattern.test(message) || pattern.test(name))) return true;
    current = candidate.cause;
  }
  return false;
}

/**
 * What may be logged of a dependency's failure: its class and code, never the failed statement's
 * text or parameters (drizzle puts both in its message; they hold other visitors' ids, device
 * hashes and URLs).
 */
export function outageSummary(error: unknown): { name: string; code?: string; reason: string } {
  let innermost = error as { name?: unknown; code?: unknown; message?: unknown; cause?: unknown };
  for (let depth = 0; innermost?.cause && depth < 5; depth += 1) {
    innermost = innermost.cause;
  }
  const name = typeof innermost?.name === 'string' ? innermost.name : 'Error';
  const code = typeof innermost?.code === 'string' ? innermost.code : undefined;
  const message = typeof innermost?.message === 'string' ? innermost.message : '';
  // The driver's own message (e.g. "Connection terminated unexpectedly") carries no parameters;
  // drizzle's wrapper ("Failed query: … params: …") is never the innermost error.
  const reason = message.startsWith('Failed query') ? 'query failed' : message.slice(0, 200);
  return code === undefined ? { name, reason } : { name, code, reason };
}
