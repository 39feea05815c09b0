import { ch, dataRates, dynamicSubnet, fsk50, lora, signedOffsetTable, txPowers } from './common';
import type { Region, RegionId } from './types';

/** AS923-1..4 differ by a frequency offset applied to AS923-1's channels (RP002-1.0.x §2.8). */
function as923(n: 1 | 2 | 3 | 4, offsetHz: number): Region {
  const f = (mhz: number) => Math.round(mhz * 1_000_000) + offsetHz;
  const defaults = [ch(0, f(923.2), 0, 5), ch(1, f(923.4), 0, 5)];
  const id = `as923-${n}` as RegionId;
  return {
    id,
    name: `AS923-${n}`,
    plan: 'dynamic',
    dataRates: dataRates([
      [lora(12, 125), 59],
      [lora(11, 125), 59],
      [lora(10, 125), 123],
      [lora(9, 125), 123],
      [lora(8, 125), 230],
      [lora(7, 125), 230],
      [lora(7, 250), 230],
      [fsk50, 230],
    ]),
    rx1DrTable: signedOffsetTable(8, 5),
    defaultChannels: defaults,
    rx1Frequency: (x) => x,
    rx2: { frequency: f(923.2), dr: 2 },
    defaultTxPower: 16,
    txPowers: txPowers(16, 8),
    receiveDelay1: 1,
    joinAcceptDelay1: 5,
    subnets: [
      dynamicSubnet(
        `${id}-default`,
        `AS923-${n} 8 channels`,
        defaults,
        [f(922.2), f(922.4), f(922.6), f(922.8), f(923.0)],
        5,
      ),
    ],
  };
}

export const as923_1 = as923(1, 0);
export const as923_2 = as923(2, -1_800_000);
export const as923_3 = as923(3, -6_600_000);
export const as923_4 = as923(4, -5_900_000);
