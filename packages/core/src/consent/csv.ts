/**
 * The consent history as CSV (RFC 4180): CRLF line ends, every cell quoted with inner quotes
 * doubled, so commas and line breaks in a page URL or reason cannot shift columns. A text cell
 * that a spreadsheet would run as a formula (starting with = + - @, or a tab or carriage return
 * that some programs skip before one) gets a leading apostrophe (OWASP "CSV Injection").
 * Zod-free: the server's export and the SDK's fallback (a server that answers only JSON) share it.
 */
import type { ConsentHistoryResponse } from './schemas.ts';

/** The export's columns, in order; each names a field of a history entry. */
export const HISTORY_CSV_COLUMNS = [
  'entryId',
  'recordedAt',
  'contractId',
  'contractVersionId',
  'action',
  'userValue',
  'consentState',
  'customerId',
  'visitorId',
  'visitId',
  'siteId',
  'pageUrl',
  'ipHash',
  'userAgentHash',
] as const;

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '""';
  const text = String(value);
  const safe = typeof value === 'string' && FORMULA_START.test(text) ? `'${text}` : text;
  return `"${safe.replace(/"/g, '""')}"`;
}

export function toCsv(header: readonly string[], rows: readonly (readonly (string | number | null)[])[]): string {
  return [header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

/** A customer's consent history as the CSV export: a header row, then one row per entry. */
export function historyToCsv(history: Pick<ConsentHistoryResponse, 'entries'>): string {
  return toCsv(
    HISTORY_CSV_COLUMNS,
    history.entries.map((entry) => HISTORY_CSV_COLUMNS.map((column) => entry[column])),
  );
}
