import { ch, dataRates, dynamicSubnet, fsk50, lora, signedOffsetTable, txPowers } from './common';
import type { Region } from './types';

const defaults = [ch(0, 865_062_500, 0, 5), ch(1, 865_402_500, 0, 5), ch(2, 865_985_000, 0, 5)];

const table = signedOffsetTable(8, 5);
// DR7 (FSK) uplink: RP002 maps offset 0 (and the "negative" offsets 6, 7) to DR7 itself.
table[7] = [7, 5, 5, 4, 3, 2, 7, 7];

/** IN865-867 (RP002-1.0.x). */
export const in865: Region = {
  id: 'in865',
  name: 'IN865-867',
  plan: 'dynamic',
  dataRates: dataRates([
    [lora(12, 125), 59],
    [lora(11, 125), 59],
    [lora(10, 125), 59],
    [lora(9, 125), 123],
    [lora(8, 125), 230],
    [lora(7, 125), 230],
    null,
    [fsk50, 230],
  ]),
  rx1DrTable: table,
  defaultChannels: defaults,
  rx1Frequency: (f) => f,
  rx2: { frequency: 866_550_000, dr: 2 },
  defaultTxPower: 30,
  txPowers: txPowers(30, 11),
  receiveDelay1: 1,
  joinAcceptDelay1: 5,
  subnets: [dynamicSubnet('in865-default', 'IN865 3 default channels', defaults, [], 5)],
};
