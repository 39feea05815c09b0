import { le, needAtLeast, rdLe } from '../applayer/codec';
import { fromHexReversed, toHexReversed } from '../bytes';
import { checkInt, fail } from '../errors';

/** The bodies of docs/protocols/rhf3mr01.md: status, configuration, list page, firmware versions. */

/** status: relay device status 0..4; battery %, 255 unknown; voltage mV; temperature 0.1 °C; wake 0 asleep, 1 awake. */
export interface RelayStatusBody {
  status: number;
  workMode: number;
  backwardMode: number;
  slaveNum: number;
  battery: number;
  voltage: number;
  temperature: number;
  wake: number;
}
/** Delays in ms (1..2^32−1); steps and counts 1..255; hbDelaySteps and checkNetDelayTimeout in 10-minute units. */
export interface RelayConfigBody {
  joinDelayMin: number;
  joinDelayMax: number;
  joinDelaySteps: number;
  hbDelayMin: number;
  hbDelayMax: number;
  hbDelaySteps: number;
  checkNetDelayMin: number;
  checkNetDelayMax: number;
  checkNetDelaySteps: number;
  checkNetDelayNackMax: number;
  checkNetDelayTimeout: number;
}
/** devEUI / devAddr big-endian hex (little-endian on air); status is the slave status 1..4 (0 in rejoin lists). */
export interface SlaveEntry {
  devEUI: string;
  devAddr: string;
  status: number;
}
export interface ListPage {
  total: number;
  start: number;
  items: SlaveEntry[];
}
export interface FwVersions {
  srcFwVersion: number;
  destFwVersion: number;
  fwSign: number;
}

/** Field layouts: [name, bytes, min, max]; a negative byte count is a signed field. Little-endian. */
export type Layout = readonly (readonly [string, number, number, number])[];
export const U32 = 0xffffffff;
export const STATUS: Layout = [
  ['status', 1, 0, 255],
  ['workMode', 1, 0, 2],
  ['backwardMode', 1, 0, 2],
  ['slaveNum', 1, 0, 255],
  ['battery', 1, 0, 255],
  ['voltage', 2, 0, 0xffff],
  ['temperature', -2, -32768, 32767],
  ['wake', 1, 0, 1],
];
export const CONFIG: Layout = [
  ['joinDelayMin', 4, 1, U32],
  ['joinDelayMax', 4, 1, U32],
  ['joinDelaySteps', 1, 1, 255],
  ['hbDelayMin', 4, 1, U32],
  ['hbDelayMax', 4, 1, U32],
  ['hbDelaySteps', 1, 1, 255],
  ['checkNetDelayMin', 4, 1, U32],
  ['checkNetDelayMax', 4, 1, U32],
  ['checkNetDelaySteps', 1, 1, 255],
  ['checkNetDelayNackMax', 1, 1, 255],
  ['checkNetDelayTimeout', 1, 1, 255],
];
export const FW: Layout = [
  ['srcFwVersion', 4, 0, U32],
  ['destFwVersion', 4, 0, U32],
  ['fwSign', 4, 0, U32],
];
export const width = (l: Layout) => l.reduce((s, f) => s + Math.abs(f[1]), 0);
export function put(l: Layout, v: Record<string, number>): number[] {
  const out: number[] = [];
  for (const [k, n, min, max] of l) {
    const x = checkInt(k, v[k]!, min, max);
    out.push(...le(n < 0 && x < 0 ? x + 2 ** (8 * -n) : x, Math.abs(n)));
  }
  return out;
}
export function get<T>(l: Layout, b: Uint8Array, o: number): T {
  const v: Record<string, number> = {};
  for (const [k, n] of l) {
    const x = rdLe(b, o, Math.abs(n));
    v[k] = n < 0 && x >= 2 ** (8 * -n - 1) ? x - 2 ** (8 * -n) : x;
    o += Math.abs(n);
  }
  return v as T;
}
export function checkConfig(c: RelayConfigBody): void {
  for (const p of ['joinDelay', 'hbDelay', 'checkNetDelay'] as const) {
    const [lo, hi] = [c[`${p}Min`], c[`${p}Max`]];
    if (!(hi > lo)) fail('BAD_FIELD', `${p}Max must exceed ${p}Min`);
  }
}
export const u8 = (k: string, v: number) => checkInt(k, v, 0, 255);
export const eui = (v: string) => [...fromHexReversed(v, 8, 'devEUI')];
export const addr = (v: string) => [...fromHexReversed(v, 4, 'devAddr')];

/** List page: total, start, count, then count × (DevEUI 8, DevAddr 4, status 1). */
export const ENTRY = 13;
export const page = [
  (b: Uint8Array, o: number, left: number) => {
    needAtLeast(left, 3, 'list page');
    return 3 + ENTRY * b[o + 2]!;
  },
  (b: Uint8Array, o: number): ListPage => ({
    total: b[o]!,
    start: b[o + 1]!,
    items: Array.from({ length: b[o + 2]! }, (_, i) => {
      const p = o + 3 + i * ENTRY;
      return {
        devEUI: toHexReversed(b.subarray(p, p + 8)),
        devAddr: toHexReversed(b.subarray(p + 8, p + 12)),
        status: b[p + 12]!,
      };
    }),
  }),
  (v: ListPage) => [
    u8('total', v.total),
    u8('start', v.start),
    u8('count', v.items.length),
    ...v.items.flatMap((e) => [...eui(e.devEUI), ...addr(e.devAddr), u8('status', e.status)]),
  ],
] as const;
