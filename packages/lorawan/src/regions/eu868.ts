import { ch, dataRates, dynamicSubnet, fsk50, lora, subtractiveTable, txPowers } from './common';
import type { Region } from './types';

const defaults = [ch(0, 868_100_000, 0, 5), ch(1, 868_300_000, 0, 5), ch(2, 868_500_000, 0, 5)];

/** EU863-870 (RP002-1.0.x §2.2). */
export const eu868: Region = {
  id: 'eu868',
  name: 'EU863-870',
  plan: 'dynamic',
  dataRates: dataRates([
    [lora(12, 125), 59],
    [lora(11, 125), 59],
    [lora(10, 125), 59],
    [lora(9, 125), 123],
    [lora(8, 125), 230],
    [lora(7, 125), 230],
    [lora(7, 250), 230],
    [fsk50, 230],
  ]),
  rx1DrTable: subtractiveTable(8, 5),
  defaultChannels: defaults,
  rx1Frequency: (f) => f,
  rx2: { frequency: 869_525_000, dr: 0 },
  defaultTxPower: 16,
  txPowers: txPowers(16, 8),
  receiveDelay1: 1,
  joinAcceptDelay1: 5,
  subnets: [
    dynamicSubnet(
      'eu868-default',
      'EU868 8 channels (868.1–868.5 + 867.1–867.9 MHz)',
      defaults,
      [867_100_000, 867_300_000, 867_500_000, 867_700_000, 867_900_000],
      5,
    ),
  ],
};
