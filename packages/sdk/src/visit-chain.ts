import { PraveshError, type VisitorRecord } from '@pravesh/core';
import { randomUuid, type TrackEvent } from './analytics.ts';
import { buildVisitBody, utmSourceOf, type VisitBody } from './visit-body.ts';
import type { VisitorRecordStore } from './visitor-record.ts';

/**
 * The visit chain (spec 000 §4). More than 30 minutes without activity, and the next click or
 * scroll (scroll debounced 250 ms) starts a new visit: the old id becomes parentVisitId, the new
 * one visit and mostRecentVisit, the first visit's id stays absoluteParentVisitId and the nudge
 * opens again. A new visit also starts when the utm source differs from the stored visit's, when
 * a customer is set and when there is no visit. Between 1 and 30 minutes only lastActive moves;
 * under a minute nothing is written, which spares a cookie write on every click.
 * Clock and timers are injected so the rules are tested at their edges without sleeping.
 */
export const VISIT_IDLE_MS = 30 * 60 * 1000;
export const ACTIVE_WRITE_MS = 60 * 1000;
export const SCROLL_DEBOUNCE_MS = 250;
/** spec 000 §4, §7: "retries up to 2 times with 1000 ms delay". */
export const VISIT_RETRIES = 2;
export const VISIT_RETRY_DELAY_MS = 1000;
/** spec 000 §8: "Visit creation failure after retries is logged as pbguc_create_visit_failed". */
export const CREATE_VISIT_FAILED_EVENT = 'pbguc_create_visit_failed';

export type VisitReason = 'missing' | 'idle' | 'utm' | 'customer';
export type VisitDecision = { kind: 'new'; reason: VisitReason } | { kind: 'touch' } | { kind: 'none' };

/** What activity at `now` on a page whose utm source is `utmSource` (base64) does to the record. */
export function decideVisit(record: VisitorRecord, now: number, utmSource: string | undefined): VisitDecision {
  if (record.visit === undefined) return { kind: 'new', reason: 'missing' };
  if (utmSource !== undefined && utmSource !== record.utmSource) return { kind: 'new', reason: 'utm' };
  const idle = now - record.lastActive;
  if (idle > VISIT_IDLE_MS) return { kind: 'new', reason: 'idle' };
  // A lastActive in the future (a clock set back) is repaired rather than trusted.
  if (idle >= ACTIVE_WRITE_MS || idle < 0) return { kind: 'touch' };
  return { kind: 'none' };
}

/** The chain fields of a new visit `visitId` that followed the record `previous`. */
export function chainVisit(
  previous: VisitorRecord,
  visitId: string,
  now: number,
  utmSource: string | undefined,
): Partial<VisitorRecord> {
  const parentVisitId = previous.visit ?? previous.mostRecentVisit;
  return {
    visit: visitId,
    mostRecentVisit: visitId,
    parentVisitId,
    absoluteParentVisitId: previous.absoluteParentVisitId ?? parentVisitId ?? visitId,
    utmSource,
    initialNudgeState: 'open',
    lastActive: now,
    updatedAt: now,
  };
}

export interface EventTargetLike {
  addEventListener(type: string, listener: () => void, options?: AddEventListenerOptions): void;
  removeEventListener(type: string, listener: () => void, options?: EventListenerOptions): void;
}

export type SetTimeoutLike = (callback: () => void, ms: number) => unknown;
export type ClearTimeoutLike = (handle: unknown) => void;

export interface VisitTrackerOptions {
  records: Pick<VisitorRecordStore, 'ensure' | 'write'>;
  /** POSTs the body to /MSP/api/v1/visit and resolves with the visitId of the reply. */
  createVisit: (body: VisitBody) => Promise<unknown>;
  /** Sends an analytics event (the failure event after the last retry). */
  track: (event: TrackEvent) => Promise<unknown>;
  now?: () => number;
  setTimeout?: SetTimeoutLike;
  clearTimeout?: ClearTimeoutLike;
  /** The page address (default location.href). */
  url?: () => string;
  /** Where clicks and scrolls are heard (default window). */
  target?: EventTargetLike | undefined;
  deviceId?: () => Promise<string | undefined>;
  siteName?: string | undefined;
  newVisitId?: () => string;
  /** Failures of the listeners' checks (the event has already been reported). */
  onError?: (error: unknown) => void;
}

export interface VisitTracker {
  /** Checks the record now (a page view is activity) and starts listening for clicks and scrolls. */
  start(): Promise<VisitorRecord>;
  stop(): void;
  /** The rule for one click or (debounced) scroll. */
  activity(): Promise<VisitorRecord>;
  /** Starts a new visit now, e.g. when a customer is set. */
  newVisit(reason: VisitReason): Promise<VisitorRecord>;
}

const LISTENER_OPTIONS = { capture: true, passive: true } as const;

