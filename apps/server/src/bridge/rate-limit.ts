/**
 * Token buckets per key (gateway EUI), bounded in number: a registered gateway that sends more
 * uplinks than any real concentrator could (a hostile or broken forwarder) has the excess
 * dropped instead of loading de-duplication and the database for everyone.
 */
export class KeyedRateLimiter {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();

  constructor(
    private readonly perSecond: number,
    private readonly burst = perSecond * 2,
    private readonly maxKeys = 100_000,
  ) {}

  /** Takes `n` tokens for `key`; returns how many were granted (0..n). */
  take(key: string, n: number, now = Date.now()): number {
    let b = this.buckets.get(key);
    if (!b) {
      if (this.buckets.size >= this.maxKeys) this.evictOldest();
      b = { tokens: this.burst, at: now };
      this.buckets.set(key, b);
    } else {
      b.tokens = Math.min(this.burst, b.tokens + ((now - b.at) / 1000) * this.perSecond);
      b.at = now;
    }
    const granted = Math.min(n, Math.floor(b.tokens));
    b.tokens -= granted;
    return granted;
  }

  private evictOldest(): void {
    const first = this.buckets.keys().next();
    if (!first.done) this.buckets.delete(first.value);
  }
}
