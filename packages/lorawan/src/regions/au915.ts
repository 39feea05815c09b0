import { fail } from '../errors';
import { ch, dataRates, fixedSubnet, gridIndex, lora, txPowers } from './common';
import type { Channel, Region } from './types';

const up125 = Array.from({ length: 64 }, (_, i) => ch(i, 915_200_000 + i * 200_000, 0, 5));
const up500 = Array.from({ length: 8 }, (_, i) => ch(64 + i, 915_900_000 + i * 1_600_000, 6, 6));
const all: Channel[] = [...up125, ...up500];

/** Uplink channel index (0..71) of an AU915 uplink frequency. */
export function au915Channel(freq: number): number {
  const a = gridIndex(freq, 915_200_000, 200_000, 64);
  if (a >= 0) return a;
  const b = gridIndex(freq, 915_900_000, 1_600_000, 8);
  if (b >= 0) return 64 + b;
  return fail('BAD_FIELD', `${freq} Hz is not an AU915 uplink channel`);
}

/** AU915-928 (RP002-1.0.x §2.7), uplink dwell time off; sub-bands 1–8 as subnets. */
export const au915: Region = {
  id: 'au915',
  name: 'AU915-928',
  plan: 'fixed',
  dataRates: dataRates([
    [lora(12, 125), 59, true, false],
    [lora(11, 125), 59, true, false],
    [lora(10, 125), 59, true, false],
    [lora(9, 125), 123, true, false],
    [lora(8, 125), 230, true, false],
    [lora(7, 125), 230, true, false],
    [lora(8, 500), 230, true, false],
    null,
    [lora(12, 500), 61, false, true],
    [lora(11, 500), 137, false, true],
    [lora(10, 500), 250, false, true],
    [lora(9, 500), 250, false, true],
    [lora(8, 500), 250, false, true],
    [lora(7, 500), 250, false, true],
  ]),
  rx1DrTable: [
    [8, 8, 8, 8, 8, 8],
    [9, 8, 8, 8, 8, 8],
    [10, 9, 8, 8, 8, 8],
    [11, 10, 9, 8, 8, 8],
    [12, 11, 10, 9, 8, 8],
    [13, 12, 11, 10, 9, 8],
    [13, 13, 12, 11, 10, 9],
  ],
  defaultChannels: all,
  rx1Frequency: (f) => 923_300_000 + (au915Channel(f) % 8) * 600_000,
  rx2: { frequency: 923_300_000, dr: 8 },
  defaultTxPower: 30,
  txPowers: txPowers(30, 15),
  receiveDelay1: 1,
  joinAcceptDelay1: 5,
  subnets: Array.from({ length: 8 }, (_, k) => {
    const enabled = [...Array.from({ length: 8 }, (_, i) => k * 8 + i), 64 + k];
    const lo = (915.2 + k * 1.6).toFixed(1);
    const hi = (915.2 + k * 1.6 + 1.4).toFixed(1);
    return fixedSubnet(`au915-${k + 1}`, `AU915 sub-band ${k + 1} (${lo}–${hi} MHz + ch ${64 + k})`, all, enabled, 5);
  }),
};
