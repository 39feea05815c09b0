/** TS004 FEC encode of a 64 KB firmware image at 30 % redundancy (48-byte fragments), plus the decode after loss. */
import { FecDecoder, fecEncode } from '@lns/lorawan/applayer/ts004-fec';

const fragSize = 48;
const file = new Uint8Array(64 * 1024);
let x = 1;
for (let i = 0; i < file.length; i++) {
  x = (x * 1103515245 + 12345) >>> 0;
  file[i] = x >>> 24;
}
const m = Math.ceil(file.length / fragSize);
const redundancy = Math.ceil(m * 0.3);

fecEncode(file, fragSize, redundancy); // warm-up
const runs = 10;
let t0 = process.hrtime.bigint();
let enc = fecEncode(file, fragSize, redundancy);
for (let i = 1; i < runs; i++) enc = fecEncode(file, fragSize, redundancy);
const encMs = Number(process.hrtime.bigint() - t0) / 1e6 / runs;

// drop every 4th uncoded fragment (25 % of M) and decode from the rest
t0 = process.hrtime.bigint();
const d = new FecDecoder(enc.nbFrag, fragSize);
enc.fragments.forEach((f, i) => {
  if (!(i < m && i % 4 === 0)) d.push(i + 1, f);
});
const out = d.result(enc.padding);
const decMs = Number(process.hrtime.bigint() - t0) / 1e6;
if (Buffer.compare(Buffer.from(out), Buffer.from(file)) !== 0) throw new Error('FEC round trip failed');

console.log(
  `lorawan fec: encode 64 KB at 30 % redundancy (${m} + ${redundancy} fragments of ${fragSize} B) in ${encMs.toFixed(1)} ms (${((file.length / 1024 / encMs) * 1000).toFixed(0)} KB/s); decode after losing ${Math.ceil(m / 4)} fragments ${decMs.toFixed(1)} ms`,
);
