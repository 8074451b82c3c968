import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  EXPIRING_LEAD_STATUSES,
  LEAD_EXPIRY_DAYS,
  LEAD_STATUSES,
  LEAD_NEXT_STEPS,
  LEAD_STATUS_LABELS,
  OPEN_LEAD_STATUSES,
  TERMINAL_LEAD_STATUSES,
  canContinueLead,
  fulfilmentStatus,
  isLeadStale,
  isTerminalLeadStatus,
  leadTransition,
  nextLeadStatuses,
  type LeadStatus,
} from './lifecycle.ts';

/** Every status reachable from `start` for a product, walking the table. */
function reachable(product: string, start: LeadStatus = 'CREATED'): Set<LeadStatus> {
  const seen = new Set<LeadStatus>([start]);
  const queue: LeadStatus[] = [start];
  while (queue.length > 0) {
    for (const next of nextLeadStatuses(queue.shift()!, product)) {
      if (!seen.has(next)) {
        seen.add(next);
        queue.push(next);
      }
    }
  }
  return seen;
}

describe('lead lifecycle', () => {
  it('moves a loan through the happy path and refuses skipping the lender', () => {
    const path: LeadStatus[] = [
      'CREATED',
      'SUBMITTED',
      'ACTION_REQUIRED',
      'SUBMITTED',
      'SANCTIONED',
      'DISBURSED',
      'COMPLETED',
    ];
    for (let i = 1; i < path.length; i++) {
      expect(leadTransition(path[i - 1]!, path[i]!, 'PL')).toEqual({ kind: 'move', from: path[i - 1], to: path[i] });
    }
    expect(leadTransition('CREATED', 'SANCTIONED', 'PL').kind).toBe('refused');
    expect(leadTransition('CREATED', 'DISBURSED', 'PL').kind).toBe('refused');
    expect(leadTransition('SUBMITTED', 'COMPLETED', 'PL').kind).toBe('refused');
  });

  it('issues cards and disburses loans, never the other way round', () => {
    expect(fulfilmentStatus('CC')).toBe('CARD_ISSUED');
    for (const loan of ['PL', 'HL', 'BL', 'LAP']) expect(fulfilmentStatus(loan)).toBe('DISBURSED');
    expect(leadTransition('SANCTIONED', 'CARD_ISSUED', 'CC').kind).toBe('move');
    expect(leadTransition('SANCTIONED', 'DISBURSED', 'CC').kind).toBe('refused');
    expect(leadTransition('SANCTIONED', 'CARD_ISSUED', 'PL').kind).toBe('refused');
    expect(reachable('CC').has('DISBURSED')).toBe(false);
    expect(reachable('PL').has('CARD_ISSUED')).toBe(false);
  });

  it('treats the same status again as no move (a partner resending)', () => {
    for (const status of LEAD_STATUSES) expect(leadTransition(status, status, 'PL')).toEqual({ kind: 'same', status });
  });

  it('never leaves a terminal status, and every open status can still end', () => {
    expect(new Set([...OPEN_LEAD_STATUSES, ...TERMINAL_LEAD_STATUSES])).toEqual(new Set(LEAD_STATUSES));
    for (const product of ['PL', 'CC']) {
      for (const status of LEAD_STATUSES) {
        const next = nextLeadStatuses(status, product);
        if (isTerminalLeadStatus(status)) expect(next, status).toEqual([]);
        else expect([...reachable(product, status)].some(isTerminalLeadStatus), status).toBe(true);
      }
      // Every status but the other product's fulfilment is reachable from CREATED.
      const expected = LEAD_STATUSES.filter((status) => status !== (product === 'CC' ? 'DISBURSED' : 'CARD_ISSUED'));
      expect(reachable(product)).toEqual(new Set(expected));
    }
  });

  it('answers a move exactly when the table lists it, for any pair and product', () => {
    const status = fc.constantFrom(...LEAD_STATUSES);
    fc.assert(
      fc.property(status, status, fc.constantFrom('PL', 'CC', 'HL', 'BL', 'LAP'), (from, to, product) => {
        const result = leadTransition(from, to, product);
        if (from === to) return result.kind === 'same';
        return (result.kind === 'move') === nextLeadStatuses(from, product).includes(to);
      }),
    );
  });

  it('lets an application be continued while it is open, never once withdrawn or otherwise closed', () => {
    expect(LEAD_STATUSES.filter(canContinueLead)).toEqual([
      'CREATED',
      'SUBMITTED',
      'ACTION_REQUIRED',
      'SANCTIONED',
      'DISBURSED',
      'CARD_ISSUED',
    ]);
    expect(LEAD_STATUSES.filter((status) => !canContinueLead(status))).toEqual([...TERMINAL_LEAD_STATUSES]);
  });

  it('has customer copy for every status', () => {
    for (const status of LEAD_STATUSES) {
      expect(LEAD_STATUS_LABELS[status].length).toBeGreaterThan(0);
      expect(LEAD_NEXT_STEPS[status]).toMatch(/\.$/);
    }
  });
});

describe('lead expiry', () => {
  const day = 86_400_000;
  it('expires an unmoved application after LEAD_EXPIRY_DAYS, never a sanctioned or closed one', () => {
    const start = Date.UTC(2026, 10, 1);
    expect(isLeadStale('CREATED', start, start + (LEAD_EXPIRY_DAYS * day - 1))).toBe(false);
    expect(isLeadStale('CREATED', start, start + LEAD_EXPIRY_DAYS * day)).toBe(true);
    expect(isLeadStale('ACTION_REQUIRED', start, start + 90 * day)).toBe(true);
    for (const status of ['SANCTIONED', 'DISBURSED', 'CARD_ISSUED', ...TERMINAL_LEAD_STATUSES] as const) {
      expect(isLeadStale(status, start, start + 365 * day), status).toBe(false);
    }
    // Expiring is always a move the table allows.
    for (const status of EXPIRING_LEAD_STATUSES) expect(leadTransition(status, 'EXPIRED', 'PL').kind).toBe('move');
  });
});
