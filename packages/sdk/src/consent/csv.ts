import type { ConsentHistoryResponse } from '@pravesh/core';

/**
 * A customer's consent history as CSV (RFC 4180), for a server that answers the history only as
 * JSON. Every field is quoted; a field starting with = + - @ (or a tab or carriage return) is
 * prefixed with ' so a spreadsheet shows it as text and never runs it as a formula (OWASP CSV injection).
 */
export const HISTORY_CSV_COLUMNS = [
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
  'entryId',
] as const;

export function csvField(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

export function historyToCsv(history: Pick<ConsentHistoryResponse, 'entries'>): string {
  const lines = [HISTORY_CSV_COLUMNS.join(',')];
  for (const entry of history.entries) {
    lines.push(HISTORY_CSV_COLUMNS.map((column) => csvField(entry[column])).join(','));
  }
  return `${lines.join('\r\n')}\r\n`;
}