export function createVisitTracker(options: VisitTrackerOptions): VisitTracker {
  const { records, siteName } = options;
  const now = options.now ?? Date.now;
  const schedule: SetTimeoutLike = options.setTimeout ?? ((callback, ms) => setTimeout(callback, ms));
  const cancel: ClearTimeoutLike =
    options.clearTimeout ?? ((handle) => clearTimeout(handle as ReturnType<typeof setTimeout>));
  const url = options.url ?? (() => (typeof location === 'undefined' ? '' : location.href));
  const target = 'target' in options ? options.target : typeof window === 'undefined' ? undefined : window;
  const newVisitId = options.newVisitId ?? randomUuid;
  const onError = options.onError ?? (() => undefined);
  let inflight: Promise<VisitorRecord> | undefined;
  let scrollTimer: unknown;
  let listening = false;

  const delay = (ms: number) => new Promise<void>((resolve) => schedule(resolve, ms));

  async function deviceId(): Promise<string | undefined> {
    try {
      return await options.deviceId?.();
    } catch {
      return undefined;
    }
  }

  /** One visitId for every try, so the server stores the visit once however many tries land. */
  async function createWithRetries(body: VisitBody): Promise<string> {
    let failure: unknown;
    for (let attempt = 0; attempt <= VISIT_RETRIES; attempt++) {
      if (attempt > 0) await delay(VISIT_RETRY_DELAY_MS);
      try {
        const visitId = await options.createVisit(body);
        // spec 000 §5: "A visit without visitId fails".
        if (typeof visitId === 'string' && visitId !== '' && visitId.length <= 64) return visitId;
        failure = new Error('the visit reply has no visitId');
      } catch (error) {
        failure = error;
      }
    }
    const reason = failure instanceof Error ? ((failure as { statusCode?: string }).statusCode ?? failure.message) : '';
    void options
      .track({
        event: CREATE_VISIT_FAILED_EVENT,
        category: 'pbguc',
        action: 'create_visit',
        label: reason.slice(0, 512),
        data: { visitId: body.visitId, attempts: VISIT_RETRIES + 1 },
      })
      .catch(() => undefined);
    throw new PraveshError('failedToCreateVisitId');
  }

  /** The visit a customer set during another visit's creation waits to make (one, however many sets). */
  let customerVisit: Promise<VisitorRecord> | undefined;

  function newVisit(reason: VisitReason): Promise<VisitorRecord> {
    // spec 000 §4: "A new visit is also created … when a customer is set". A visit already on its
    // way was built before the sign-in, so it cannot stand for it: the customer's follows it.
    if (reason === 'customer' && inflight) {
      customerVisit ??= inflight
        .catch(() => undefined)
        .then(() => {
          customerVisit = undefined;
          return newVisit(reason);
        });
      return customerVisit;
    }
    inflight ??= (async () => {
      const previous = records.ensure();
      const page = url();
      const body = buildVisitBody({
        visitId: newVisitId(),
        url: page,
        createdAt: now(),
        visitorId: previous.visitorId,
        deviceId: await deviceId(),
        parentVisitId: previous.visit ?? previous.mostRecentVisit,
        absoluteParentVisitId: previous.absoluteParentVisitId,
        siteName,
      });
      const visitId = await createWithRetries(body);
      // The cookie may have changed meanwhile (the server's Set-Cookie, a customer set): keep the
      // latest record and lay the chain of this visit over it.
      const record = { ...records.ensure(), ...chainVisit(previous, visitId, now(), utmSourceOf(page)) };
      records.write(record);
      return record;
    })().finally(() => {
      inflight = undefined;
    });
    return inflight;
  }

  function activity(): Promise<VisitorRecord> {
    if (inflight) return inflight;
    const record = records.ensure();
    const at = now();
    const decision = decideVisit(record, at, utmSourceOf(url()));
    if (decision.kind === 'new') return newVisit(decision.reason);
    if (decision.kind === 'none') return Promise.resolve(record);
    const touched = { ...record, lastActive: at, updatedAt: at };
    records.write(touched);
    return Promise.resolve(touched);
  }

  function run(): void {
    activity().catch(onError);
  }

  function onScroll(): void {
    if (scrollTimer !== undefined) cancel(scrollTimer);
    scrollTimer = schedule(() => {
      scrollTimer = undefined;
      run();
    }, SCROLL_DEBOUNCE_MS);
  }

  return {
    start() {
      if (!listening && target) {
        target.addEventListener('click', run, LISTENER_OPTIONS);
        target.addEventListener('scroll', onScroll, LISTENER_OPTIONS);
        listening = true;
      }
      return activity();
    },
    stop() {
      if (listening && target) {
        target.removeEventListener('click', run, LISTENER_OPTIONS);
        target.removeEventListener('scroll', onScroll, LISTENER_OPTIONS);
      }
      listening = false;
      if (scrollTimer !== undefined) cancel(scrollTimer);
      scrollTimer = undefined;
    },
    activity,
    newVisit,
  };
}
