/** A caller's id for an error message: short, and never throwing whatever it is given. */
export function idLabel(value: unknown): string {
  if (typeof value === 'string') return value.length > 64 ? `${value.slice(0, 64)}…` : value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  return Object.prototype.toString.call(value);
}
