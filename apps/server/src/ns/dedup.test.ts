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

  describe('early close', () => {
    /** An unconfirmed data uplink of DevAddr `addr` with FCnt `fCnt` (only the header matters here). */
    const frame = (addr: number, fCnt: number) =>
      Buffer.from(`40${addr.toString(16).padStart(8, '0')}00${fCnt.toString(16).padStart(4, '0')}01aabbccdd`, 'hex');
    const copy = (gwId: string, p: Buffer) => ({ gwId, rxpk: rxpkOf(p), at: performance.now() });

    it('hands an uplink over once the gateways that heard its sender last time have reported; a later copy is late', async () => {
      const done: Uplink[] = [];
      const late: string[] = [];
      const d = new Deduplicator(
        80,
        (u) => done.push(u),
        undefined,
        (_u, c) => late.push(c.gwId),
      );
      const addr = 0x01000000 + (Date.now() & 0xffff);
      // First uplink: nothing known of the sender, the whole window; two gateways hear it.
      d.add(copy('a', frame(addr, 1)));
      d.add(copy('b', frame(addr, 1)));
      expect(done).toHaveLength(0);
      await sleep(120);
      expect(done).toHaveLength(1);
      // Second: handed over the moment both have reported, without waiting.
      d.add(copy('b', frame(addr, 2)));
      expect(done).toHaveLength(1);
      d.add(copy('a', frame(addr, 2)));
      expect(done).toHaveLength(2);
      expect(done[1]!.copies.map((c) => c.gwId)).toEqual(['b', 'a']);
      // A third gateway within the window is a late copy of that uplink, not a new uplink.
      d.add(copy('c', frame(addr, 2)));
      await sleep(120);
      expect(done).toHaveLength(2);
      expect(late).toEqual(['c']);
      expect(done[1]!.copies.map((c) => c.gwId)).toEqual(['b', 'a', 'c']);
      // Three heard it over the whole window: the next one waits for three.
      d.add(copy('a', frame(addr, 3)));
      d.add(copy('b', frame(addr, 3)));
      expect(done).toHaveLength(2);
      d.add(copy('c', frame(addr, 3)));
      expect(done).toHaveLength(3);
    });

    it('waits the whole window when a usual gateway is missing, and never closes early when switched off', async () => {
      for (const early of [true, false]) {
        const done: Uplink[] = [];
        const d = new Deduplicator(60, (u) => done.push(u), undefined, undefined, early);
        const addr = 0x02000000 + (Date.now() & 0xffff) + (early ? 1 : 2);
        d.add(copy('a', frame(addr, 1)));
        d.add(copy('b', frame(addr, 1)));
        await sleep(100);
        d.add(copy('a', frame(addr, 2)));
        d.add(copy('b', frame(addr, 2)));
        expect(done, `early ${early}`).toHaveLength(early ? 2 : 1);
        d.add(copy('a', frame(addr, 3)));
        expect(done).toHaveLength(early ? 2 : 1);
        await sleep(100);
        expect(done).toHaveLength(3);
        expect(done[2]!.copies.map((c) => c.gwId)).toEqual(['a']);
      }
    });
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
