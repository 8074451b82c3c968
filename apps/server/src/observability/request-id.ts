import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** The response header that names the request in our logs (and that a caller may send). */
export const REQUEST_ID_HEADER = 'x-request-id';

// W3C Trace Context §3.2: version "00", a 32-hex trace id and a 16-hex parent id, neither all zeros.
const TRACEPARENT = /^00-([0-9a-f]{32})-([0-9a-f]{16})-[0-9a-f]{2}$/;
const ALL_ZEROS = /^0+$/;
// A caller's own id is taken only when it cannot forge log structure or carry much (log injection, CWE-117).
const CALLER_ID = /^[A-Za-z0-9._-]{8,64}$/;

function header(request: IncomingMessage, name: string): string | undefined {
  const value = request.headers[name];
  return typeof value === 'string' ? value.trim() : undefined;
}

/**
 * Fastify's genReqId: the trace id of a valid `traceparent` (so a log line and its trace share an
 * id), else a well-formed `x-request-id` from a proxy in front, else a new UUID. Every log line of a
 * request carries it as `reqId`; the response returns it in `x-request-id`.
 */
export function requestIdFor(request: IncomingMessage): string {
  const traceparent = header(request, 'traceparent')?.toLowerCase();
  const match = traceparent === undefined ? null : TRACEPARENT.exec(traceparent);
  if (match && !ALL_ZEROS.test(match[1]!) && !ALL_ZEROS.test(match[2]!)) return match[1]!;
  const given = header(request, REQUEST_ID_HEADER);
  if (given !== undefined && CALLER_ID.test(given)) return given;
  return randomUUID();
}
