import { randomUUID } from 'node:crypto';
import { PASS_TOKEN_HEADER, VISIT_PATH } from '@pravesh/core';
import { ROUTES } from '../../bench/api-process.ts';
import { benchPass } from '../../bench/pass-token.ts';
import type { Instance } from './instances.ts';
import { sleep } from './services.ts';

/**
 * Bounded load on the two hottest writes, visits and analytics events, from a fixed number of
 * workers per instance. Every request carries fresh client-generated ids (both routes are
 * idempotent on them), and every outcome is kept by id, so afterwards the database can be asked
 * which acknowledged ids it holds, how often, and whether any refused one slipped in.
 */

export type WriteKind = 'visit' | 'event';
/** An HTTP status, 'timeout' (the client gave up) or 'error' (no answer: refused, reset). */
export type Outcome = number | 'timeout' | 'error';

export interface Sent {
  id: string;
  kind: WriteKind;
  fault: string;
  instance: string;
  outcome: Outcome;
  /** performance.now() at send and at answer. */
  sentAt: number;
  answeredAt: number;
  /** On a 503: whether it said when to come back. */
  retryAfter?: boolean;
}

export type Pass = () => Promise<{ token: string; siteKey: Uint8Array<ArrayBuffer> }>;

/** A pass token reissued well before its 900 s life ends, so a long run never sends an expired one. */
export function passSource(): Pass {
  let current: { at: number; pass: Promise<Awaited<ReturnType<Pass>>> } | undefined;
  return () => {
    if (!current || Date.now() - current.at > 300_000) current = { at: Date.now(), pass: benchPass() };
    return current.pass;
  };
}

const b64 = (text: string) => Buffer.from(text).toString('base64');
/** The fields every visit shares (as bench/visit-ingestion.ts sends them), without braces. */
const VISIT_FIELDS = JSON.stringify({
  deviceId: 'faults-device',
  siteName: 'Homepage',
  completeUrl: b64('https://www.example.in/personal-loan?utm_source=google'),
  utmSource: b64('google'),
  dataSource: b64('web'),
}).slice(1, -1);

function body(kind: WriteKind, id: string): string {
  if (kind === 'event') return JSON.stringify([{ eventId: id, event: 'faults', category: 'faults' }]);
  return (
    `{"visitId":"${id}","visitorId":"${randomUUID()}","parentVisitId":"${id}",` +
    `"absoluteParentVisitId":"${id}","createdAt":${Date.now()},${VISIT_FIELDS}}`
  );
}

const PATHS: Record<WriteKind, string> = { visit: VISIT_PATH, event: ROUTES.produce };

export interface LoadOptions {
  instances: readonly Instance[];
  /** Workers per instance, each with one request in flight. */
  workersPerInstance: number;
  /**
   * How long a worker waits after an answer before its next request. 0 is a closed loop with no
   * think time: the load then grows to whatever CPU the machine has free.
   */
  pauseMs: number;
  /** How long a client waits for an answer before it gives up. */
  requestTimeoutMs: number;
  pass: Pass;
}

/** Runs until stop(); `fault` names the phase each request is counted under. */
export class Load {
  readonly sent: Sent[] = [];
  fault = 'warm-up';
  private stopped = false;
  private readonly retired = new Set<string>();
  private workers: Promise<void>[] = [];

  constructor(private readonly options: LoadOptions) {}

  start(): void {
    for (const instance of this.options.instances) {
      for (let worker = 0; worker < this.options.workersPerInstance; worker += 1) {
        this.workers.push(this.work(instance, worker % 2 === 0 ? 'visit' : 'event'));
      }
    }
  }

  /** No more requests to `instance` (it is gone for good). */
  retire(instance: Instance): void {
    this.retired.add(instance.name);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await Promise.all(this.workers);
    this.workers = [];
  }

  private async work(instance: Instance, first: WriteKind): Promise<void> {
    let kind = first;
    while (!this.stopped && !this.retired.has(instance.name)) {
      const sent = await this.send(instance, kind);
      this.sent.push(sent);
      kind = kind === 'visit' ? 'event' : 'visit';
      // A refusal or a dead instance is not hammered in a tight loop, as a client would back off.
      if (typeof sent.outcome !== 'number' || sent.outcome >= 300) await sleep(50);
      else if (this.options.pauseMs > 0) await sleep(this.options.pauseMs);
    }
  }

  private async send(instance: Instance, kind: WriteKind): Promise<Sent> {
    const id = randomUUID();
    const fault = this.fault;
    const sentAt = performance.now();
    const record = (outcome: Outcome, retryAfter?: boolean): Sent => ({
      id,
      kind,
      fault,
      instance: instance.name,
      outcome,
      sentAt,
      answeredAt: performance.now(),
      ...(retryAfter === undefined ? {} : { retryAfter }),
    });
    try {
      const { token } = await this.options.pass();
      const response = await fetch(instance.url + PATHS[kind], {
        method: 'POST',
        headers: { [PASS_TOKEN_HEADER]: token, 'content-type': 'application/json' },
        body: body(kind, id),
        signal: AbortSignal.timeout(this.options.requestTimeoutMs),
      });
      await response.arrayBuffer();
      return record(response.status, response.status === 503 ? response.headers.has('retry-after') : undefined);
    } catch (error) {
      return record(error instanceof Error && error.name === 'TimeoutError' ? 'timeout' : 'error');
    }
  }
}

export const isAck = (outcome: Outcome) => typeof outcome === 'number' && outcome >= 200 && outcome < 300;
/** Answered with a refusal: the write must not be stored. */
export const isRefusal = (outcome: Outcome) => typeof outcome === 'number' && !isAck(outcome);

/**
 * Seconds from `faultEnd` until requests to each instance succeed again and keep succeeding: the
 * send time of the first request after the last failure sent at or after `faultEnd` (0 when none
 * failed). Null when an instance's last request of the phase still failed: it never recovered.
 */
export function recoverySeconds(sent: readonly Sent[], faultEnd: number): number | null {
  const byInstance = new Map<string, Sent[]>();
  for (const entry of sent) {
    if (entry.sentAt < faultEnd) continue;
    const list = byInstance.get(entry.instance) ?? [];
    list.push(entry);
    byInstance.set(entry.instance, list);
  }
  let worst = 0;
  for (const list of byInstance.values()) {
    list.sort((a, b) => a.sentAt - b.sentAt);
    let lastFailure = -1;
    list.forEach((entry, index) => {
      if (!isAck(entry.outcome)) lastFailure = index;
    });
    if (lastFailure === list.length - 1) return null;
    if (lastFailure >= 0) worst = Math.max(worst, (list[lastFailure + 1]!.sentAt - faultEnd) / 1000);
  }
  return worst;
}
