import { fail } from '../errors';
import type { DataPart } from './rhf3m485';

/** Bytes a DataPart message adds around its piece: version, type, frameId, index, total. */
export const PART_OVERHEAD = 5;
/** How long the pieces of one frame may take to arrive (docs/protocols/rhf3m485.md). */
export const REASSEMBLY_TIMEOUT_MS = 60 * 60_000;

/** Cuts a frame body into DataParts that fit `maxPayload` bytes of FRMPayload each. */
export function splitFrame(body: Uint8Array, maxPayload: number, frameId: number): DataPart[] {
  const size = maxPayload - PART_OVERHEAD;
  if (size < 1) fail('BAD_FIELD', `a payload of ${maxPayload} bytes cannot carry a piece`);
  const total = Math.max(1, Math.ceil(body.length / size));
  if (total > 255) fail('TOO_LONG', `a frame of ${body.length} bytes needs ${total} pieces, at most 255`);
  return Array.from({ length: total }, (_, index) => ({
    frameId,
    index,
    total,
    bytes: Buffer.from(body.subarray(index * size, (index + 1) * size)).toString('hex'),
  }));
}

interface Pending {
  total: number;
  firstAt: number;
  pieces: (string | undefined)[];
}
export type PartOutcome =
  | { kind: 'complete'; body: Buffer }
  | { kind: 'pending'; missing: number[] }
  | { kind: 'duplicate' }
  | { kind: 'restarted'; missing: number[] };
export interface Expired {
  source: string;
  frameId: number;
  missing: number[];
}

/**
 * Puts DataParts back together per source (a DevEUI) and frameId. Pure: the caller passes the time.
 * A repeated piece with the same bytes is dropped; one that disagrees (other bytes or another total)
 * means the device reused the frameId, so the old frame is dropped and this piece starts a new one.
 */
export class Reassembler {
  private readonly frames = new Map<string, Pending>();
  constructor(private readonly timeoutMs = REASSEMBLY_TIMEOUT_MS) {}

  add(source: string, p: DataPart, now: number): PartOutcome {
    if (!(p.total >= 1 && p.index >= 0 && p.index < p.total)) fail('BAD_FIELD', `piece ${p.index} of ${p.total}`);
    const key = `${source}/${p.frameId}`;
    let f = this.frames.get(key);
    let restarted = false;
    if (f && (f.total !== p.total || (f.pieces[p.index] !== undefined && f.pieces[p.index] !== p.bytes))) {
      f = undefined;
      restarted = true;
    }
    if (f && f.pieces[p.index] === p.bytes) return { kind: 'duplicate' };
    if (!f) {
      f = { total: p.total, firstAt: now, pieces: new Array(p.total).fill(undefined) };
      this.frames.set(key, f);
    }
    f.pieces[p.index] = p.bytes;
    const missing = f.pieces.flatMap((x, i) => (x === undefined ? [i] : []));
    if (missing.length > 0) return { kind: restarted ? 'restarted' : 'pending', missing };
    this.frames.delete(key);
    return { kind: 'complete', body: Buffer.from(f.pieces.join(''), 'hex') };
  }

  /** Drops the frames whose first piece came more than the timeout ago and says what they lacked. */
  expire(now: number): Expired[] {
    const out: Expired[] = [];
    for (const [key, f] of this.frames) {
      if (now - f.firstAt <= this.timeoutMs) continue;
      this.frames.delete(key);
      const cut = key.lastIndexOf('/');
      const missing = f.pieces.flatMap((x, i) => (x === undefined ? [i] : []));
      out.push({ source: key.slice(0, cut), frameId: Number(key.slice(cut + 1)), missing });
    }
    return out;
  }

  get size(): number {
    return this.frames.size;
  }
}
