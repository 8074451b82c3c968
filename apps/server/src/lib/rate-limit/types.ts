/** What every rate limiter answers (index.ts picks Redis or the database). */

export interface RateLimitResult {
  /** True when the hit was recorded (the key was under its limit). */
  allowed: boolean;
  /** Hits inside the window, this one included when allowed. */
  count: number;
  /** When refused: milliseconds until the oldest hit leaves the window; 0 when allowed. */
  retryAfterMs: number;
}

export interface RateLimiter {
  readonly kind: 'redis' | 'database';
  /** Records one hit for `key` when fewer than `limit` hits fall in the last `windowMs`. */
  consume(key: string, limit: number, windowMs: number): Promise<RateLimitResult>;
  /** Hits of `key` inside the last `windowMs`, recording none (a budget's pressure, read before spending it). */
  count(key: string, windowMs: number): Promise<number>;
  /** Forgets every hit of `key`. */
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}
