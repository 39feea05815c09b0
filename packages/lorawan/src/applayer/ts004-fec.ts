import { checkInt, fail } from '../errors';

/**
 * TS004 forward error correction: fragment N ≤ M is uncoded fragment N; fragment M + n (n ≥ 1) is the XOR of
 * the uncoded fragments selected by row n of TS004's parity matrix (`matrixLine`, built with `prbs23`).
 */

/** TS004's 23-bit pseudo-random generator. */
export function prbs23(x: number): number {
  const b0 = x & 1;
  const b1 = (x & 32) >> 5;
  return (x >> 1) + ((b0 ^ b1) << 22);
}

const isPowerOfTwo = (x: number): boolean => x > 0 && (x & (x - 1)) === 0;

/** Row n (1-based) of the parity matrix for M uncoded fragments: bit i set = uncoded fragment i+1 is XORed in. */
export function matrixLine(n: number, m: number): Uint8Array {
  checkInt('n', n, 1, 0xffff);
  checkInt('m', m, 1, 0xffff);
  const line = new Uint8Array(m);
  const mTemp = isPowerOfTwo(m) ? 1 : 0;
  let x = 1 + 1001 * n;
  for (let nb = 0; nb < m >> 1; nb++) {
    let r = 1 << 16;
    while (r >= m) {
      x = prbs23(x);
      r = x % (m + mTemp);
    }
    line[r] = 1;
  }
  return line;
}

export interface FecEncoded {
  /** M: number of uncoded fragments. */
  nbFrag: number;
  fragSize: number;
  /** Bytes appended (zeros) to fill the last uncoded fragment (FragSessionSetupReq.Padding). */
  padding: number;
  /** M uncoded then `redundancy` coded fragments; fragments[i] is fragment counter N = i + 1. */
  fragments: Uint8Array[];
}

function xorInto(dst: Uint8Array, src: Uint8Array): void {
  for (let i = 0; i < dst.length; i++) dst[i] = dst[i]! ^ src[i]!;
}

/** Splits `data` into fragments of `fragSize` bytes and appends `redundancy` coded fragments. */
export function fecEncode(data: Uint8Array, fragSize: number, redundancy: number): FecEncoded {
  checkInt('fragSize', fragSize, 1, 255);
  checkInt('redundancy', redundancy, 0, 0x3fff);
  if (data.length === 0) fail('BAD_FIELD', 'nothing to fragment');
  const m = Math.ceil(data.length / fragSize);
  if (m + redundancy > 0x3fff) fail('BAD_FIELD', `${m + redundancy} fragments exceed the 14-bit counter`);
  const padded = new Uint8Array(m * fragSize);
  padded.set(data);
  const fragments: Uint8Array[] = [];
  for (let i = 0; i < m; i++) fragments.push(padded.subarray(i * fragSize, (i + 1) * fragSize));
  for (let n = 1; n <= redundancy; n++) {
    const line = matrixLine(n, m);
    const out = new Uint8Array(fragSize);
    for (let i = 0; i < m; i++) if (line[i]) xorInto(out, fragments[i]!);
    fragments.push(out);
  }
  return { nbFrag: m, fragSize, padding: m * fragSize - data.length, fragments };
}

/**
 * Rebuilds the uncoded fragments from any sufficient subset of received fragments (uncoded or coded), by
 * incremental Gaussian elimination over GF(2). Push fragments as they arrive; `complete` turns true once the
 * M unknowns are determined.
 */
export class FecDecoder {
  readonly nbFrag: number;
  readonly fragSize: number;
  private readonly words: number;
  /** pivot column → [coefficient bitset, data]; lowest set bit of the bitset is the pivot column. */
  private readonly pivots: ([Uint32Array, Uint8Array] | undefined)[];
  private rank = 0;
  private received = 0;
  private readonly seen = new Set<number>();

  constructor(nbFrag: number, fragSize: number) {
    this.nbFrag = checkInt('nbFrag', nbFrag, 1, 0x3fff);
    this.fragSize = checkInt('fragSize', fragSize, 1, 255);
    this.words = Math.ceil(nbFrag / 32);
    this.pivots = new Array(nbFrag);
  }

  get complete(): boolean {
    return this.rank === this.nbFrag;
  }

  /** Fragments accepted so far (duplicates excluded). */
  get receivedCount(): number {
    return this.received;
  }

  /** Unknowns still undetermined. */
  get missing(): number {
    return this.nbFrag - this.rank;
  }

  /** Adds fragment counter `n` (1-based). Returns `complete`. */
  push(n: number, data: Uint8Array): boolean {
    checkInt('fragment counter', n, 1, 0x3fff);
    if (data.length !== this.fragSize)
      fail('BAD_LENGTH', `fragment must be ${this.fragSize} bytes, got ${data.length}`);
    if (this.complete || this.seen.has(n)) return this.complete;
    this.seen.add(n);
    this.received++;
    const row = new Uint32Array(this.words);
    if (n <= this.nbFrag) {
      row[(n - 1) >> 5] = 1 << ((n - 1) & 31);
    } else {
      const line = matrixLine(n - this.nbFrag, this.nbFrag);
      for (let i = 0; i < this.nbFrag; i++) if (line[i]) row[i >> 5] = row[i >> 5]! | (1 << (i & 31));
    }
    this.insert(row, Uint8Array.from(data));
    return this.complete;
  }

  private insert(row: Uint32Array, data: Uint8Array): void {
    let wi = 0;
    while (wi < this.words) {
      const w = row[wi]!;
      if (w === 0) {
        wi++;
        continue;
      }
      const c = wi * 32 + (31 - Math.clz32(w & -w));
      const p = this.pivots[c];
      if (!p) {
        this.pivots[c] = [row, data];
        this.rank++;
        return;
      }
      const [pr, pd] = p;
      for (let k = wi; k < this.words; k++) row[k] = row[k]! ^ pr[k]!;
      xorInto(data, pd);
    }
    // linearly dependent: carries no new information
  }

  /** The reconstructed file (padding bytes removed). Throws FEC_UNRECOVERABLE while incomplete. */
  result(padding = 0): Uint8Array {
    if (!this.complete) fail('FEC_UNRECOVERABLE', `${this.missing} fragment(s) still undetermined`);
    const solved: Uint8Array[] = new Array(this.nbFrag);
    for (let c = this.nbFrag - 1; c >= 0; c--) {
      const [row, data] = this.pivots[c]!;
      const out = Uint8Array.from(data);
      for (let wi = c >> 5; wi < this.words; wi++) {
        let w = row[wi]!;
        if (wi === c >> 5) w &= ~(1 << (c & 31)); // the pivot itself; lower bits are already zero
        while (w !== 0) {
          const bit = w & -w;
          const j = wi * 32 + (31 - Math.clz32(bit));
          xorInto(out, solved[j]!);
          w ^= bit;
        }
      }
      solved[c] = out;
    }
    const file = new Uint8Array(this.nbFrag * this.fragSize);
    solved.forEach((s, i) => {
      file.set(s, i * this.fragSize);
    });
    checkInt('padding', padding, 0, file.length);
    return file.subarray(0, file.length - padding);
  }
}

/** One-shot decode: fragments by counter N (1-based). Throws FEC_UNRECOVERABLE when the subset is insufficient. */
export function fecDecode(
  nbFrag: number,
  fragSize: number,
  received: Iterable<[number, Uint8Array]>,
  padding = 0,
): Uint8Array {
  const d = new FecDecoder(nbFrag, fragSize);
  for (const [n, data] of received) if (d.push(n, data)) break;
  return d.result(padding);
}
