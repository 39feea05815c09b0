import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Backoff, type LoginStore, MemoryLoginStore, RedisLoginStore } from './login-store';

const backoff: Backoff = { firstMs: 30_000, maxMs: 15 * 60_000, forgetMs: 60 * 60_000 };
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** The same behaviour from both stores; Redis is the real server, keys unique per run. */
describe.each([
  ['memory', async () => new MemoryLoginStore()],
  ['redis', async () => RedisLoginStore.connect(REDIS_URL)],
])('%s login store: attempt slots', (_kind, open: () => Promise<LoginStore>) => {
  let store: LoginStore;
  const run = randomBytes(4).toString('hex');
  const key = (name: string) => `test-${run}-${name}`;
  beforeAll(async () => {
    store = await open();
  });
  afterAll(() => store.close());

  it('hands out exactly the free slots to 60 parallel attempts, never more', async () => {
    const now = Date.now();
    const k = key('parallel');
    const waits = await Promise.all(
      Array.from({ length: 60 }, () => store.reserve([{ key: k, free: 5 }], now, backoff)),
    );
    expect(waits.filter((w) => w === 0)).toHaveLength(5);
    expect(waits.filter((w) => w > 0).every((w) => w === backoff.firstMs)).toBe(true);
    expect(await store.count(k)).toBe(5);
  });

  it('past the free slots the wait doubles per attempt and stops at the cap', async () => {
    const k = key('doubling');
    let t = 1_000_000;
    for (let i = 0; i < 2; i++) expect(await store.reserve([{ key: k, free: 2 }], t, backoff)).toBe(0);
    const waits: number[] = [];
    for (let i = 0; i < 8; i++) {
      const wait = await store.reserve([{ key: k, free: 2 }], t, backoff);
      waits.push(wait);
      // Refused while waiting, let through once the wait is over.
      expect(await store.reserve([{ key: k, free: 2 }], t + wait - 1, backoff)).toBe(1);
      t += wait;
      expect(await store.reserve([{ key: k, free: 2 }], t, backoff)).toBe(0);
    }
    expect(waits).toEqual([30_000, 60_000, 120_000, 240_000, 480_000, 900_000, 900_000, 900_000]);
  });

  it('takes a slot in every counter or in none', async () => {
    const now = Date.now();
    const open = key('open');
    const full = key('full');
    expect(await store.reserve([{ key: full, free: 1 }], now, backoff)).toBe(0);
    expect(
      await store.reserve(
        [
          { key: open, free: 10 },
          { key: full, free: 1 },
        ],
        now,
        backoff,
      ),
    ).toBeGreaterThan(0);
    expect(await store.count(open)).toBe(0);
    expect(await store.count(full)).toBe(1);
  });

  it('a counter without a limit counts but never refuses', async () => {
    const now = Date.now();
    const k = key('unlimited');
    for (let i = 0; i < 30; i++) {
      expect(await store.reserve([{ key: k, free: Number.POSITIVE_INFINITY }], now, backoff)).toBe(0);
    }
    expect(await store.count(k)).toBe(30);
  });

  it('release gives one slot back and never goes below zero; clear forgets the counter', async () => {
    const now = Date.now();
    const k = key('release');
    await store.reserve([{ key: k, free: 5 }], now, backoff);
    await store.reserve([{ key: k, free: 5 }], now, backoff);
    await store.release(k);
    expect(await store.count(k)).toBe(1);
    await store.release(k);
    await store.release(k);
    expect(await store.count(k)).toBe(0);
    await store.reserve([{ key: k, free: 5 }], now, backoff);
    await store.clear(k);
    expect(await store.count(k)).toBe(0);
  });
});
