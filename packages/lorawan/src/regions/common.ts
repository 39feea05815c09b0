import type { CFList } from '../cflist';
import { chMasksFromChannels } from '../cflist';
import { fail } from '../errors';
import type { Channel, DataRateDef, RegionDataRate, Subnet } from './types';

const BITRATES: Record<string, number> = {
  SF12BW125: 250,
  SF11BW125: 440,
  SF10BW125: 980,
  SF9BW125: 1760,
  SF8BW125: 3125,
  SF7BW125: 5470,
  SF7BW250: 11000,
  SF12BW500: 980,
  SF11BW500: 1760,
  SF10BW500: 3900,
  SF9BW500: 7000,
  SF8BW500: 12500,
  SF7BW500: 21900,
};

export const lora = (sf: number, bw: number): DataRateDef => ({
  modulation: 'LORA',
  sf,
  bw,
  bitrate: BITRATES[`SF${sf}BW${bw}`]!,
});
export const fsk50: DataRateDef = { modulation: 'FSK', bitrate: 50000 };

/** [rate, M] or [rate, M, uplink, downlink]; null = RFU. N = M − 8. */
export type DrSpec = [DataRateDef, number] | [DataRateDef, number, boolean, boolean] | null;

export function dataRates(specs: DrSpec[]): (RegionDataRate | null)[] {
  return specs.map((s, dr) =>
    s === null
      ? null
      : { dr, rate: s[0], maxPayload: { m: s[1], n: s[1] - 8 }, uplink: s[2] ?? true, downlink: s[3] ?? true },
  );
}

/** rx1 = max(minDr, upDr − offset) table for dynamic plans (offsets 0..maxOffset). */
export function subtractiveTable(upDrs: number, maxOffset: number, minDr = 0): number[][] {
  const t: number[][] = [];
  for (let up = 0; up < upDrs; up++) {
    const row: number[] = [];
    for (let o = 0; o <= maxOffset; o++) row.push(Math.max(minDr, up - o));
    t.push(row);
  }
  return t;
}

/** AS923 / IN865 style: offsets 0..7 where 6 and 7 mean −1 and −2; result capped at maxDr. */
export function signedOffsetTable(upDrs: number, maxDr: number): number[][] {
  const t: number[][] = [];
  for (let up = 0; up < upDrs; up++) {
    const row: number[] = [];
    for (let o = 0; o <= 7; o++) {
      const eff = o <= 5 ? o : 5 - o;
      row.push(Math.min(maxDr, Math.max(0, up - eff)));
    }
    t.push(row);
  }
  return t;
}

export const txPowers = (max: number, steps: number): number[] =>
  Array.from({ length: steps }, (_, i) => Math.round((max - 2 * i) * 100) / 100);

export const ch = (index: number, frequency: number, minDr: number, maxDr: number): Channel => ({
  index,
  frequency,
  minDr,
  maxDr,
});

/** Frequencies for the CFList type 0 of a dynamic plan: the plan's channels beyond the defaults. */
export function dynamicSubnet(id: string, name: string, defaults: Channel[], extra: number[], maxDr: number): Subnet {
  if (extra.length > 5) fail('BAD_CFLIST', 'a CFList carries at most 5 extra channels');
  const channels = [...defaults, ...extra.map((f, i) => ch(defaults.length + i, f, 0, maxDr))];
  const cfList: CFList | null = extra.length > 0 ? { type: 0, frequencies: extra } : null;
  return { id, name, uplinkChannels: channels, cfList };
}

/** A fixed-plan sub-band: enabled channels and the matching CFList type 1 mask. */
export function fixedSubnet(id: string, name: string, all: Channel[], enabled: number[], maskWords: number): Subnet {
  const set = new Set(enabled);
  return {
    id,
    name,
    uplinkChannels: all.filter((c) => set.has(c.index)),
    cfList: { type: 1, chMasks: chMasksFromChannels(enabled, maskWords) },
  };
}

/** Index of `freq` on a grid base + i·step (i < count), or -1. */
export function gridIndex(freq: number, base: number, step: number, count: number): number {
  const i = (freq - base) / step;
  return Number.isInteger(i) && i >= 0 && i < count ? i : -1;
}
