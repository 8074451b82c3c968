import { createHash, randomBytes } from 'node:crypto';
import { leadingZeroBits, PraveshError, type OtpChallenge, type OtpProofOfWork } from '@pravesh/core';
import type { RateLimiter } from '../rate-limit/index.ts';
import { hmacSha256, safeEqual } from '../crypto.ts';

/**
 * The server's half of the OTP proof of work (README "OTP"; the client's is core's
 * solveProofOfWork). A challenge is stateless and signed: "difficulty.expiresAtMs.salt.mac", the
 * HMAC binding it to the requester's number (its keyed hash, never the number itself) and IP, so a
 * proof solved for one send cannot be spent on another number or from another address. Each proof
 * is spent once: its salt is recorded in the rate limiter's store (Redis when configured, else the
 * database) until the challenge expires, so a replay on any instance is refused. Why a proof of
 * work rather than a 429 for everyone: docs/decisions/0006-otp-proof-of-work-under-sms-pressure.md.
 */
export interface ProofOfWorkOptions {
  /** Signs challenges; domain-separated from the secret's other uses. */
  secret: string;
  limiter: RateLimiter;
  now: () => number;
  ttlSeconds: number;
}

/** A refusal that carries a fresh challenge to the client (routes.ts puts it in `response.proofOfWork`). */
export class ChallengedError extends PraveshError {
  constructor(
    key: 'otpProofOfWorkRequired' | 'otpProofOfWorkInvalid',
    readonly challenge: OtpChallenge,
  ) {
    super(key);
  }
}

export function createProofOfWork(options: ProofOfWorkOptions) {
  const { limiter, now, ttlSeconds } = options;
  const mac = (body: string, subject: string, ip: string) =>
    hmacSha256(options.secret, `pravesh-otp-proof-of-work\n${body}\n${subject}\n${ip}`);

  function challenge(subject: string, ip: string, difficulty: number): OtpChallenge {
    const body = `${difficulty}.${now() + ttlSeconds * 1000}.${randomBytes(12).toString('base64url')}`;
    return { challenge: `${body}.${mac(body, subject, ip)}`, difficulty, expiresInSeconds: ttlSeconds };
  }

  /** A proof holds when its challenge was signed for this subject and IP, is alive, and is solved. */
  function holds(proof: OtpProofOfWork, subject: string, ip: string): boolean {
    const parts = proof.challenge.split('.');
    if (parts.length !== 4) return false;
    const [difficulty, expiresAt, salt, signature] = parts as [string, string, string, string];
    if (!safeEqual(signature, mac(`${difficulty}.${expiresAt}.${salt}`, subject, ip))) return false;
    if (Number(expiresAt) <= now()) return false;
    const digest = createHash('sha256').update(`${proof.challenge}:${proof.nonce}`).digest();
    return leadingZeroBits(digest) >= Number(difficulty);
  }

  return {
    challenge,

    /**
     * Spends a proof for one send, or throws otpProofOfWorkInvalid with a fresh challenge of
     * `difficulty` bits when it is wrong, stale, another requester's or already spent.
     */
    async spend(proof: OtpProofOfWork, subject: string, ip: string, difficulty: number): Promise<void> {
      const refused = () => new ChallengedError('otpProofOfWorkInvalid', challenge(subject, ip, difficulty));
      if (!holds(proof, subject, ip)) throw refused();
      const [, expiresAt, salt] = proof.challenge.split('.') as [string, string, string];
      const alive = Math.max(1, Number(expiresAt) - now());
      // A limit of one use while the challenge lives: the first spend is recorded, a replay is refused.
      const first = await limiter.consume(`otp:proof-spent:${salt}`, 1, alive);
      if (!first.allowed) throw refused();
    },
  };
}

export type ProofOfWork = ReturnType<typeof createProofOfWork>;
