import type { Redis, RedisOptions } from 'ioredis';

/** A Redis client; ioredis loads only when one is asked for, so an instance without REDIS_URL never holds it. */
export async function redisClient(url: string, options: RedisOptions): Promise<Redis> {
  const { Redis } = await import('ioredis');
  return new Redis(url, options);
}
