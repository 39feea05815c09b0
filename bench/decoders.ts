/**
 * Application payload decoders: uplinks decoded per second through the decoder pool (QuickJS on
 * worker threads; one application's uplinks go to its thread in batches, as the data plane calls
 * it) and natively (Cayenne LPP), plus the main-thread time one sandboxed decode costs.
 *
 * Run: npx tsx bench/decoders.ts
 */
import { decodeCayenne } from '../apps/server/src/integrations/decoders/cayenne';
import { DecoderPool } from '../apps/server/src/integrations/decoders/pool';

const N = 20_000;
const input = (i: number) => ({
  bytes: [0x01, i & 0xff, 0x27, 0x7f, 0x60, 0x11, 0x22, 0x33],
  fPort: 2,
  fCnt: i,
  devEUI: '70b3d57ed0000001',
  recvTime: new Date().toISOString(),
});
const script = `function decodeUplink(input) {
  var b = input.bytes;
  return { data: { temperature: ((b[0] << 8) | b[1]) / 10, pressure: ((b[2] << 8) | b[3]) / 10,
    humidity: b[4] / 2, counter: input.fCnt } };
}`;

const pool = new DecoderPool();
if (await pool.check(script)) throw new Error('bench script did not compile');
pool.register('bench', script);
const js = { decode: (i: Parameters<DecoderPool['decode']>[1]) => pool.decode('bench', i) };
for (let i = 0; i < 1000; i++) await js.decode(input(i)); // warm-up

let t0 = performance.now();
for (let i = 0; i < N; i++) await js.decode(input(i));
const sequential = performance.now() - t0;

// As a batch of uplinks calls it: many decodes in flight at once.
t0 = performance.now();
const cpu0 = process.cpuUsage();
for (let k = 0; k < N; k += 100) await Promise.all(Array.from({ length: 100 }, (_, j) => js.decode(input(k + j))));
const batched = performance.now() - t0;
const mainCpuUs = process.cpuUsage(cpu0);

const lpp = Buffer.from('0367011005670 0ff0268610188067 65ff2960a0003e8'.replace(/ /g, ''), 'hex');
t0 = performance.now();
for (let i = 0; i < N * 5; i++) decodeCayenne(lpp);
const cayenne = performance.now() - t0;

const rate = (n: number, ms: number) => Math.round((n / ms) * 1000).toLocaleString('en');
console.log(`JavaScript decoder, one at a time:     ${rate(N, sequential)} uplinks/s`);
console.log(`JavaScript decoder, 100 in flight:     ${rate(N, batched)} uplinks/s`);
console.log(
  `  main-thread CPU per decode:          ${((mainCpuUs.user + mainCpuUs.system) / N).toFixed(1)} µs (the rest runs on the decoder thread)`,
);
console.log(`Cayenne LPP (4 fields), main thread:   ${rate(N * 5, cayenne)} uplinks/s`);
process.exit(0);
