import { PraveshError, SSO_SITE_ID, type VisitorRecord } from '@pravesh/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TrackEvent } from './analytics.ts';
import { memoryCookieJar } from './cookies.ts';
import {
  ACTIVE_WRITE_MS,
  CREATE_VISIT_FAILED_EVENT,
  createVisitTracker,
  decideVisit,
  SCROLL_DEBOUNCE_MS,
  VISIT_IDLE_MS,
  VISIT_RETRY_DELAY_MS,
  type VisitTrackerOptions,
} from './visit-chain.ts';
import { base64Utf8, type VisitBody } from './visit-body.ts';
import { createVisitorRecordStore } from './visitor-record.ts';

const T0 = Date.UTC(2026, 4, 1, 10);
const MINUTE = 60_000;
const PAGE = 'https://cards.example.in/apply';

beforeEach(() => {
  vi.useFakeTimers({ now: T0 });
});
afterEach(() => {
  vi.useRealTimers();
});

function setup(overrides: Partial<VisitTrackerOptions> = {}) {
  const jar = memoryCookieJar();
  const records = createVisitorRecordStore({ environment: 'staging', cookieKey: 'k', cookies: jar, now: Date.now });
  let page = PAGE;
  let n = 0;
  const bodies: VisitBody[] = [];
  const createVisit = vi.fn((body: VisitBody) => {
    bodies.push(body);
    return Promise.resolve<unknown>(body.visitId);
  });
  const track = vi.fn((_event: TrackEvent) => Promise.resolve());
  const target = new EventTarget();
  const tracker = createVisitTracker({
    records,
    createVisit,
    track,
    now: () => Date.now(),
    setTimeout: (callback, ms) => setTimeout(callback, ms),
    clearTimeout: (handle) => clearTimeout(handle as number),
    url: () => page,
    target,
    deviceId: () => Promise.resolve('device-hash'),
    siteName: 'Credit card',
    newVisitId: () => `visit-${++n}`,
    ...overrides,
  });
  return {
    jar,
    records,
    tracker,
    createVisit,
    track,
    bodies,
    target,
    setPage: (url: string) => (page = url),
    record: () => records.read()!,
  };
}

const click = (target: EventTarget) => target.dispatchEvent(new Event('click'));
const scroll = (target: EventTarget) => target.dispatchEvent(new Event('scroll'));

describe('decideVisit', () => {
  const base = { visit: 'v', lastActive: T0, utmSource: 'Zw==' } as VisitorRecord;
  it('follows the time edges', () => {
    expect(decideVisit(base, T0 + ACTIVE_WRITE_MS - 1, undefined)).toEqual({ kind: 'none' });
    expect(decideVisit(base, T0 + ACTIVE_WRITE_MS, undefined)).toEqual({ kind: 'touch' });
    expect(decideVisit(base, T0 + VISIT_IDLE_MS, undefined)).toEqual({ kind: 'touch' });
    expect(decideVisit(base, T0 + VISIT_IDLE_MS + 1, undefined)).toEqual({ kind: 'new', reason: 'idle' });
    expect(decideVisit(base, T0 - 5, undefined)).toEqual({ kind: 'touch' });
  });
  it('starts a visit when the utm source differs or the visit is missing', () => {
    expect(decideVisit(base, T0, 'Zw==')).toEqual({ kind: 'none' });
    expect(decideVisit(base, T0, 'Zg==')).toEqual({ kind: 'new', reason: 'utm' });
    expect(decideVisit({ ...base, visit: undefined }, T0, undefined)).toEqual({ kind: 'new', reason: 'missing' });
  });
});

