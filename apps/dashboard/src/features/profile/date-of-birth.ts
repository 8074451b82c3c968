/**
 * Dates of birth typed the Indian way, DD/MM/YYYY (as on a PAN card or Aadhaar), instead of the
 * browser's date input, which follows the browser's locale (en-US Chromium asks for mm/dd/yyyy).
 * The form keeps what was typed; the API gets YYYY-MM-DD (core profile/rules.ts isCalendarDate).
 */

/** YYYY-MM-DD → DD/MM/YYYY; anything else as it is. */
export function isoToIndianDate(iso: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : iso;
}

/**
 * DD/MM/YYYY (also D/M/YYYY, or with - or . between) → YYYY-MM-DD. Anything else comes back as
 * typed, so the shared rules answer "invalid date of birth" for it.
 */
export function indianDateToIso(typed: string): string {
  const match = /^\s*(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})\s*$/.exec(typed);
  if (!match) return typed.trim();
  const [, day, month, year] = match as unknown as [string, string, string, string];
  return `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
}

/**
 * While typing digits, the slashes come by themselves: "18041992" reads "18/04/1992". A deletion,
 * or a slash the customer typed after a one-digit day or month ("4/1/1992"), is left as typed.
 */
export function formatWhileTyping(previous: string, next: string): string {
  if (next.length < previous.length || !/^[\d/]*$/.test(next)) return next;
  if (!/^(\d+|\d{2}\/\d{0,2}|\d{2}\/\d{2}\/\d{0,4})$/.test(next)) return next;
  const digits = next.replace(/\D/g, '').slice(0, 8);
  const day = digits.slice(0, 2);
  const month = digits.slice(2, 4);
  const year = digits.slice(4);
  if (digits.length < 2) return digits;
  if (digits.length < 4) return `${day}/${month}`;
  return `${day}/${month}/${year}`;
}
