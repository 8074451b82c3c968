import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LEAD_STATUSES, OPEN_LEAD_STATUSES } from '@pravesh/core';

/** The hand-written migration 0011 spells the lifecycle's statuses out; it must stay in step with core. */
const sql = readFileSync(new URL('../../db/migrations/0011_leads.sql', import.meta.url), 'utf8');
const listAfter = (marker: string) =>
  [...sql.matchAll(new RegExp(`${marker} \\(?status in \\(([^)]*)\\)`, 'g'))].map((match) =>
    match[1]!.split(',').map((value) => value.trim().replace(/^'|'$/g, '')),
  );

describe('migration 0011 (leads)', () => {
  it('checks every status of the lifecycle and keeps one open lead per customer and offer', () => {
    const checks = listAfter('CHECK');
    expect(checks).toHaveLength(2);
    for (const list of checks) expect(list).toEqual([...LEAD_STATUSES]);
    expect(sql).toMatch(
      /CREATE UNIQUE INDEX "leads_open_offer_unique" ON "leads" USING btree \("customer_id","offer_id"\)/,
    );
    expect(listAfter('WHERE')).toEqual([[...OPEN_LEAD_STATUSES]]);
  });
});
