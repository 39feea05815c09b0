import { LOGIN_THROTTLE } from '@lns/contract/auth';
import type { LoginStore } from './login-store';

/**
 * Failed sign-ins counted per account name and per client address in a sliding window, in the
 * login store (shared by every instance when REDIS_URL is set).
 */
export class LoginThrottle {
  private readonly windowMs = LOGIN_THROTTLE.windowMs;

  constructor(private readonly store: LoginStore) {}

  /** Keys starting with "ip:" allow more failures: many people may share one address. */
  private max(key: string): number {
    return key.startsWith('ip:') ? LOGIN_THROTTLE.perAddress : LOGIN_THROTTLE.failures;
  }

  /** Milliseconds until the key may try again, or 0. */
  async blockedFor(keys: string[], now = Date.now()): Promise<number> {
    let wait = 0;
    for (const key of keys) {
      const recent = await this.store.hits(`fail:${key}`, now, this.windowMs);
      if (recent.length >= this.max(key)) wait = Math.max(wait, recent[0]! + this.windowMs - now);
    }
    return wait;
  }

  async fail(keys: string[], now = Date.now()): Promise<void> {
    for (const key of keys) await this.store.hit(`fail:${key}`, now, this.windowMs);
  }

  async succeed(keys: string[]): Promise<void> {
    for (const key of keys) await this.store.clear(`fail:${key}`);
  }
}
