import { createHash } from 'node:crypto';
import type { Rxpk } from '@lns/semtech-udp/packets';
import type { Redis } from 'ioredis';
import type { RelayHop } from './relay/hop';

/** One gateway's copy of an uplink. */
export interface RxCopy {
  gwId: string;
  rxpk: Rxpk;
  /** performance.now() when the datagram arrived. */
  at: number;
  /** Set on a frame a relay forwarded (ns/relay/forward.ts); not carried between instances. */
  relay?: RelayHop;
}

export interface Uplink {
  /** rxpk.data: the PHYPayload, base64. */
  data: string;
  copies: RxCopy[];
  /** performance.now() of the first copy (the RX1 clock starts here). */
  first: number;
}

const PREFIX = 'lns:dedup:';

/** How many gateways the senders of recent uplinks were heard by, at most this many senders. */
const USUAL_MAX = 200_000;

/** Where an uplink came from, read off the PHYPayload's first bytes: DevAddr, or JoinEUI+DevEUI. */
export function senderOf(data: string): string | undefined {
  const head = Buffer.from(data.slice(0, 24), 'base64');
  const mType = (head[0] ?? 0xff) >> 5;
  if (mType === 2 || mType === 4) return head.length >= 5 ? `d${head.subarray(1, 5).toString('hex')}` : undefined;
  if (mType === 0) return head.length >= 17 ? `j${head.subarray(1, 17).toString('hex')}` : undefined;
  return undefined;
}

type Entry = Uplink & { lost?: boolean; timer?: NodeJS.Timeout; sender?: string; gateways: Set<string> };

/**
 * Merges copies of one uplink heard by several gateways within `windowMs`, then hands the
 * uplink (every gateway's rx info) to `done` once. With Redis, instances race on SET NX PX for
 * the PHYPayload's hash: the winner waits the window and collects the rx info the losers pushed
 * to a list under the same hash; a loser only pushes its copies.
 *
 * Early close (single instance): the window of an uplink closes as soon as as many gateways have
 * reported it as heard its sender's previous uplink, so its downlink need not wait the whole
 * window. A copy that still arrives within the window is *late*: it is added to the uplink when
 * that is still waiting for its batch, and is handed to `late` otherwise.
 */
export class Deduplicator {
  private readonly entries = new Map<string, Entry>();
  /** Uplinks closed early, until their window ends (late copies join them). */
  private readonly closed = new Map<string, Entry>();
  /** Sender → gateways that heard its last uplink in its whole window. */
  private readonly usual = new Map<string, number>();

  constructor(
    private readonly windowMs: number,
    private readonly done: (u: Uplink) => void,
    private readonly redis?: Redis,
    private readonly late?: (u: Uplink, copy: RxCopy) => void,
    private readonly earlyClose = true,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  add(copy: RxCopy): void {
    const key = copy.rxpk.data;
    const e = this.entries.get(key);
    if (e) {
      if (e.lost) this.pushRemote(key, copy);
      else {
        e.copies.push(copy);
        e.gateways.add(copy.gwId);
        this.closeIfComplete(key, e);
      }
      return;
    }
    const c = this.closed.get(key);
    if (c) {
      c.copies.push(copy);
      c.gateways.add(copy.gwId);
      this.late?.(c, copy);
      return;
    }
    const entry: Entry = { data: key, copies: [copy], first: copy.at, gateways: new Set([copy.gwId]) };
    this.entries.set(key, entry);
    if (!this.redis) {
      if (this.earlyClose && !copy.relay) entry.sender = senderOf(key);
      entry.timer = setTimeout(() => this.finish(key), this.windowMs);
      this.closeIfComplete(key, entry);
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
    this.remember(e);
    this.done(e);
  }

  /** Hands the uplink over before its window ends when every usual gateway has reported it. */
  private closeIfComplete(key: string, e: Entry): void {
    if (!e.sender) return;
    const want = this.usual.get(e.sender);
    if (want === undefined || e.gateways.size < want) return;
    clearTimeout(e.timer);
    this.entries.delete(key);
    this.closed.set(key, e);
    setTimeout(
      () => {
        this.closed.delete(key);
        this.remember(e);
      },
      Math.max(0, this.windowMs - (performance.now() - e.first)),
    );
    this.done(e);
  }

  /** Learns how many gateways heard the sender this time, over its whole window. */
  private remember(e: Entry): void {
    if (!e.sender) return;
    this.usual.delete(e.sender);
    this.usual.set(e.sender, e.gateways.size);
    if (this.usual.size > USUAL_MAX) this.usual.delete(this.usual.keys().next().value!);
  }
}

const hash = (s: string) => createHash('sha1').update(s).digest('hex');
