import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** ok: target met · MISSED: target missed · info: no target · ERROR: the measurement is not valid. */
export type Verdict = 'ok' | 'MISSED' | 'info' | 'ERROR';

export interface Row {
  metric: string;
  value: string;
  target: string;
  verdict: Verdict;
  /** Why a row is ERROR (or a detail worth printing beside the verdict). */
  note?: string | undefined;
}

/** What a load run measured: requests answered, their rate and latency, and what went wrong. */
export interface LoadSummary {
  requests: number;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
}

/** Nearest-rank percentile (0 < fraction ≤ 1) of ascending values; NaN when there are none. */
export function percentile(sorted: readonly number[], fraction: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1))]!;
}

const HEADER = ['metric', 'value', 'target', 'ok?'] as const;

function cells(row: Row): string[] {
  const okCell = row.verdict === 'info' ? '-' : row.verdict;
  return [row.metric, row.value, row.target, row.note ? `${okCell} (${row.note})` : okCell];
}

/** Plain-text table: columns padded to their widest cell, numbers left as they are. */
export function formatTable(rows: readonly Row[]): string {
  const lines = [[...HEADER], ...rows.map(cells)];
  const widths = HEADER.map((_, column) => Math.max(...lines.map((line) => line[column]!.length)));
  const format = (line: string[]) =>
    line
      .map((cell, column) => cell.padEnd(widths[column]!))
      .join(' | ')
      .trimEnd();
  const rule = widths.map((width) => '-'.repeat(width)).join('-|-');
  return [format(lines[0]!), rule, ...lines.slice(1).map(format)].join('\n');
}

export function writeJsonReport(file: string, rows: readonly Row[], details: Record<string, unknown>): void {
  mkdirSync(path.dirname(file), { recursive: true });
  const report = {
    generatedAt: new Date().toISOString(),
    machine: { node: process.version, platform: `${os.platform()} ${os.arch()}`, cpus: os.availableParallelism() },
    rows,
    details,
  };
  writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
}

export function formatBytes(bytes: number): string {
  return `${(bytes / 1024).toFixed(2)} KB (${bytes.toLocaleString('en-US')} B)`;
}

export function formatMs(ms: number): string {
  return `${ms < 10 ? ms.toFixed(3) : ms.toFixed(1)} ms`;
}

/**
 * `--only a,b` (or `--only=a,b`, repeatable) of `npm run bench`: the sections whose name, spaces
 * written as dashes, contains one of the given words; undefined when none was given (run all).
 * An unknown word is an error, so a typo never runs an empty bench that looks green.
 */
export function benchFilter<Name extends string>(
  argv: readonly string[],
  sections: readonly Name[],
): { only: Set<Name> | undefined; list: boolean } {
  const words: string[] = [];
  let list = false;
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i]!;
    if (arg === '--list') list = true;
    else if (arg === '--only') words.push(...(argv[++i] ?? '').split(','));
    else if (arg.startsWith('--only=')) words.push(...arg.slice('--only='.length).split(','));
    else throw new Error(`unknown bench argument ${arg} (use --only <sections> or --list)`);
  }
  const wanted = words.map((word) => word.trim().toLowerCase()).filter(Boolean);
  if (wanted.length === 0) return { only: undefined, list };
  const only = new Set<Name>();
  for (const word of wanted) {
    const matches = sections.filter((name) => name.replaceAll(' ', '-').includes(word.replaceAll(' ', '-')));
    if (matches.length === 0) throw new Error(`no bench section matches "${word}"`);
    for (const name of matches) only.add(name);
  }
  return { only, list };
}
