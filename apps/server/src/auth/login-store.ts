import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';

/**
 * Short-lived sign-in state: captcha challenges and tickets (single use, expiring) and failed
 * sign-in times (sliding window). In memory for one instance; in Redis when REDIS_URL is set, so
 * a captcha issued by one instance behind a load balancer is checked by another and failures
 * count across all of them.
 */
export interface LoginStore {
  put(key: string, value: string, ttlMs: number): Promise<void>;
  /** The value, removed in the same step: a second take of the key gets null. */
  take(key: string): Promise<string | null>;
  peek(key: string): Promise<string | null>;
  /** Records one event at `now` and returns the key's event times within the window, oldest first. */
  hit(key: string, now: number, windowMs: number): Promise<number[]>;
  /** The key's event times within the window, oldest first. */
  hits(key: string, now: number, windowMs: number): Promise<number[]>;
  clear(key: string): Promise<void>;
  close(): Promise<void>;
}

export class MemoryLoginStore implements LoginStore {
  private readonly values = new Map<string, { value: string; expires: number }>();
  private readonly events = new Map<string, number[]>();

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
  async hit(key: string, now: number, windowMs: number) {
    const list = [...(await this.hits(key, now, windowMs)), now];
    this.events.set(key, list);
    if (this.events.size > 100_000) {
      for (const [k, times] of this.events) if (times.every((t) => now - t >= windowMs)) this.events.delete(k);
    }
    return list;
  }
  async hits(key: string, now: number, windowMs: number) {
    return (this.events.get(key) ?? []).filter((t) => now - t < windowMs);
  }
  async clear(key: string) {
    this.events.delete(key);
  }
  async close() {}
}

const PREFIX = 'lns:login:';

export class RedisLoginStore implements LoginStore {
  private constructor(private readonly redis: Redis) {}

  static async connect(url: string): Promise<RedisLoginStore> {
    const redis = new Redis(url, { maxRetriesPerRequest: 2, lazyConnect: true });
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
  async hit(key: string, now: number, windowMs: number) {
    const k = PREFIX + key;
    await this.redis
      .multi()
      .zremrangebyscore(k, '-inf', now - windowMs)
      .zadd(k, now, `${now}:${randomBytes(4).toString('hex')}`)
      .pexpire(k, windowMs)
      .exec();
    return this.hits(key, now, windowMs);
  }
  async hits(key: string, now: number, windowMs: number) {
    const raw = await this.redis.zrangebyscore(PREFIX + key, `(${now - windowMs}`, '+inf', 'WITHSCORES');
    const times: number[] = [];
    for (let i = 1; i < raw.length; i += 2) times.push(Number(raw[i]));
    return times;
  }
  async clear(key: string) {
    await this.redis.del(PREFIX + key);
  }
  async close() {
    this.redis.disconnect();
  }
}
