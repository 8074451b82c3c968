/**
 * CSV for the consent history export (RFC 4180): CRLF line ends, every cell quoted with inner
 * quotes doubled, so commas and line breaks in a page URL or reason cannot shift columns. A cell
 * that a spreadsheet would run as a formula (starting with = + - @, or a tab or carriage return
 * that some programs skip before one) gets a leading apostrophe (OWASP "CSV Injection").
 */
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