describe('visit tracker', () => {
  it('creates the first visit when there is none, with a proposed id and base64 fields', async () => {
    const { tracker, bodies, record } = setup();
    await tracker.start();
    expect(bodies).toEqual([
      {
        visitId: 'visit-1',
        createdAt: T0,
        completeUrl: base64Utf8(PAGE),
        visitorId: record().visitorId,
        deviceId: 'device-hash',
        siteName: 'Credit card',
      },
    ]);
    expect(record()).toMatchObject({
      visit: 'visit-1',
      mostRecentVisit: 'visit-1',
      absoluteParentVisitId: 'visit-1',
      initialNudgeState: 'open',
      lastActive: T0,
    });
    expect(record().parentVisitId).toBeUndefined();
    tracker.stop();
  });

  it('keeps the visit at 29:59 idle and chains a new one at 30:01', async () => {
    const { tracker, target, createVisit, records, record } = setup();
    await tracker.start();
    records.write({ ...record(), initialNudgeState: 'close' });

    await vi.advanceTimersByTimeAsync(29 * MINUTE + 59_000);
    click(target);
    await vi.advanceTimersByTimeAsync(0);
    expect(createVisit).toHaveBeenCalledTimes(1);
    expect(record()).toMatchObject({ visit: 'visit-1', lastActive: T0 + 29 * MINUTE + 59_000 });

    await vi.advanceTimersByTimeAsync(30 * MINUTE + 1000);
    click(target);
    await vi.advanceTimersByTimeAsync(0);
    expect(createVisit).toHaveBeenCalledTimes(2);
    expect(record()).toMatchObject({
      visit: 'visit-2',
      mostRecentVisit: 'visit-2',
      parentVisitId: 'visit-1',
      absoluteParentVisitId: 'visit-1',
      initialNudgeState: 'open',
    });
    expect(createVisit.mock.calls[1]![0]).toMatchObject({ parentVisitId: 'visit-1', absoluteParentVisitId: 'visit-1' });

    await vi.advanceTimersByTimeAsync(31 * MINUTE);
    await tracker.activity();
    expect(record()).toMatchObject({ visit: 'visit-3', parentVisitId: 'visit-2', absoluteParentVisitId: 'visit-1' });
    tracker.stop();
  });

  it('writes nothing under a minute and only lastActive between 1 and 30 minutes', async () => {
    const { tracker, jar, record } = setup();
    await tracker.start();
    const before = record();
    const writes = jar.writes.length;
    await vi.advanceTimersByTimeAsync(ACTIVE_WRITE_MS - 1);
    await tracker.activity();
    expect(jar.writes).toHaveLength(writes);
    await vi.advanceTimersByTimeAsync(1);
    await tracker.activity();
    expect(jar.writes).toHaveLength(writes + 1);
    expect(record()).toEqual({ ...before, lastActive: T0 + ACTIVE_WRITE_MS, updatedAt: T0 + ACTIVE_WRITE_MS });
  });

  it('starts a new visit when the utm source changes, not when it is absent', async () => {
    const { tracker, setPage, createVisit, record } = setup();
    setPage(`${PAGE}?utm_source=google`);
    await tracker.start();
    expect(record().utmSource).toBe(btoa('google'));
    setPage(`${PAGE}?utm_source=google&utm_medium=cpc`);
    await tracker.activity();
    setPage(PAGE);
    await tracker.activity();
    expect(createVisit).toHaveBeenCalledTimes(1);
    setPage(`${PAGE}?utm_source=facebook`);
    await tracker.activity();
    expect(createVisit).toHaveBeenCalledTimes(2);
    expect(record()).toMatchObject({ visit: 'visit-2', parentVisitId: 'visit-1', utmSource: btoa('facebook') });
    expect(createVisit.mock.calls[1]![0].utmSource).toBe(btoa('facebook'));
  });

  it('starts a new visit when a customer is set', async () => {
    const { tracker, records, createVisit, record } = setup();
    await tracker.start();
    expect(await records.setCustomer(SSO_SITE_ID, { mobileNo: '9876543210', customerId: 'c-1' })).toBe('set');
    await tracker.newVisit('customer');
    expect(createVisit).toHaveBeenCalledTimes(2);
    // The chain lands on the latest record: the customer set meanwhile is kept.
    expect(record()).toMatchObject({ visit: 'visit-2', parentVisitId: 'visit-1', syncGuc: true });
    expect(await records.getCustomer()).toEqual({ mobileNo: '9876543210', customerId: 'c-1' });
  });

  it('starts a visit for a customer set while another visit is being made, after it (spec 000 §4)', async () => {
    let release!: () => void;
    const slow = new Promise<void>((resolve) => (release = resolve));
    const createVisit = vi.fn(async (body: VisitBody) => {
      if (createVisit.mock.calls.length === 1) await slow;
      return body.visitId;
    });
    const { tracker, records, record } = setup({ createVisit });
    const first = tracker.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(createVisit).toHaveBeenCalledTimes(1);
    // Signed in while the first visit is still on its way: its body was built before.
    expect(await records.setCustomer(SSO_SITE_ID, { mobileNo: '9876543210', customerId: 'c-1' })).toBe('set');
    const forCustomer = tracker.newVisit('customer');
    release();
    await first;
    await forCustomer;
    expect(createVisit).toHaveBeenCalledTimes(2);
    expect(record()).toMatchObject({ visit: 'visit-2', parentVisitId: 'visit-1' });
  });

  it('starts a visit when the record has lost it', async () => {
    const { tracker, records, record, createVisit } = setup();
    await tracker.start();
    const { visit: _visit, ...withoutVisit } = record();
    records.write(withoutVisit);
    await tracker.activity();
    expect(createVisit).toHaveBeenCalledTimes(2);
    expect(record()).toMatchObject({ visit: 'visit-2', parentVisitId: 'visit-1', absoluteParentVisitId: 'visit-1' });
  });

  it('retries twice, 1000 ms apart, with the same visitId', async () => {
    const times: number[] = [];
    const createVisit = vi.fn((body: VisitBody) => {
      times.push(Date.now());
      return times.length < 3 ? Promise.reject(new Error('network')) : Promise.resolve<unknown>(body.visitId);
    });
    const { tracker, record, track } = setup({ createVisit });
    const started = tracker.start();
    await vi.advanceTimersByTimeAsync(2 * VISIT_RETRY_DELAY_MS);
    await started;
    expect(times).toEqual([T0, T0 + 1000, T0 + 2000]);
    expect(new Set(createVisit.mock.calls.map(([body]) => body.visitId))).toEqual(new Set(['visit-1']));
    expect(record().visit).toBe('visit-1');
    expect(track).not.toHaveBeenCalled();
  });

  it('after the last retry sends pbguc_create_visit_failed and fails with the catalogue error', async () => {
    const failure = Object.assign(new Error('boom'), { statusCode: 'somethingWentWrong' });
    const createVisit = vi.fn(() => Promise.reject(failure));
    const { tracker, track, records, jar } = setup({ createVisit });
    records.ensure();
    const writes = jar.writes.length;
    const started = tracker.start();
    const outcome = expect(started).rejects.toThrow(new PraveshError('failedToCreateVisitId'));
    await vi.advanceTimersByTimeAsync(2 * VISIT_RETRY_DELAY_MS);
    await outcome;
    await expect(started).rejects.toThrow('Failed to create visitId');
    expect(createVisit).toHaveBeenCalledTimes(3);
    expect(track).toHaveBeenCalledTimes(1);
    expect(track.mock.calls[0]![0]).toMatchObject({
      event: CREATE_VISIT_FAILED_EVENT,
      label: 'somethingWentWrong',
      data: { visitId: 'visit-1', attempts: 3 },
    });
    expect(jar.writes).toHaveLength(writes);
  });

  it('counts a reply without visitId as a failure', async () => {
    const createVisit = vi.fn(() => Promise.resolve<unknown>(undefined));
    const { tracker } = setup({ createVisit });
    const started = tracker.start();
    const outcome = expect(started).rejects.toThrow('Failed to create visitId');
    await vi.advanceTimersByTimeAsync(2 * VISIT_RETRY_DELAY_MS);
    await outcome;
    expect(createVisit).toHaveBeenCalledTimes(3);
  });

  it('debounces scrolls by 250 ms and shares one creation among concurrent events', async () => {
    const onError = vi.fn();
    const { tracker, target, createVisit } = setup({ onError });
    await tracker.start();
    await vi.advanceTimersByTimeAsync(31 * MINUTE);
    for (let i = 0; i < 5; i++) {
      scroll(target);
      await vi.advanceTimersByTimeAsync(SCROLL_DEBOUNCE_MS - 1);
    }
    expect(createVisit).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(createVisit).toHaveBeenCalledTimes(2);
    click(target);
    click(target);
    await vi.advanceTimersByTimeAsync(0);
    expect(createVisit).toHaveBeenCalledTimes(2);
    expect(onError).not.toHaveBeenCalled();

    tracker.stop();
    await vi.advanceTimersByTimeAsync(31 * MINUTE);
    scroll(target);
    click(target);
    await vi.advanceTimersByTimeAsync(SCROLL_DEBOUNCE_MS);
    expect(createVisit).toHaveBeenCalledTimes(2);
  });

  it('reports a failed check from a listener instead of leaving it unhandled', async () => {
    const onError = vi.fn();
    let fail = false;
    const createVisit = vi.fn((body: VisitBody) =>
      fail ? Promise.reject(new Error('down')) : Promise.resolve<unknown>(body.visitId),
    );
    const { tracker, target } = setup({ createVisit, onError });
    await tracker.start();
    fail = true;
    await vi.advanceTimersByTimeAsync(31 * MINUTE);
    click(target);
    await vi.advanceTimersByTimeAsync(2 * VISIT_RETRY_DELAY_MS);
    expect(onError).toHaveBeenCalledWith(new PraveshError('failedToCreateVisitId'));
  });
});
