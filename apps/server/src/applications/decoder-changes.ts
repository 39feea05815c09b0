import type { LoginStore } from '../auth/login-store';

const MINUTE = 60_000;

/**
 * Decoder script changes per user in a sliding minute: each one is compiled in the sandbox to
 * be checked, so a user saving scripts in a loop would keep the decoder threads busy. Counted in
 * the login store, shared by every instance when REDIS_URL is set.
 */
export class DecoderChangeRate {
  constructor(
    private readonly store: LoginStore,
    private readonly perMinute: number,
  ) {}

  /** Counts one change for the user; false (nothing counted) when the minute's changes are used up. */
  async take(userId: number, now = Date.now()): Promise<boolean> {
    const key = `decoder-change:${userId}`;
    if ((await this.store.hits(key, now, MINUTE)).length >= this.perMinute) return false;
    await this.store.hit(key, now, MINUTE);
    return true;
  }
}
