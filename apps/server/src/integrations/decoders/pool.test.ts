import { afterEach, describe, expect, it } from 'vitest';
import { DecoderPool, type PoolOptions } from './pool';
import type { UplinkInput } from './sandbox';

const input = (bytes: number[]): UplinkInput => ({
  bytes,
  fPort: 1,
  fCnt: 1,
  devEUI: '0102030405060708',
  recvTime: '2026-11-22T08:00:00.000Z',
});

const GOOD = 'function decodeUplink(i) { return { data: { n: i.bytes[0] } }; }';
const LOOP = 'function decodeUplink() { for (;;) {} }';
/** Stuck inside a builtin, where QuickJS cannot check its deadline: only killing the thread stops it. */
const STUCK = 'function decodeUplink() { var a = []; for (;;) a.push(new Array(100000).fill(1)); }';

describe('decoder pool: one application cannot hold up another', () => {
  let pool: DecoderPool;
  const open = (o: Partial<PoolOptions> = {}) => {
    pool = new DecoderPool(o);
    return pool;
  };
  afterEach(() => pool?.close());

  /** Sends `n` uplinks for `key` and records when each settles, in the order of `log`. */
  const send = (key: string, n: number, log: string[]) =>
    Array.from({ length: n }, (_, i) =>
      pool.decode(key, input([i])).then(
        (v) => {
          log.push(`${key}:ok`);
          return v;
        },
        (e: Error) => {
          log.push(`${key}:error`);
          return e.message;
        },
      ),
    );

  it.each([2, 1])("decodes A's uplinks while B's decoder loops (%i threads)", async (threads) => {
    // Not quarantined during the test: B's six calls each run for their full 100 ms.
    open({ threads, strikes: 10 });
    // Threads started beforehand, so that starting one is not what A waits for.
    for (const w of ['w1', 'w2']) pool.register(w, GOOD);
    await Promise.all([pool.decode('w1', input([])), pool.decode('w2', input([]))]);
    pool.register('A', GOOD);
    pool.register('B', LOOP);
    const log: string[] = [];
    const b = send('B', 6, log);
    const a = send('A', 5, log);
    expect(await Promise.all(a)).toEqual([0, 1, 2, 3, 4].map((n) => ({ n })));
    // A was served between B's calls, not after them: B still had uplinks waiting.
    expect(log.filter((e) => e.startsWith('B')).length).toBeLessThan(6);
    const bResults = await Promise.all(b);
    expect(bResults).toEqual(Array(6).fill('timed out after 100 ms'));
  });

  it('quarantines a decoder that keeps timing out, and an edited script starts afresh', async () => {
    open({ threads: 2, strikes: 3, quarantineMs: 60_000 });
    pool.register('app7:v1', LOOP);
    const errors: unknown[] = [];
    for (let i = 0; i < 3; i++) errors.push(await pool.decode('app7:v1', input([])).catch((e: Error) => e.message));
    expect(errors).toEqual(Array(3).fill('timed out after 100 ms'));
    const refused = await pool.decode('app7:v1', input([])).catch((e: Error) => e.message);
    expect(refused).toMatch(/^decoder quarantined until \d{4}-\d\d-\d\dT[\d:.]+Z/);
    const until = Date.parse(/until (\S+Z)/.exec(refused as string)![1]!);
    expect(until).toBeGreaterThan(Date.now() + 50_000);
    expect(pool.quarantinedUntil('app7:v1')).toBe(until);
    // The same application with an edited script is another key: nothing carried over.
    pool.register('app7:v2', GOOD);
    expect(await pool.decode('app7:v2', input([5]))).toEqual({ n: 5 });
    // Nor does the quarantine touch another application running the very same looping source.
    pool.register('app8:v1', LOOP);
    expect(await pool.decode('app8:v1', input([])).catch((e: Error) => e.message)).toBe('timed out after 100 ms');
  });

  it('releases a quarantined decoder after its back-off, on probation', async () => {
    open({ threads: 1, strikes: 2, quarantineMs: 1000 });
    pool.register('flaky', 'function decodeUplink(i) { if (i.bytes[0]) for (;;) {} return { data: 1 }; }');
    for (let i = 0; i < 2; i++) await pool.decode('flaky', input([1])).catch(() => {});
    await expect(pool.decode('flaky', input([0]))).rejects.toThrow(/quarantined until/);
    while (pool.quarantinedUntil('flaky') > 0) await new Promise((r) => setTimeout(r, 50));
    expect(await pool.decode('flaky', input([0]))).toBe(1);
    // Good again: it takes the full number of strikes to be quarantined anew.
    await expect(pool.decode('flaky', input([1]))).rejects.toThrow(/timed out/);
    expect(await pool.decode('flaky', input([0]))).toBe(1);
  });

  it('replaces a thread stuck inside a builtin: only that application gets the error', async () => {
    open({ threads: 2 });
    pool.register('A', GOOD);
    pool.register('B', STUCK);
    pool.register('C', 'function decodeUplink(i) { return { data: i.bytes.length }; }');
    // Both threads started, one holding C, before B gets stuck: C must survive the restart.
    pool.register('w', GOOD);
    expect(await Promise.all([pool.decode('C', input([1, 2])), pool.decode('w', input([1]))])).toEqual([2, { n: 1 }]);
    const log: string[] = [];
    const b = send('B', 3, log);
    const a = send('A', 4, log);
    expect(await Promise.all(a)).toEqual([0, 1, 2, 3].map((n) => ({ n })));
    // A was decoded on the other thread while B's thread was still stuck.
    expect(log.filter((e) => e.startsWith('B'))).toEqual([]);
    const bResults = await Promise.all(b);
    expect(bResults[0]).toMatch(/decoder thread restarted/);
    expect(bResults.slice(1).every((m) => /decoder thread restarted|quarantined/.test(m as string))).toBe(true);
    await expect(pool.decode('B', input([]))).rejects.toThrow(/quarantined until/);
    // Scripts the killed thread held are compiled again on their next uplink.
    expect(await pool.decode('C', input([1, 2, 3]))).toBe(3);
    expect(await pool.decode('A', input([9]))).toEqual({ n: 9 });
  });

  it('keeps each application’s uplinks in order', async () => {
    open({ threads: 2, batch: 3 });
    pool.register(
      'S',
      'var seen = []; function decodeUplink(i) { seen.push(i.bytes[0]); return { data: seen.slice() }; }',
    );
    const out = await Promise.all(Array.from({ length: 10 }, (_, i) => pool.decode('S', input([i]))));
    expect(out[9]).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it('unloads the least recently used compiled decoders beyond the count and memory budget', async () => {
    open({ threads: 1, loadedMax: 2 });
    for (const k of ['a', 'b', 'c']) pool.register(k, `function decodeUplink() { return { data: "${k}" }; }`);
    for (const k of ['a', 'b', 'c']) expect(await pool.decode(k, input([]))).toBe(k);
    expect(pool.usage().loaded).toBe(2);
    // The unloaded one is compiled again from its source when next needed.
    expect(await pool.decode('a', input([]))).toBe('a');
    expect(pool.usage().loaded).toBe(2);
    pool.close();

    // Scripts that keep about 1 MB each, with a budget of 2.5 MB.
    open({ threads: 2, memoryBytes: 2.5 * 1024 * 1024 });
    const heavy = (k: string) =>
      `var keep = []; for (var i = 0; i < 25000; i++) keep.push({ i: i }); function decodeUplink() { return { data: "${k}" }; }`;
    for (const k of ['h1', 'h2', 'h3', 'h4']) pool.register(k, heavy(k));
    for (const k of ['h1', 'h2', 'h3', 'h4']) expect(await pool.decode(k, input([]))).toBe(k);
    const u = pool.usage();
    expect(u.bytes).toBeGreaterThan(0);
    expect(u.bytes).toBeLessThanOrEqual(2.5 * 1024 * 1024);
    expect(u.loaded).toBeLessThan(4);
  });
});
