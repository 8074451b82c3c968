import { describe, expect, it } from 'vitest';
import type { Settings } from './faults.ts';
import { recoverySeconds, type Sent } from './load.ts';
import { MB, loadChecks, refusalsByStatus, storedCounts, type FaultRow } from './report.ts';

/** The suite's own arithmetic: a miscount here would pass a fault that lost writes. */

let n = 0;
function sent(outcome: Sent['outcome'], sentAt = 0, instance = 'A'): Sent {
  n += 1;
  return { id: `id-${n}`, kind: 'event', fault: 'f', instance, outcome, sentAt, answeredAt: sentAt + 1 };
}

const SETTINGS = { rssBoundBytes: 512 * MB } as Settings;

describe('storedCounts', () => {
  it('counts acknowledged ids not stored, ids stored twice, refused ids stored and abandoned ones', () => {
    const acked = sent(200);
    const lost = sent(200);
    const twice = sent(200);
    const refused = sent(503);
    const refusedStored = sent(500);
    const abandonedStored = sent('timeout');
    const abandoned = sent('error');
    const stored = new Map([
      [acked.id, 1],
      [twice.id, 2],
      [refusedStored.id, 1],
      [abandonedStored.id, 1],
    ]);
    const all = [acked, lost, twice, refused, refusedStored, abandonedStored, abandoned];
    expect(storedCounts(all, { event: stored, visit: new Map() })).toEqual({
      lost: 1,
      duplicated: 1,
      refusedStored: 1,
      gaveUp: 2,
      gaveUpStored: 1,
    });
    // A visit id is looked up among visits, not events.
    expect(storedCounts([{ ...acked, kind: 'visit' }], { event: stored, visit: new Map() }).lost).toBe(1);
    expect(refusalsByStatus(all)).toBe('503×1 500×1 timeout×1 error×1');
  });
});

describe('recoverySeconds', () => {
  it('is the send time of the first request after the last failure, per instance, the worst of them', () => {
    const end = 1_000;
    const list = [sent(503, 500), sent(503, 1_200), sent(200, 1_500), sent(200, 2_000), sent(200, 1_100, 'B')];
    expect(recoverySeconds(list, end)).toBeCloseTo(0.5);
    expect(recoverySeconds([sent(200, 1_100), sent(200, 1_200)], end)).toBe(0);
    // Still failing when the window closed: never recovered.
    expect(recoverySeconds([sent(200, 1_100), sent('error', 1_200)], end)).toBeNull();
  });
});

describe('loadChecks', () => {
  const row = (entries: Sent[], overrides: Partial<FaultRow> = {}): FaultRow => ({
    fault: 'f',
    sent: entries,
    recovery: 0,
    recoveryBoundSeconds: 5,
    peakRss: new Map([['A', 100 * MB]]),
    logBytes: 0,
    checks: [],
    notes: [],
    ...overrides,
  });
  const none = { lost: 0, duplicated: 0, refusedStored: 0, gaveUp: 0, gaveUpStored: 0 };
  const failing = (checks: ReturnType<typeof loadChecks>) => checks.filter((check) => !check.pass).map((c) => c.name);

  it('passes a clean fault and fails each kind of loss', () => {
    expect(failing(loadChecks(row([sent(200)]), none, SETTINGS))).toEqual([]);
    expect(failing(loadChecks(row([sent(200)]), { ...none, lost: 1 }, SETTINGS))).toEqual([
      'every acknowledged write stored',
    ]);
    expect(failing(loadChecks(row([sent(200)]), { ...none, duplicated: 1 }, SETTINGS))).toEqual([
      'no write stored twice',
    ]);
    expect(
      failing(loadChecks(row([{ ...sent(503), retryAfter: true }]), { ...none, refusedStored: 1 }, SETTINGS)),
    ).toEqual(['no refused write stored']);
  });

  it('fails a 500, a 503 without Retry-After, memory over the bound and no recovery', () => {
    const outage = (failed: Sent) => failing(loadChecks(row([failed]), none, SETTINGS));
    expect(outage(sent(500))).toEqual(['outages answer 503 with Retry-After, never another 5xx']);
    expect(outage({ ...sent(503), retryAfter: false })).toEqual([
      'outages answer 503 with Retry-After, never another 5xx',
    ]);
    expect(outage({ ...sent(503), retryAfter: true })).toEqual([]);
    expect(failing(loadChecks(row([], { peakRss: new Map([['A', 600 * MB]]) }), none, SETTINGS))).toEqual([
      'peak RSS under 512 MB',
    ]);
    expect(failing(loadChecks(row([], { recovery: null }), none, SETTINGS))).toEqual([
      'requests succeed again within 5 s',
    ]);
    expect(failing(loadChecks(row([], { recovery: 6 }), none, SETTINGS))).toEqual([
      'requests succeed again within 5 s',
    ]);
    // Without a fault, any refusal fails.
    expect(failing(loadChecks(row([sent(429)], { recoveryBoundSeconds: 0 }), none, SETTINGS))).toEqual([
      'no refusal without a fault',
    ]);
  });
});
