import { checkInt } from './errors';

/** LoRaWAN 1.0.x MAX_FCNT_GAP: a larger jump is suspicious (networks may reject it). */
export const MAX_FCNT_GAP = 16384;

/**
 * 32-bit FCnt from the 16-bit wire value: the smallest value ≥ `last` whose low 16 bits equal `fCnt16`
 * (so a retransmission maps to `last` itself, and 0xFFFF → 0x0000 rolls the upper half over).
 * `last` null = no frame received yet in this session → `fCnt16`.
 * The result can reach 2^32 or more when the 32-bit counter is exhausted (see `isFCntExhausted`).
 */
export function reconstructFCnt(fCnt16: number, last: number | null): number {
  checkInt('fCnt16', fCnt16, 0, 0xffff);
  if (last === null) return fCnt16;
  checkInt('last FCnt', last, 0, 0xffffffff);
  const high = last - (last % 0x10000);
  let v = high + fCnt16;
  if (v < last) v += 0x10000;
  return v;
}

/** True when `fCnt` is not acceptable after `last`: older, or equal unless `allowRetransmission`. */
export function isReplay(last: number | null, fCnt: number, opts: { allowRetransmission?: boolean } = {}): boolean {
  if (last === null) return false;
  if (fCnt < last) return true;
  return fCnt === last && !opts.allowRetransmission;
}

export const isFCntExhausted = (fCnt: number): boolean => fCnt > 0xffffffff;

export interface FCntCheck {
  /** Reconstructed 32-bit counter. */
  fCnt: number;
  /** Frames skipped since `last` (0 = the expected next one; -1 = the same as last). */
  gap: number;
  /** Same counter as the last accepted frame (NbTrans retransmission or replay). */
  retransmission: boolean;
  /** The counter is beyond MAX_FCNT_GAP or exhausted: treat as a replay/attack and drop. */
  suspicious: boolean;
}

/** One-stop check of an uplink's 16-bit FCnt against the last accepted 32-bit value. */
export function checkFCnt(fCnt16: number, last: number | null, maxGap = MAX_FCNT_GAP): FCntCheck {
  const fCnt = reconstructFCnt(fCnt16, last);
  const gap = last === null ? fCnt : fCnt - last - 1;
  return {
    fCnt,
    gap,
    retransmission: last !== null && fCnt === last,
    suspicious: gap >= maxGap || isFCntExhausted(fCnt),
  };
}
