/** "2026-11" → "Nov 2026" (short, chart axis) or "November 2026" (long, tables and announcements). */
export function formatMonth(month: string, style: 'short' | 'long' = 'long'): string {
  const [year, number] = month.split('-').map(Number) as [number, number];
  return new Intl.DateTimeFormat('en-IN', { month: style, year: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(year, number - 1, 1)),
  );
}
