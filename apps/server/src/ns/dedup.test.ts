import { setTimeout as sleep } from 'node:timers/promises';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { rxpkOf } from '../../test/gateway';
import { Deduplicator, type Uplink } from './dedup';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const phy = (n: number) => Buffer.from(`40${n.toString(16).padStart(8, '0')}00010001aabbccdd`, 'hex');

describe('de-duplication', () => {
  it('merges copies from several gateways within the window into one uplink', async () => {
    const done: Uplink[] = [];
    const d = new Deduplicator(50, (u) => done.push(u));
    const p = phy(Date.now() & 0xffffff);
    d.add({ gwId: 'a', rxpk: rxpkOf(p, { lsnr: 1 }), at: 0 });
    d.add({ gwId: 'b', rxpk: rxpkOf(p, { lsnr: 5 }), at: 1 });
    d.add({ gwId: 'c', rxpk: rxpkOf(phy(1)), at: 2 });
    await sleep(100);
    expect(done).toHaveLength(2);
    expect(done[0]!.copies.map((c) => c.gwId)).toEqual(['a', 'b']);
    // After the window the same frame is a new uplink (a replay the FCnt check will refuse).
    d.add({ gwId: 'a', rxpk: rxpkOf(p), at: 3 });
    await sleep(100);
    expect(done).toHaveLength(3);
  });

  describe('across instances through Redis', () => {
    const clients: Redis[] = [];
    afterAll(() => {
      for (const c of clients) c.disconnect();
    });

    it('processes a frame once, on the instance that won, with the rx info of both', async () => {
      const a = new Redis(REDIS_URL);
      const b = new Redis(REDIS_URL);
      clients.push(a, b);
      const doneA: Uplink[] = [];
      const doneB: Uplink[] = [];
      const da = new Deduplicator(100, (u) => doneA.push(u), a);
      const db = new Deduplicator(100, (u) => doneB.push(u), b);
      const p = phy((Date.now() + 7) & 0xffffff);
      da.add({ gwId: 'gw-a', rxpk: rxpkOf(p, { lsnr: 3 }), at: 0 });
      await sleep(10);
      db.add({ gwId: 'gw-b', rxpk: rxpkOf(p, { lsnr: 9 }), at: 0 });
      await sleep(300);
      expect(doneA.length + doneB.length).toBe(1);
      const u = (doneA[0] ?? doneB[0])!;
      expect(u.copies.map((c) => c.gwId).sort()).toEqual(['gw-a', 'gw-b']);
      expect(u.copies.every((c) => c.rxpk.data === p.toString('base64'))).toBe(true);
    });
  });
});
