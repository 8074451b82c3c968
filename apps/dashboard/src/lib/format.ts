/** "98******10" (spec 001 §5): the customer recognises their number; a passer-by cannot read it off the screen. */
export { maskIdentifier as maskMobile } from '@pravesh/core/masking.ts';

/** spec 001 §5 "Amount display: rounded to 0 decimals, Indian digit grouping." */
export function formatRupees(amount: number): string {
  return `₹${Math.round(amount).toLocaleString('en-IN', { maximumFractionDigits: 0 })}`;
}

/** A greeting for the customer's time of day (India Standard Time, where the product's customers are). */
export function greetingFor(date: Date): string {
  const hour = Number(
    new Intl.DateTimeFormat('en-IN', { hour: 'numeric', hourCycle: 'h23', timeZone: 'Asia/Kolkata' }).format(date),
  );
  if (hour < 12) return 'Good morning';
  if (hour < 17) return 'Good afternoon';
  return 'Good evening';
}

export function formatDate(iso: string): string {
  return new Intl.DateTimeFormat('en-IN', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'Asia/Kolkata',
  }).format(new Date(iso));
}
