import type { FastifyServerOptions } from 'fastify';
import { PASS_TOKEN_QUERY, SSO_DEV_ROUTES, SSO_ROUTES } from '@pravesh/core';

/**
 * Query parameters that carry secrets or personal data and must never reach a log line (spec 000
 * §7's preference?mobileNo puts a number in the URL).
 */
const SECRET_QUERY_KEYS = [
  PASS_TOKEN_QUERY,
  'token',
  'glss_token',
  'glssKey',
  'signature',
  'code',
  'otp',
  'mobileNo',
  'email',
  // The data export's signed download link (modules/data-rights).
  'link',
];
const SECRET_KEYS = new Set(SECRET_QUERY_KEYS.map((key) => key.toLowerCase()));

/**
 * Routes whose last path segment is a secret: the caller-ID request nonce (its status route, and
 * the simulator's app page outside production) signs in whoever presents it once the app approved
 * it (modules/sso/caller-id), so it is a credential for its few minutes. The segment after each
 * prefix is replaced; the route stays readable.
 */
const SECRET_SEGMENT_PREFIXES = [SSO_ROUTES.callerIdStatus, SSO_DEV_ROUTES.callerId].map((route) =>
  route.slice(0, route.lastIndexOf('/') + 1),
);

function redactPath(path: string): string {
  for (const prefix of SECRET_SEGMENT_PREFIXES) {
    if (!path.startsWith(prefix) || path.length === prefix.length) continue;
    const end = path.indexOf('/', prefix.length);
    return `${prefix}[redacted]${end === -1 ? '' : path.slice(end)}`;
  }
  return path;
}

/**
 * Replaces secret query values and secret path segments with "[redacted]" (image loads carry the
 * token in the URL).
 */
export function redactUrl(url: string): string {
  const queryStart = url.indexOf('?');
  if (queryStart === -1) return redactPath(url);
  const params = new URLSearchParams(url.slice(queryStart + 1));
  // Any spelling of a listed name (mobileno, MOBILENO): a handler may not care, the log must.
  for (const key of new Set(params.keys())) if (SECRET_KEYS.has(key.toLowerCase())) params.set(key, '[redacted]');
  return `${redactPath(url.slice(0, queryStart))}?${params.toString()}`;
}

export interface LogStream {
  write(line: string): void;
}

/**
 * pino options: secrets in headers are censored and URLs are redacted. Lines are JSON (one object
 * a line, for log shippers) except in the local environment writing to the terminal, where a
 * person reads them: there they go through prettyLogStream (`npm start` flooded the
 * terminal with one JSON line per request). A given stream (tests) always gets JSON.
 */
export function loggerOptions(level: string, stream?: LogStream, environment?: string): FastifyServerOptions['logger'] {
  const destination = stream ?? (environment === 'local' ? prettyLogStream(process.stdout) : undefined);
  return {
    level,
    ...(destination ? { stream: destination } : {}),
    redact: {
      paths: [
        'req.headers["pb-pass-token"]',
        'req.headers.authorization',
        'req.headers.cookie',
        'res.headers["set-cookie"]',
      ],
      censor: '[redacted]',
    },
    serializers: {
      req: (request: { method: string; url: string; headers: Record<string, unknown>; ip?: string }) => ({
        method: request.method,
        url: redactUrl(request.url),
        origin: request.headers.origin,
      }),
    },
  };
}

const LEVEL_NAMES: Record<number, string> = {
  10: 'TRACE',
  20: 'DEBUG',
  30: 'INFO',
  40: 'WARN',
  50: 'ERROR',
  60: 'FATAL',
};
const LEVEL_COLOURS: Record<number, string> = { 10: '90', 20: '90', 30: '36', 40: '33', 50: '31', 60: '41;97' };
/** pino's own fields and Fastify's request bookkeeping: shown in the line's head or not at all. */
const HIDDEN_FIELDS = new Set([
  'level',
  'time',
  'pid',
  'hostname',
  'msg',
  'reqId',
  'req',
  'res',
  'responseTime',
  'err',
]);

interface LogRecord {
  level?: number;
  time?: number;
  msg?: string;
  req?: { method?: string; url?: string };
  res?: { statusCode?: number };
  responseTime?: number;
  err?: { message?: string; stack?: string };
  [field: string]: unknown;
}

function fieldText(value: unknown): string {
  if (typeof value === 'string') return /\s/.test(value) ? JSON.stringify(value) : value;
  if (value !== null && typeof value === 'object') {
    return Object.entries(value)
      .map(([key, inner]) => `${key}=${fieldText(inner)}`)
      .join(' ');
  }
  return String(value);
}

/**
 * One short line per log record for a person at a terminal: "12:04:11 INFO  message key=value".
 * Fastify's two lines per request are left out for requests that went well ("incoming request",
 * and "request completed" below status 400), so the terminal shows what needs attention: refused
 * and failed requests (method, redacted URL, status, time), warnings, errors and start-up lines.
 * Fields were already redacted by pino before they reach this stream.
 */
export function formatLogLine(line: string, { colour = false }: { colour?: boolean } = {}): string | undefined {
  let record: LogRecord;
  try {
    record = JSON.parse(line) as LogRecord;
  } catch {
    return line.endsWith('\n') ? line : `${line}\n`;
  }
  const level = record.level ?? 30;
  if (record.msg === 'incoming request' && level < 40) return undefined;
  let message = record.msg ?? '';
  if (record.msg === 'request completed') {
    const status = record.res?.statusCode ?? 0;
    if (status < 400 && level < 40) return undefined;
    const took = typeof record.responseTime === 'number' ? ` (${Math.round(record.responseTime)} ms)` : '';
    message = `${record.req?.method ?? ''} ${record.req?.url ?? ''} → ${status}${took}`;
  }
  const time = new Date(record.time ?? Date.now()).toTimeString().slice(0, 8);
  const name = (LEVEL_NAMES[level] ?? String(level)).padEnd(5);
  const fields = Object.entries(record)
    .filter(([key]) => !HIDDEN_FIELDS.has(key))
    .map(([key, value]) =>
      value !== null && typeof value === 'object' ? fieldText(value) : `${key}=${fieldText(value)}`,
    )
    .join(' ');
  const error = record.err ? `\n${record.err.stack ?? record.err.message ?? ''}` : '';
  const head = colour
    ? `\u001b[2m${time}\u001b[0m \u001b[${LEVEL_COLOURS[level] ?? '0'}m${name}\u001b[0m`
    : `${time} ${name}`;
  return `${head} ${message}${fields ? `  ${colour ? `\u001b[2m${fields}\u001b[0m` : fields}` : ''}${error}\n`;
}

/** A pino destination that writes formatLogLine's lines to `out` (coloured when it is a terminal). */
export function prettyLogStream(out: NodeJS.WritableStream & { isTTY?: boolean }): LogStream {
  const colour = Boolean(out.isTTY) && !process.env.NO_COLOR;
  return {
    write(line: string) {
      const text = formatLogLine(line, { colour });
      if (text !== undefined) out.write(text);
    },
  };
}
