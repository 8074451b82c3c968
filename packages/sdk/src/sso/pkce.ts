import { toBase64Url } from '@pravesh/core';

/**
 * PKCE S256 (RFC 7636) and state values. Every code this client asks for is bound to a verifier
 * it keeps, so a code that leaks (a logged redirect URL, another frame) cannot be exchanged.
 */

/** base64url of `bytes` random bytes: 32 bytes give the 43 characters RFC 7636 §4.1 asks for. */
export function randomToken(bytes = 32): string {
  return toBase64Url(crypto.getRandomValues(new Uint8Array(bytes)));
}

/** BASE64URL(SHA256(ASCII(code_verifier))) (RFC 7636 §4.2). */
export async function pkceChallenge(verifier: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier));
  return toBase64Url(new Uint8Array(digest));
}

export interface PkcePair {
  verifier: string;
  challenge: string;
}

export async function newPkcePair(): Promise<PkcePair> {
  const verifier = randomToken();
  return { verifier, challenge: await pkceChallenge(verifier) };
}
