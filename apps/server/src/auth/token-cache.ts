import type { Revocation } from '../bus/events';
import { hashToken } from './tokens';

/**
 * How long a checked token is trusted without asking the database again. Revocations (logout,
 * password change or reset, demotion, deletion, API token rotation) drop entries at once on this
 * instance and, with Redis, on every instance; the TTL bounds what no event announces (a session
 * that expired, a renamed or promoted user on another instance, a lost Redis message), like the
 * streams' STREAM_REVALIDATE_MS.
 */
export const TOKEN_CACHE_TTL_MS = 5_000;
/** Entries kept at most; the oldest go first (a flood of distinct tokens cannot grow memory). */
export const TOKEN_CACHE_MAX = 10_000;

/** What a token resolves to (guard.ts's AuthUser; generic so the two files do not import each other). */
interface CachedUser {
  id: number;
}

interface Entry<U> {
  user: U;
  until: number;
}

/**
 * Signed-in users by the SHA-256 of their token (cluster revocations carry only the hash). Every
 * API call checked its token with two or three queries; on PGlite's single connection that alone
 * capped the API near 750 calls/s.
 */
export class TokenCache<U extends CachedUser = CachedUser> {
  private readonly entries = new Map<string, Entry<U>>();
  /** Bumped by every revocation: a lookup that started before one does not store its answer. */
  private epoch = 0;

  constructor(
    private readonly ttlMs = TOKEN_CACHE_TTL_MS,
    private readonly max = TOKEN_CACHE_MAX,
  ) {}

  async get(
    token: string,
    lookup: (token: string) => Promise<U | undefined>,
    now = Date.now(),
  ): Promise<U | undefined> {
    const key = hashToken(token);
    const hit = this.entries.get(key);
    // A copy: a handler that changed req.user must not change the next request's.
    if (hit && hit.until > now) return { ...hit.user };
    if (hit) this.entries.delete(key);
    const epoch = this.epoch;
    const user = await lookup(token);
    // Refusals are not kept: a token signed in a moment later must work at once.
    if (user && epoch === this.epoch) {
      if (this.entries.size >= this.max) this.entries.delete(this.entries.keys().next().value as string);
      this.entries.set(key, { user, until: now + this.ttlMs });
    }
    return user;
  }

  /** A revocation: the named token, or everything of the user (its role or name may change too). */
  revoke(r: Pick<Revocation, 'userId' | 'tokenHash'>): void {
    this.epoch++;
    if (r.tokenHash) this.entries.delete(r.tokenHash);
    // The user's other tokens too: cheap (they are read again) and covers role and name changes.
    for (const [key, e] of this.entries) if (e.user.id === r.userId) this.entries.delete(key);
  }

  /** The user changed without a revocation (renamed, promoted): read again on its next call. */
  forgetUser(userId: number): void {
    this.revoke({ userId });
  }
}
