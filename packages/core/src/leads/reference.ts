/**
 * The short application reference a person reads out on a call or types into a form, e.g.
 * "KS-6Q2R-M8TD", derived from the lead's random id (which stays the key in URLs and APIs). Forty
 * bits of the id in Crockford's base32 (no I, L, O or U, so nothing is misread); the same id always
 * gives the same reference, so the partner page, My Account and support agree.
 */
const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

export function applicationReference(leadId: string): string {
  const hex = leadId.replace(/-/g, '').slice(0, 10).padEnd(10, '0');
  // 40 bits fit a double exactly.
  let value = Number.parseInt(hex, 16);
  let out = '';
  for (let index = 0; index < 8; index += 1) {
    out = CROCKFORD[value % 32]! + out;
    value = Math.floor(value / 32);
  }
  return `KS-${out.slice(0, 4)}-${out.slice(4)}`;
}
