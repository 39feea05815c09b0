import { LOGIN_THROTTLE } from '@lns/contract/auth';

/**
 * Failed sign-ins counted per account name and per client address in a sliding window.
 * In memory: one instance sees its own attempts (documented limit when clustered).
 */
export class LoginThrottle {
  private readonly failures = new Map<string, number[]>();
  private readonly windowMs = LOGIN_THROTTLE.windowMs;

  /** Keys starting with "ip:" allow more failures: many people may share one address. */
  private max(key: string): number {
    return key.startsWith('ip:') ? LOGIN_THROTTLE.perAddress : LOGIN_THROTTLE.failures;
  }

  /** Milliseconds until the key may try again, or 0. */
  blockedFor(keys: string[], now = Date.now()): number {
    let wait = 0;
    for (const key of keys) {
      const recent = this.recent(key, now);
      if (recent.length >= this.max(key)) wait = Math.max(wait, recent[0]! + this.windowMs - now);
    }
    return wait;
  }

  fail(keys: string[], now = Date.now()): void {
    for (const key of keys) this.failures.set(key, [...this.recent(key, now), now]);
    if (this.failures.size > 100_000) this.prune(now);
  }

  succeed(keys: string[]): void {
    for (const key of keys) this.failures.delete(key);
  }

  private recent(key: string, now: number): number[] {
    return (this.failures.get(key) ?? []).filter((t) => now - t < this.windowMs);
  }

  private prune(now: number): void {
    for (const [key] of this.failures) if (this.recent(key, now).length === 0) this.failures.delete(key);
  }
}
