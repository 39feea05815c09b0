import { createHash } from 'node:crypto';
import type { Rxpk } from '@lns/semtech-udp/packets';
import type { Redis } from 'ioredis';

/** One gateway's copy of an uplink. */
export interface RxCopy {
  gwId: string;
  rxpk: Rxpk;
  /** performance.now() when the datagram arrived. */
  at: number;
}

export interface Uplink {
  /** rxpk.data: the PHYPayload, base64. */
  data: string;
  copies: RxCopy[];
  /** performance.now() of the first copy (the RX1 clock starts here). */
  first: number;
}

const PREFIX = 'lns:dedup:';

/**
 * Merges copies of one uplink heard by several gateways within `windowMs`, then hands the
 * uplink (every gateway's rx info) to `done` once. With Redis, instances race on SET NX PX for
 * the PHYPayload's hash: the winner waits the window and collects the rx info the losers pushed
 * to a list under the same hash; a loser only pushes its copies.
 */
export class Deduplicator {
  private readonly entries = new Map<string, Uplink & { lost?: boolean }>();

  constructor(
    private readonly windowMs: number,
    private readonly done: (u: Uplink) => void,
    private readonly redis?: Redis,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  add(copy: RxCopy): void {
    const key = copy.rxpk.data;
    const e = this.entries.get(key);
    if (e) {
      if (e.lost) this.pushRemote(key, copy);
      else e.copies.push(copy);
      return;
    }
    const entry: Uplink & { lost?: boolean } = { data: key, copies: [copy], first: copy.at };
    this.entries.set(key, entry);
    if (!this.redis) {
      setTimeout(() => this.finish(key), this.windowMs);
      return;
    }
    const h = hash(key);
    this.redis
      .set(`${PREFIX}${h}`, '1', 'PX', Math.max(this.windowMs * 5, 1000), 'NX')
      .then((won) => {
        if (won === 'OK') {
          setTimeout(() => void this.finishClustered(key, h), this.windowMs);
          return;
        }
        entry.lost = true;
        for (const c of entry.copies) this.pushRemote(key, c);
        entry.copies = [];
        // Forget the entry after the window so a later, genuine retransmission is not swallowed here.
        setTimeout(() => this.entries.delete(key), this.windowMs * 2);
      })
      .catch(() => {
        // Redis unavailable: behave like a single instance rather than drop the uplink.
        setTimeout(() => this.finish(key), this.windowMs);
      });
  }

  private pushRemote(key: string, c: RxCopy): void {
    const list = `${PREFIX}rx:${hash(key)}`;
    const item = JSON.stringify({ gwId: c.gwId, rxpk: { ...c.rxpk, data: '' } });
    void this.redis
      ?.multi()
      .rpush(list, item)
      .pexpire(list, Math.max(this.windowMs * 5, 1000))
      .exec()
      .catch(() => {});
  }

  private async finishClustered(key: string, h: string): Promise<void> {
    const entry = this.entries.get(key);
    if (!entry) return;
    try {
      const list = `${PREFIX}rx:${h}`;
      const res = await this.redis!.multi().lrange(list, 0, -1).del(list).exec();
      const items = (res?.[0]?.[1] as string[] | undefined) ?? [];
      for (const s of items) {
        const r = JSON.parse(s) as { gwId: string; rxpk: Rxpk };
        entry.copies.push({ gwId: r.gwId, rxpk: { ...r.rxpk, data: key }, at: entry.first });
      }
    } catch {
      // Remote rx info is a bonus; the local copies are enough to process the uplink.
    }
    this.finish(key);
  }

  private finish(key: string): void {
    const e = this.entries.get(key);
    if (!e || e.lost) return;
    this.entries.delete(key);
    this.done(e);
  }
}

const hash = (s: string) => createHash('sha1').update(s).digest('hex');
