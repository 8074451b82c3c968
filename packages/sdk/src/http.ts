import {
  ERRORS,
  NO_PASS_HEADER,
  PASS_TOKEN_HEADER,
  PASS_TOKEN_QUERY,
  PraveshError,
  REQUEST_TIMEOUT_MS,
  STRATEGY_HEADERS,
  isSuccess,
} from '@pravesh/core';
import type { AuthenticationTokens, PassTokenSigner } from './pass-token.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type QueryParams = Record<string, string | number | boolean | null | undefined>;
export type FetchLike = (url: string, init: RequestInit) => Promise<Response>;

export interface RequestOptions {
  /** Sent as JSON. */
  body?: unknown;
  headers?: Record<string, string>;
  query?: QueryParams;
  /** Spec 000 §7: credentials are sent unless a call says otherwise. */
  credentials?: RequestCredentials;
}

export interface HttpClientOptions {
  /** Origin (and optional path prefix) every path is appended to; '' means the page's origin. */
  baseUrl: string;
  /** Without a signer (no shield config yet) requests carry no pass token. */
  signer?: PassTokenSigner | undefined;
  timeoutMs?: number;
  fetch?: FetchLike;
}

export interface HttpClient {
  /** Resolves with the envelope's `response`; rejects with PassRequestError. */
  request<T>(method: HttpMethod, path: string, options?: RequestOptions): Promise<T>;
  /** A URL for an image load, carrying the pass token as a query parameter (spec 000 §1). */
  imageUrl(path: string, query?: QueryParams): Promise<string>;
}

interface PassRequestErrorFields {
  statusCode: string;
  statusMessage?: string | undefined;
  httpStatus: number;
  body: unknown;
}

/**
 * A call that did not succeed. Spec 000 §7/§8: the error is the server's statusCode; a network
 * failure (or timeout, or a reply that is not JSON) is "somethingWentWrong".
 */
export class PassRequestError extends Error {
  readonly statusCode: string;
  readonly statusMessage: string | undefined;
  /** HTTP status of the reply; 0 when there was none. */
  readonly httpStatus: number;
  readonly body: unknown;

  constructor(fields: PassRequestErrorFields, cause?: unknown) {
    super(fields.statusCode, cause === undefined ? undefined : { cause });
    this.name = 'PassRequestError';
    this.statusCode = fields.statusCode;
    this.statusMessage = fields.statusMessage;
    this.httpStatus = fields.httpStatus;
    this.body = fields.body;
  }
}

function somethingWentWrong(httpStatus: number, body: unknown, cause: unknown): PassRequestError {
  const { code, message } = new PraveshError('somethingWentWrong');
  return new PassRequestError({ statusCode: code, statusMessage: message, httpStatus, body }, cause);
}

function buildUrl(baseUrl: string, path: string, query: QueryParams = {}): string {
  const url = `${baseUrl.replace(/\/+$/, '')}${path.startsWith('/') ? '' : '/'}${path}`;
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.append(name, String(value));
  }
  const search = params.toString();
  return search === '' ? url : `${url}${url.includes('?') ? '&' : '?'}${search}`;
}

/** Removes the strategy headers (spec 000 §7) from `headers` and returns their tokens. */
function takeStrategyTokens(headers: Record<string, string>): AuthenticationTokens {
  const tokens: AuthenticationTokens = {};
  for (const [name, strategy] of Object.entries(STRATEGY_HEADERS)) {
    const value = headers[name];
    if (value === undefined) continue;
    delete headers[name];
    tokens[strategy] = value;
  }
  return tokens;
}

function field(body: unknown, name: string): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const value = (body as Record<string, unknown>)[name];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

export function createHttpClient(options: HttpClientOptions): HttpClient {
  const { baseUrl, signer, timeoutMs = REQUEST_TIMEOUT_MS } = options;
  // Looked up per call, not captured: keeps `this` right for window.fetch and sees late polyfills.
  const send: FetchLike = options.fetch ?? ((url, init) => globalThis.fetch(url, init));

  /** Spec 000 §8: "Token failures fall back to an empty token" — the server then answers why. */
  async function passToken(tokens: AuthenticationTokens): Promise<string> {
    if (!signer) return '';
    try {
      return await signer.getToken(tokens);
    } catch {
      return '';
    }
  }

  async function exchange(url: string, init: RequestInit): Promise<{ httpStatus: number; text: string }> {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    try {
      const response = await send(url, { ...init, signal: controller.signal });
      return { httpStatus: response.status, text: await response.text() };
    } catch (cause) {
      throw somethingWentWrong(0, undefined, cause);
    } finally {
      clearTimeout(timer);
    }
  }

  return {
    async request<T>(method: HttpMethod, path: string, requestOptions: RequestOptions = {}): Promise<T> {
      const { body, query, credentials = 'include' } = requestOptions;
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(requestOptions.headers ?? {})) headers[name.toLowerCase()] = value;
      // With no-pass: 1 (spec 000 §5) or no shield config there is no token to move the strategy
      // tokens into, so they stay headers.
      if (signer && headers[NO_PASS_HEADER] !== '1') {
        const token = await passToken(takeStrategyTokens(headers));
        if (token !== '') headers[PASS_TOKEN_HEADER] = token;
      }
      headers.accept ??= 'application/json';
      if (body !== undefined) headers['content-type'] ??= 'application/json';

      const { httpStatus, text } = await exchange(buildUrl(baseUrl, path, query), {
        method,
        headers,
        credentials,
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      let envelope: unknown;
      try {
        envelope = JSON.parse(text);
      } catch (cause) {
        throw somethingWentWrong(httpStatus, text, cause);
      }
      if (isSuccess(envelope)) return (envelope as { response?: T }).response as T;
      throw new PassRequestError({
        statusCode: field(envelope, 'statusCode') ?? ERRORS.somethingWentWrong.code,
        statusMessage: field(envelope, 'statusMessage'),
        httpStatus,
        body: envelope,
      });
    },

    async imageUrl(path, query = {}) {
      const token = await passToken({});
      return buildUrl(baseUrl, path, token === '' ? query : { ...query, [PASS_TOKEN_QUERY]: token });
    },
  };
}
