import type { Redis } from 'ioredis';
import { redisClient } from '../bus/redis-client';

/**
 * Short-lived sign-in state: captcha challenges and tickets (single use, expiring) and sign-in
 * attempt counters. In memory for one instance; in Redis when REDIS_URL is set, so a captcha
 * issued by one instance behind a load balancer is checked by another and attempts count across
 * all of them.
 */
export interface LoginStore {
  put(key: string, value: string, ttlMs: number): Promise<void>;
  /** The value, removed in the same step: a second take of the key gets null. */
  take(key: string): Promise<string | null>;
  peek(key: string): Promise<string | null>;
  /**
   * Takes one attempt slot in every counter, all or none in one atomic step: 0 when taken, else
   * the milliseconds until the most restrictive counter lets the next attempt through.
   */
  reserve(slots: readonly Slot[], now: number, backoff: Backoff): Promise<number>;
  /** Gives one slot back (never below zero). */
  release(key: string): Promise<void>;
  /** Attempts a counter holds now. */
  count(key: string): Promise<number>;
  clear(key: string): Promise<void>;
  close(): Promise<void>;
}

/** A counter and how many attempts it lets through before the delays start. */
export interface Slot {
  key: string;
  free: number;
}

/** Past its free attempts a counter waits firstMs after its latest attempt, doubling per attempt up to maxMs. */
export interface Backoff {
  firstMs: number;
  maxMs: number;
  /** A counter is dropped this long after its latest attempt. */
  forgetMs: number;
}

/** Milliseconds a counter holding `n` attempts, the latest at `last`, still makes the next one wait. */
export function waitOf(n: number, last: number, free: number, b: Backoff, now: number): number {
  if (n < free) return 0;
  const delay = Math.min(b.firstMs * 2 ** Math.min(n - free, 40), b.maxMs);
  return Math.max(0, last + delay - now);
}

export class MemoryLoginStore implements LoginStore {
  private readonly values = new Map<string, { value: string; expires: number }>();
  private readonly counters = new Map<string, { n: number; last: number; expires: number }>();

  async put(key: string, value: string, ttlMs: number) {
    const now = Date.now();
    if (this.values.size > 10_000) for (const [k, v] of this.values) if (v.expires < now) this.values.delete(k);
    this.values.set(key, { value, expires: now + ttlMs });
  }
  async take(key: string) {
    const v = await this.peek(key);
    this.values.delete(key);
    return v;
  }
  async peek(key: string) {
    const v = this.values.get(key);
    return v && v.expires >= Date.now() ? v.value : null;
  }
  async reserve(slots: readonly Slot[], now: number, b: Backoff) {
    // No await between reading and writing: one synchronous step, atomic for this process.
    let wait = 0;
    for (const { key, free } of slots) {
      const c = this.live(key, now);
      if (c) wait = Math.max(wait, waitOf(c.n, c.last, free, b, now));
    }
    if (wait > 0) return wait;
    for (const { key } of slots) {
      const n = (this.live(key, now)?.n ?? 0) + 1;
      this.counters.set(key, { n, last: now, expires: now + b.forgetMs });
    }
    if (this.counters.size > 100_000) for (const [k, c] of this.counters) if (c.expires <= now) this.counters.delete(k);
    return 0;
  }
  async release(key: string) {
    const c = this.live(key, Date.now());
    if (c && c.n > 0) c.n -= 1;
  }
  async count(key: string) {
    return this.live(key, Date.now())?.n ?? 0;
  }
  async clear(key: string) {
    this.counters.delete(key);
  }
  private live(key: string, now: number) {
    const c = this.counters.get(key);
    return c && c.expires > now ? c : undefined;
  }
  async close() {}
}

const PREFIX = 'lns:login:';

/**
 * reserve() in one script, so Redis runs it without interleaving other clients. Counters are
 * hashes { n: attempts, last: time of the latest }. ARGV: now, firstMs, maxMs, forgetMs, then
 * the free attempts of each key in KEYS order. Mirrors waitOf().
 */
const RESERVE = `
local now, first, max, forget = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3]), tonumber(ARGV[4])
local wait = 0
for i, key in ipairs(KEYS) do
  local free = tonumber(ARGV[4 + i])
  local v = redis.call('HMGET', key, 'n', 'last')
  local n, last = tonumber(v[1]) or 0, tonumber(v[2]) or 0
  if n >= free then
    local delay = math.min(first * 2 ^ math.min(n - free, 40), max)
    wait = math.max(wait, last + delay - now)
  end
end
if wait > 0 then return math.ceil(wait) end
for _, key in ipairs(KEYS) do
  redis.call('HINCRBY', key, 'n', 1)
  redis.call('HSET', key, 'last', ARGV[1])
  redis.call('PEXPIRE', key, forget)
end
return 0`;

/** release(): one slot back, never below zero. */
const RELEASE = `
local n = tonumber(redis.call('HGET', KEYS[1], 'n') or '0')
if n > 0 then redis.call('HINCRBY', KEYS[1], 'n', -1) end
return 0`;

export class RedisLoginStore implements LoginStore {
  private constructor(private readonly redis: Redis) {}

  static async connect(url: string): Promise<RedisLoginStore> {
    const redis = await redisClient(url, { maxRetriesPerRequest: 2, lazyConnect: true });
    await redis.connect();
    return new RedisLoginStore(redis);
  }

  async put(key: string, value: string, ttlMs: number) {
    await this.redis.set(PREFIX + key, value, 'PX', Math.max(1, Math.round(ttlMs)));
  }
  async take(key: string) {
    const res = await this.redis
      .multi()
      .get(PREFIX + key)
      .del(PREFIX + key)
      .exec();
    return (res?.[0]?.[1] as string | null) ?? null;
  }
  async peek(key: string) {
    return this.redis.get(PREFIX + key);
  }
  async reserve(slots: readonly Slot[], now: number, b: Backoff) {
    const keys = slots.map((s) => PREFIX + s.key);
    const args = [now, b.firstMs, b.maxMs, b.forgetMs, ...slots.map((s) => Math.min(s.free, Number.MAX_SAFE_INTEGER))];
    return Number(await this.redis.eval(RESERVE, keys.length, ...keys, ...args));
  }
  async release(key: string) {
    await this.redis.eval(RELEASE, 1, PREFIX + key);
  }
  async count(key: string) {
    return Number((await this.redis.hget(PREFIX + key, 'n')) ?? 0);
  }
  async clear(key: string) {
    await this.redis.del(PREFIX + key);
  }
  async close() {
    this.redis.disconnect();
  }
}
