/**
 * The client's half of the OTP proof of work (README "OTP"): while an SMS budget is under
 * pressure the server answers a send with a challenge, and the sender must find a nonce such that
 * SHA-256("challenge:nonce") starts with `difficulty` zero bits (hashcash). The server checks it
 * with the same leadingZeroBits. Zod-free and tiny: the SDK's sign-on script and the accounts
 * pages both carry it.
 */

/** Zero bits at the start of `bytes`. */
export function leadingZeroBits(bytes: Uint8Array): number {
  let bits = 0;
  for (const byte of bytes) {
    if (byte !== 0) return bits + Math.clz32(byte) - 24;
    bits += 8;
  }
  return bits;
}

/**
 * Digests in flight at once: Web Crypto answers each digest asynchronously, and a batch shares the
 * cost of the round trips (about 38,000 hashes a second in Chromium at 4× CPU throttling, against
 * 14,000 one at a time).
 */
const BATCH = 256;

/** Finds the nonce (base 36) of a challenge; about 2^difficulty hashes on average. */
export async function solveProofOfWork(challenge: string, difficulty: number): Promise<string> {
  const encoder = new TextEncoder();
  for (let start = 0; ; start += BATCH) {
    const nonces = Array.from({ length: BATCH }, (_, index) => (start + index).toString(36));
    const digests = await Promise.all(
      nonces.map((nonce) => crypto.subtle.digest('SHA-256', encoder.encode(challenge + ':' + nonce))),
    );
    const found = digests.findIndex((digest) => leadingZeroBits(new Uint8Array(digest)) >= difficulty);
    if (found >= 0) return nonces[found]!;
  }
}

export interface ProofOfWorkAnswer {
  challenge: string;
  nonce: string;
}

/**
 * Sends, and when the refusal carries a challenge in its envelope's `response.proofOfWork`, solves
 * it and sends again with the proof, with no step of the customer's: a stale proof is answered
 * with a fresh challenge, so a few rounds at most. Any other refusal is the caller's to show.
 */
export async function sendProvingWork<T>(send: (proof?: ProofOfWorkAnswer) => Promise<T>): Promise<T> {
  let proof: ProofOfWorkAnswer | undefined;
  for (let round = 0; ; round++) {
    try {
      return await send(proof);
    } catch (error) {
      const offered = (error as { body?: { response?: { proofOfWork?: { challenge: string; difficulty: number } } } })
        .body?.response?.proofOfWork;
      // A difficulty past 32 bits (or none) is not one a phone could meet: the refusal stands.
      if (round > 2 || !(offered && offered.difficulty <= 32)) throw error;
      proof = { challenge: offered.challenge, nonce: await solveProofOfWork(offered.challenge, offered.difficulty) };
    }
  }
}
