import { describe, expect, it } from 'vitest';
import { planPurge } from './purge-task.ts';

const entry = (siteId: number) => JSON.stringify({ siteId, data: [{ id: 'a', type: 'lead' }] });

describe('planPurge', () => {
  it('plans cookie deletions, never the kept visitor cookie', () => {
    const plan = planPurge({
      cookies: [
        { name: 'PBGUC_DEV', value: 'x'.repeat(3600) },
        { name: 'tracker', value: 'y'.repeat(3600) },
        { name: 'small', value: '1' },
      ],
      keep: ['PBGUC_DEV'],
      now: 0,
    });
    expect(plan).toEqual({ cookies: ['tracker'], keys: [] });
  });

  it('plans storage deletions of unreadable, oversized, unknown-site and orphaned entries', () => {
    const values = {
      'PBGUC_DEV:visitor-1:7': entry(7),
      'PBGUC_DEV:visitor-1:3': '{broken',
      'PBGUC_DEV:visitor-1:99': entry(99),
      'PBGUC_DEV:visitor-1:x': entry(7),
      'PBGUC_DEV:c-old:7': entry(7),
      'PBGUC_DEV:c-live:7': JSON.stringify({ sharedData: { blob: 'z'.repeat(500) } }),
      'PBGUC_DEV:c-live:6': entry(6),
      'PBGUC_DEV:a:b:6': entry(6),
      'PBGUC_DEV:gone:6': null,
      'GUC:visitor-1:3': '{broken',
      'other-app-key': 'kept',
    };
    const plan = planPurge({
      cookies: [],
      keep: [],
      storage: { prefix: 'PBGUC_DEV:', values, live: ['visitor-1', 'c-live', 'a:b'], limitBytes: 400 },
      now: 0,
    });
    expect(plan.keys.sort()).toEqual([
      'PBGUC_DEV:c-live:7',
      'PBGUC_DEV:c-old:7',
      'PBGUC_DEV:visitor-1:3',
      'PBGUC_DEV:visitor-1:99',
      'PBGUC_DEV:visitor-1:x',
    ]);
  });
});
