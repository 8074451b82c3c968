/**
 * The part of autocannon 8's API the benchmarks use (the package ships no types, and
 * @types/autocannon is not installed). Shapes are from autocannon's README, "API".
 */
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events';

  export interface RequestParams {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string | Buffer;
  }

  export interface Request extends RequestParams {
    /** Called before every send of this request; returns the request to send. */
    setupRequest?: (request: RequestParams, context: Record<string, unknown>) => RequestParams;
  }

  export interface Options extends RequestParams {
    url: string;
    connections?: number;
    duration?: number;
    pipelining?: number;
    timeout?: number;
    requests?: Request[];
    warmup?: { connections?: number; duration?: number };
    /** Stop after this many requests instead of after `duration`. */
    amount?: number;
    /** Requests per second across all connections, at most (a fixed rate instead of as fast as answered). */
    overallRate?: number;
  }

  /** hdr-histogram-percentiles-obj: per-second samples (requests) or milliseconds (latency). */
  export interface Histogram {
    average: number;
    mean: number;
    stddev: number;
    min: number;
    max: number;
    total: number;
    p50: number;
    p90: number;
    p97_5: number;
    p99: number;
  }

  export interface Result {
    url: string;
    duration: number;
    requests: Histogram;
    latency: Histogram;
    throughput: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
    '2xx': number;
    statusCodeStats: Record<string, { count: number }>;
  }

  export interface Instance extends EventEmitter, PromiseLike<Result> {
    /** Ends the run early; the instance then resolves with what it measured. */
    stop(): void;
    /** Every completed response; responseTime is in milliseconds. */
    on(
      event: 'response',
      listener: (client: unknown, statusCode: number, resBytes: number, responseTime: number) => void,
    ): this;
  }

  export default function autocannon(options: Options): Instance;
}
