/**
 * Token buckets, one per key: each holds up to `burst` tokens, regains `perSecond` a second, and a request takes
 * one. Keys whose bucket has refilled are forgotten when the table reaches `maxKeys`, so a stream of one-off
 * addresses costs no lasting memory.
 */
export class TokenBuckets {
  readonly #buckets = new Map<string, { tokens: number; at: number }>();

  constructor(
    readonly perSecond: number,
    readonly burst: number,
    readonly maxKeys = 10_000,
  ) {}

  /** Takes a token for `key`: 0 when there was one, else the milliseconds until there will be. */
  take(key: string, now = performance.now()): number {
    const bucket = this.#buckets.get(key);
    const tokens = bucket
      ? Math.min(this.burst, bucket.tokens + ((now - bucket.at) * this.perSecond) / 1000)
      : this.burst;
    if (tokens >= 1) {
      if (!bucket && this.#buckets.size >= this.maxKeys) this.#forgetFull(now);
      this.#buckets.set(key, { tokens: tokens - 1, at: now });
      return 0;
    }
    if (bucket) {
      bucket.tokens = tokens;
      bucket.at = now;
    }
    return Math.ceil(((1 - tokens) * 1000) / this.perSecond);
  }

  #forgetFull(now: number): void {
    for (const [key, bucket] of this.#buckets) {
      if (bucket.tokens + ((now - bucket.at) * this.perSecond) / 1000 >= this.burst) this.#buckets.delete(key);
    }
    // Still full of busy keys: the longest-known goes (it starts again with a full bucket if it comes back).
    const oldest = this.#buckets.keys().next();
    if (this.#buckets.size >= this.maxKeys && !oldest.done) this.#buckets.delete(oldest.value);
  }
}
