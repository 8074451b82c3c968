import type { Check, Settings } from './faults.ts';
import { isAck, isRefusal, type Sent } from './load.ts';

/** What a run found, per fault, and the checks every fault's load gets: pure, so they are tested apart. */

export const MB = 1024 * 1024;

export interface FaultRow {
  fault: string;
  sent: Sent[];
  recovery: number | null;
  recoveryBoundSeconds: number;
  peakRss: Map<string, number>;
  logBytes: number;
  checks: Check[];
  notes: string[];
}

export interface Stored {
  lost: number;
  duplicated: number;
  refusedStored: number;
  gaveUp: number;
  gaveUpStored: number;
}

export function storedCounts(
  sent: readonly Sent[],
  stored: { visit: Map<string, number>; event: Map<string, number> },
): Stored {
  const counts: Stored = { lost: 0, duplicated: 0, refusedStored: 0, gaveUp: 0, gaveUpStored: 0 };
  for (const entry of sent) {
    const times = stored[entry.kind].get(entry.id) ?? 0;
    if (times > 1) counts.duplicated += 1;
    if (isAck(entry.outcome) && times === 0) counts.lost += 1;
    if (isRefusal(entry.outcome) && times > 0) counts.refusedStored += 1;
    if (!isAck(entry.outcome) && !isRefusal(entry.outcome)) {
      counts.gaveUp += 1;
      if (times > 0) counts.gaveUpStored += 1;
    }
  }
  return counts;
}

export function refusalsByStatus(sent: readonly Sent[]): string {
  const counts = new Map<string, number>();
  for (const entry of sent) {
    if (isAck(entry.outcome)) continue;
    counts.set(String(entry.outcome), (counts.get(String(entry.outcome)) ?? 0) + 1);
  }
  return [...counts].map(([status, count]) => `${status}×${count}`).join(' ') || '-';
}

export function table(header: string[], rows: string[][]): string {
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
  const line = (cells: string[]) => cells.map((cell, column) => cell.padEnd(widths[column]!)).join('  ');
  return [line(header), widths.map((width) => '-'.repeat(width)).join('  '), ...rows.map(line)].join('\n');
}

/** The checks every fault gets from its load. */
export function loadChecks(row: FaultRow, stored: Stored, settings: Settings): Check[] {
  const fivexx = row.sent.filter((entry) => typeof entry.outcome === 'number' && entry.outcome >= 500);
  const not503 = fivexx.filter((entry) => entry.outcome !== 503).length;
  const without = fivexx.filter((entry) => entry.outcome === 503 && !entry.retryAfter).length;
  const peak = Math.max(0, ...row.peakRss.values());
  const checks: Check[] = [
    { name: 'every acknowledged write stored', pass: stored.lost === 0, detail: `${stored.lost} lost` },
    { name: 'no write stored twice', pass: stored.duplicated === 0, detail: `${stored.duplicated} duplicated` },
    {
      name: 'no refused write stored',
      pass: stored.refusedStored === 0,
      detail: `${stored.refusedStored} of ${row.sent.filter((entry) => isRefusal(entry.outcome)).length} refused`,
    },
    {
      name: 'outages answer 503 with Retry-After, never another 5xx',
      pass: not503 === 0 && without === 0,
      detail: `${not503} other 5xx, ${without} 503 without Retry-After`,
    },
    {
      name: `peak RSS under ${Math.round(settings.rssBoundBytes / MB)} MB`,
      pass: peak <= settings.rssBoundBytes,
      detail: `${Math.round(peak / MB)} MB`,
    },
  ];
  if (row.recoveryBoundSeconds === 0) {
    checks.push({
      name: 'no refusal without a fault',
      pass: row.sent.every((entry) => isAck(entry.outcome)),
      detail: refusalsByStatus(row.sent),
    });
  } else {
    checks.push({
      name: `requests succeed again within ${row.recoveryBoundSeconds} s`,
      pass: row.recovery !== null && row.recovery <= row.recoveryBoundSeconds,
      detail: row.recovery === null ? 'still failing when the window closed' : `${row.recovery.toFixed(1)} s`,
    });
  }
  return checks;
}
