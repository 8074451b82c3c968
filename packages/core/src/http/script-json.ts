/**
 * JSON that is safe inside a <script type="application/json"> element of a server-rendered page:
 * `<`, `>` and `&` are escaped so "</script>" and "<!--" cannot end or confuse the element, and
 * U+2028/U+2029 are escaped for older JavaScript parsers. JSON.parse reads it back unchanged.
 */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
