import { randomFillSync } from 'node:crypto';

// One randomFillSync per 4 KB instead of one per id: ids are minted per uplink and per HTTP
// request, and a call into the CSPRNG each time was ~5 % of the data plane's CPU.
const pool = Buffer.alloc(4096);
let used = pool.length;

/** `bytes` random bytes (≤ 4096) as hex, drawn from a pooled CSPRNG buffer. For ids, not secrets. */
export function randomHex(bytes: number): string {
  if (used + bytes > pool.length) {
    randomFillSync(pool);
    used = 0;
  }
  used += bytes;
  return pool.toString('hex', used - bytes, used);
}
