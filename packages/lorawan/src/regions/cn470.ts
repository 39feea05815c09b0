import { fail } from '../errors';
import { ch, dataRates, fixedSubnet, gridIndex, lora, subtractiveTable, txPowers } from './common';
import type { Region } from './types';

const all = Array.from({ length: 96 }, (_, i) => ch(i, 470_300_000 + i * 200_000, 0, 5));

/** Uplink channel index (0..95) of a CN470 frequency (470.3 + 0.2·n MHz). */
export function cn470Channel(freq: number): number {
  const i = gridIndex(freq, 470_300_000, 200_000, 96);
  return i >= 0 ? i : fail('BAD_FIELD', `${freq} Hz is not a CN470 uplink channel`);
}

/** CN470 downlink: 48 channels at 500.3 + 0.2·n MHz, n = uplink channel mod 48. */
export const cn470Rx1 = (freq: number): number => 500_300_000 + (cn470Channel(freq) % 48) * 200_000;

/**
 * CN470-510, the LoRaWAN 1.0.x-era plan: 96 uplink channels (470.3–489.3 MHz), 48 downlink channels
 * (500.3–509.7 MHz). Subnets cn470-1..cn470-12 are the twelve 8-channel sub-bands.
 */
export const cn470: Region = {
  id: 'cn470',
  name: 'CN470-510',
  plan: 'fixed',
  dataRates: dataRates([
    [lora(12, 125), 59],
    [lora(11, 125), 59],
    [lora(10, 125), 59],
    [lora(9, 125), 123],
    [lora(8, 125), 230],
    [lora(7, 125), 230],
  ]),
  rx1DrTable: subtractiveTable(6, 5),
  defaultChannels: all,
  rx1Frequency: cn470Rx1,
  rx2: { frequency: 505_300_000, dr: 0 },
  defaultTxPower: 19.15,
  txPowers: txPowers(19.15, 8),
  receiveDelay1: 1,
  joinAcceptDelay1: 5,
  subnets: Array.from({ length: 12 }, (_, k) => {
    const enabled = Array.from({ length: 8 }, (_, i) => k * 8 + i);
    const lo = (470.3 + k * 1.6).toFixed(1);
    const hi = (470.3 + k * 1.6 + 1.4).toFixed(1);
    return fixedSubnet(`cn470-${k + 1}`, `CN470 sub-band ${k + 1} (${lo}–${hi} MHz)`, all, enabled, 6);
  }),
};
