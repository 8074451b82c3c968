/**
 * The key under which a verified JWT is cached (pass tokens: modules/shield/verifier.ts; access
 * tokens: auth/access-tokens.ts): 30 bits from its last five characters, the end of its HMAC
 * signature in base64url (6 bits each), so two tokens share a key about once in a billion. A small
 * integer key costs no allocation and no string hash, where slicing out the signature and hashing
 * it, on every request, was a measurable part of the shield's cost. It is only a
 * key: a cache must still compare the whole token before it answers from an entry.
 */
export function tokenCacheKey(token: string): number {
  const end = token.length;
  let key = 0;
  for (let i = Math.max(0, end - 5); i < end; i += 1) key = (key << 6) ^ token.charCodeAt(i);
  return key & 0x3fffffff;
}
