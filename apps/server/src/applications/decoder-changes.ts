import type { LoginStore } from '../auth/login-store';

const MINUTE = 60_000;
/** Past the free changes, the next waits a minute after the latest; the count is dropped a minute after it. */
const BACKOFF = { firstMs: MINUTE, maxMs: MINUTE, forgetMs: MINUTE };

/**
 * Decoder script changes per user, `perMinute` and then one a minute: each one is compiled in the sandbox to
 * be checked, so a user saving scripts in a loop would keep the decoder threads busy. Counted in
 * the login store, shared by every instance when REDIS_URL is set.
 */
export class DecoderChangeRate {
  constructor(
    private readonly store: LoginStore,
    private readonly perMinute: number,
  ) {}

  /** Counts one change for the user, atomically; false (nothing counted) when the changes are used up. */
  async take(userId: number, now = Date.now()): Promise<boolean> {
    const slot = { key: `decoder-change:${userId}`, free: this.perMinute };
    return (await this.store.reserve([slot], now, BACKOFF)) === 0;
  }
}
