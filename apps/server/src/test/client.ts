import type { LightMyRequestResponse } from 'fastify';
import type { Envelope } from '@pravesh/core';
import type { TestInstance } from './instance.ts';

export type { Envelope } from '@pravesh/core';

/**
 * The client half of getTestInstance: a route called as a browser calls it, over the server's real
 * HTTP handling (Fastify inject), with the envelope typed (spec 000 §7). One place for the headers
 * every API test sends, instead of a `call()` and an `Envelope` per test file.
 */

/**
 * How a call proves its customer (spec 000 §9): the access token in `pb-access-token`, as the SDK
 * and the account pages send it, or inside the pass token (`authenticationToken.sso`), as the
 * dashboard sends it.
 */
export type Proof = { header: string } | { sso: string };

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface CallOptions {
  /** A JSON body; a string is sent as it is (for malformed or hand-written JSON). */
  body?: unknown;
  /** The query string, without its `?`. */
  query?: string;
  /** Shorthand for `proof: { header: accessToken }`; undefined sends no access token. */
  accessToken?: string;
  proof?: Proof;
  /** The site the pass token is for (2, demo site A, unless given). */
  siteId?: number;
  /** A pass token the test made itself, or false for a call without one. */
  pass?: string | false;
  headers?: Record<string, string>;
  remoteAddress?: string;
}

export interface CallReply<T> {
  status: number;
  headers: LightMyRequestResponse['headers'];
  body: Envelope<T>;
  /** The raw reply, for bodies that are not JSON and for headers. */
  reply: LightMyRequestResponse;
}

export interface TestClient {
  /** The raw reply (a PDF, a redirect, an HTML page). */
  inject(method: Method, url: string, options?: CallOptions): Promise<LightMyRequestResponse>;
  /** The reply with its envelope. */
  call<T = unknown>(method: Method, url: string, options?: CallOptions): Promise<CallReply<T>>;
  get<T = unknown>(url: string, options?: CallOptions): Promise<CallReply<T>>;
  post<T = unknown>(url: string, options?: CallOptions): Promise<CallReply<T>>;
}

export function testClient(server: Pick<TestInstance, 'app' | 'token'>): TestClient {
  async function passToken(options: CallOptions): Promise<string | undefined> {
    if (options.pass === false) return undefined;
    if (options.pass !== undefined) return options.pass;
    const proof = options.proof;
    return server.token(
      options.siteId ?? 2,
      proof && 'sso' in proof ? { authenticationToken: { sso: proof.sso } } : {},
    );
  }

  async function inject(method: Method, url: string, options: CallOptions = {}): Promise<LightMyRequestResponse> {
    const pass = await passToken(options);
    const proof = options.proof ?? (options.accessToken === undefined ? undefined : { header: options.accessToken });
    const { body } = options;
    return server.app.inject({
      method,
      url: options.query ? `${url}?${options.query}` : url,
      ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
      headers: {
        ...(pass === undefined ? {} : { 'pb-pass-token': pass }),
        ...(proof && 'header' in proof ? { 'pb-access-token': proof.header } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...options.headers,
      },
      ...(body === undefined ? {} : { payload: typeof body === 'string' ? body : JSON.stringify(body) }),
    });
  }

  async function call<T>(method: Method, url: string, options: CallOptions = {}): Promise<CallReply<T>> {
    const reply = await inject(method, url, options);
    return { status: reply.statusCode, headers: reply.headers, body: reply.json<Envelope<T>>(), reply };
  }

  return {
    inject,
    call,
    get: (url, options) => call('GET', url, options),
    post: (url, options) => call('POST', url, options),
  };
}
