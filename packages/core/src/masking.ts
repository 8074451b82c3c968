/**
 * spec 001 §5 Masking, wherever the product shows an identifier:
 *
 * - "A short identifier keeps its first 2 and last 2 characters": a mobile number (98******10), a
 *   PAN (AB******4F) and the part of an email address before the @ (ra****sh@gmail.com);
 * - "An account number shows its last 4 characters, the rest as X";
 * - "An amount has every alphanumeric replaced by *".
 */

/**
 * "9876543210" → "98******10". Four characters or fewer reveal nothing. At most 6 stars: a long
 * identifier (an email's mailbox) does not show its length, and stays readable.
 */
export function maskIdentifier(value: string): string {
  if (value.length <= 4) return '*'.repeat(value.length);
  return `${value.slice(0, 2)}${'*'.repeat(Math.min(value.length - 4, 6))}${value.slice(-2)}`;
}

/**
 * "ravish@gmail.com" → "ra**sh@gmail.com": the short-identifier rule on the mailbox, the domain kept
 * so the customer can tell which address it is. A mailbox of four characters or fewer keeps its
 * first only (the rule would show all of it).
 */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 0) return maskIdentifier(email);
  const mailbox = email.slice(0, at);
  const shown =
    mailbox.length <= 4
      ? `${mailbox.slice(0, 1)}${'*'.repeat(Math.max(mailbox.length - 1, 0))}`
      : maskIdentifier(mailbox);
  return `${shown}${email.slice(at)}`;
}

/** "50100012345678" → "XXXXXXXXXX5678". */
export function maskAccountNumber(value: string): string {
  return `${'X'.repeat(Math.max(value.length - 4, 0))}${value.slice(-4)}`;
}

/** "₹45,000" → "₹**,***". */
export function maskAmount(value: string): string {
  return value.replace(/[\p{L}\p{N}]/gu, '*');
}
