import { ch, dataRates, dynamicSubnet, fsk50, lora, subtractiveTable, txPowers } from './common';
import type { Region } from './types';

const defaults = [ch(0, 868_900_000, 0, 5), ch(1, 869_100_000, 0, 5)];

/** RU864-870 (RP002-1.0.x). */
export const ru864: Region = {
  id: 'ru864',
  name: 'RU864-870',
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
  rx2: { frequency: 869_100_000, dr: 0 },
  defaultTxPower: 16,
  txPowers: txPowers(16, 8),
  receiveDelay1: 1,
  joinAcceptDelay1: 5,
  subnets: [
    dynamicSubnet(
      'ru864-default',
      'RU864 7 channels (868.9, 869.1 + 864.1–864.9 MHz)',
      defaults,
      [864_100_000, 864_300_000, 864_500_000, 864_700_000, 864_900_000],
      5,
    ),
  ],
};
