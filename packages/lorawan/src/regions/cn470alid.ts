import { fail } from '../errors';
import { cn470Rx1 } from './cn470';
import { ch, dataRates, fixedSubnet, lora, subtractiveTable, txPowers } from './common';
import type { Region } from './types';

const all = Array.from({ length: 32 }, (_, i) => ch(i, 470_300_000 + i * 200_000, 0, 5));

/**
 * Private CN470-based pico plan: 32 uplink channels CH0–CH31 from 470.3 MHz in 200 kHz steps, DR0–DR5 =
 * SF12..SF7 BW125. Downlink rules follow CN470 (RX1 = 500.3 + 0.2·(ch mod 48) MHz, RX2 505.3 MHz DR0).
 */
export const cn470alid: Region = {
  id: 'cn470alid',
  name: 'CN470 ALID pico',
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
  rx1Frequency: (f) => {
    const up = (f - 470_300_000) / 200_000;
    if (!Number.isInteger(up) || up < 0 || up >= 32) fail('BAD_FIELD', `${f} Hz is not a pico-net uplink channel`);
    return cn470Rx1(f);
  },
  rx2: { frequency: 505_300_000, dr: 0 },
  defaultTxPower: 19.15,
  txPowers: txPowers(19.15, 8),
  receiveDelay1: 1,
  joinAcceptDelay1: 5,
  subnets: [
    fixedSubnet(
      'pico-net',
      'Pico net (CH0–CH31, 470.3–476.5 MHz)',
      all,
      all.map((c) => c.index),
      6,
    ),
  ],
};
