import { ch, dataRates, dynamicSubnet, lora, subtractiveTable, txPowers } from './common';
import type { Region } from './types';

const defaults = [ch(0, 922_100_000, 0, 5), ch(1, 922_300_000, 0, 5), ch(2, 922_500_000, 0, 5)];

/** KR920-923 (RP002-1.0.x). */
export const kr920: Region = {
  id: 'kr920',
  name: 'KR920-923',
  plan: 'dynamic',
  dataRates: dataRates([
    [lora(12, 125), 59],
    [lora(11, 125), 59],
    [lora(10, 125), 59],
    [lora(9, 125), 123],
    [lora(8, 125), 230],
    [lora(7, 125), 230],
  ]),
  rx1DrTable: subtractiveTable(6, 5),
  defaultChannels: defaults,
  rx1Frequency: (f) => f,
  rx2: { frequency: 921_900_000, dr: 0 },
  defaultTxPower: 14,
  txPowers: txPowers(14, 8),
  receiveDelay1: 1,
  joinAcceptDelay1: 5,
  subnets: [
    dynamicSubnet(
      'kr920-default',
      'KR920 7 channels (922.1–923.3 MHz)',
      defaults,
      [922_700_000, 922_900_000, 923_100_000, 923_300_000],
      5,
    ),
  ],
};
