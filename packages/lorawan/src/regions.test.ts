import { describe, expect, it } from 'vitest';
import { fskTimeOnAir, loraTimeOnAir } from './airtime';
import { channelsFromChMasks, decodeCFList, encodeCFList } from './cflist';
import { LorawanError } from './errors';
import {
  dataRateOf,
  dataRateOfDatr,
  getDataRate,
  getRegion,
  getSubnet,
  joinAcceptCFList,
  listRegions,
  maxPayload,
  parseDatr,
  rx1DataRate,
  rx1Frequency,
  timeOnAir,
  txPowerDbm,
} from './regions';

describe('region registry', () => {
  it('lists every required region with lowercase ids', () => {
    expect(listRegions().map((r) => r.id)).toEqual([
      'eu868',
      'us915',
      'au915',
      'cn470',
      'as923-1',
      'as923-2',
      'as923-3',
      'as923-4',
      'kr920',
      'in865',
      'ru864',
      'cn470alid',
    ]);
    expect(getRegion('EU868').name).toBe('EU863-870');
    expect(() => getRegion('xx999')).toThrow(expect.objectContaining({ code: 'UNKNOWN_REGION' }));
    expect(() => getSubnet('eu868', 'nope')).toThrow(expect.objectContaining({ code: 'UNKNOWN_SUBNET' }));
  });
  it('every region is self-consistent', () => {
    for (const r of listRegions()) {
      expect(r.subnets.length, r.id).toBeGreaterThan(0);
      expect(r.txPowers[0]).toBe(r.defaultTxPower);
      expect(getDataRate(r, r.rx2.dr).downlink).toBe(true);
      for (const s of r.subnets) {
        for (const c of s.uplinkChannels) {
          const down = r.rx1Frequency(c.frequency);
          expect(down, `${r.id} ${c.frequency}`).toBeGreaterThan(400_000_000);
          for (let dr = c.minDr; dr <= c.maxDr; dr++) expect(getDataRate(r, dr).uplink).toBe(true);
        }
        if (s.cfList) encodeCFList(s.cfList);
      }
      r.rx1DrTable.forEach((row, up) => {
        if (!r.dataRates[up]?.uplink) return;
        for (const dr of row) expect(getDataRate(r, dr).downlink, `${r.id} DR${up}`).toBe(true);
      });
    }
  });
});

describe('RX1 / RX2 rules', () => {
  it('dynamic plans answer on the uplink frequency', () => {
    expect(rx1Frequency('eu868', 868_100_000)).toBe(868_100_000);
    expect(rx1Frequency('as923-2', 921_400_000)).toBe(921_400_000);
  });
  it('US915 / AU915 map channel mod 8 onto 923.3 + 0.6·k MHz', () => {
    expect(rx1Frequency('us915', 902_300_000)).toBe(923_300_000);
    expect(rx1Frequency('us915', 903_900_000)).toBe(923_300_000); // ch 8 → 8 mod 8 = 0
    expect(rx1Frequency('us915', 902_500_000)).toBe(923_900_000); // ch 1
    expect(rx1Frequency('us915', 904_600_000)).toBe(923_900_000); // ch 65 (500 kHz) → k 1
    expect(rx1Frequency('au915', 916_800_000)).toBe(923_300_000); // ch 8
    expect(() => rx1Frequency('us915', 868_100_000)).toThrow(LorawanError);
  });
  it('CN470 maps channel mod 48 onto 500.3 + 0.2·k MHz', () => {
    expect(rx1Frequency('cn470', 470_300_000)).toBe(500_300_000);
    expect(rx1Frequency('cn470', 480_100_000)).toBe(500_500_000); // ch 49 → 49 mod 48 = 1
    expect(rx1Frequency('cn470', 479_700_000)).toBe(509_700_000); // ch 47
    expect(rx1Frequency('cn470', 479_900_000)).toBe(500_300_000); // ch 48 → 0
  });
  it('RX1 data rate tables', () => {
    expect(rx1DataRate('eu868', 5, 0)).toBe(5);
    expect(rx1DataRate('eu868', 5, 3)).toBe(2);
    expect(rx1DataRate('eu868', 1, 5)).toBe(0);
    expect(rx1DataRate('us915', 0, 0)).toBe(10);
    expect(rx1DataRate('us915', 4, 3)).toBe(11);
    expect(rx1DataRate('au915', 5, 0)).toBe(13);
    expect(rx1DataRate('au915', 6, 5)).toBe(9);
    expect(rx1DataRate('as923-1', 2, 6)).toBe(3);
    expect(rx1DataRate('as923-1', 5, 7)).toBe(5);
    expect(() => rx1DataRate('us915', 5, 0)).toThrow(LorawanError);
    expect(() => rx1DataRate('eu868', 0, 6)).toThrow(LorawanError);
    expect(getRegion('eu868').rx2).toEqual({ frequency: 869_525_000, dr: 0 });
    expect(getRegion('us915').rx2).toEqual({ frequency: 923_300_000, dr: 8 });
    expect(getRegion('as923-3').rx2).toEqual({ frequency: 916_600_000, dr: 2 });
  });
});

describe('data rates', () => {
  it('parses datr strings and maps them to DR indices', () => {
    expect(parseDatr('SF7BW125')).toEqual({ modulation: 'LORA', sf: 7, bw: 125 });
    expect(parseDatr(50000)).toEqual({ modulation: 'FSK', bitrate: 50000 });
    expect(() => parseDatr('SF7BW12')).toThrow(expect.objectContaining({ code: 'BAD_DATR' }));
    expect(() => parseDatr('hello')).toThrow(LorawanError);
    expect(dataRateOf('eu868', 12, 125)).toBe(0);
    expect(dataRateOf('eu868', 7, 250)).toBe(6);
    expect(dataRateOf('us915', 8, 500)).toBe(4);
    expect(dataRateOf('us915', 8, 500, 'down')).toBe(12);
    expect(dataRateOfDatr('us915', 'SF10BW125')).toBe(0);
    expect(dataRateOfDatr('eu868', 50000)).toBe(7);
    expect(dataRateOfDatr('cn470alid', 'SF7BW125')).toBe(5);
    expect(() => dataRateOf('us915', 12, 125)).toThrow(expect.objectContaining({ code: 'UNKNOWN_DR' }));
  });
  it('max payload per DR', () => {
    expect(maxPayload('eu868', 0)).toEqual({ m: 59, n: 51 });
    expect(maxPayload('eu868', 5)).toEqual({ m: 230, n: 222 });
    expect(maxPayload('us915', 0)).toEqual({ m: 19, n: 11 });
    expect(maxPayload('us915', 13)).toEqual({ m: 250, n: 242 });
    expect(() => maxPayload('us915', 5)).toThrow(LorawanError);
  });
  it('tx power tables', () => {
    expect(txPowerDbm('eu868', 0)).toBe(16);
    expect(txPowerDbm('eu868', 7)).toBe(2);
    expect(txPowerDbm('us915', 14)).toBe(2);
    expect(() => txPowerDbm('eu868', 8)).toThrow(LorawanError);
  });
});

describe('time on air', () => {
  // Semtech SX1276 datasheet §4.1.1.7 formula; values agree with the Semtech LoRa calculator / TTN airtime tool.
  it('LoRa', () => {
    expect(loraTimeOnAir({ payloadBytes: 20, sf: 7, bw: 125 })).toBeCloseTo(56.576, 3);
    expect(loraTimeOnAir({ payloadBytes: 51, sf: 7, bw: 125 })).toBeCloseTo(102.656, 3);
    expect(loraTimeOnAir({ payloadBytes: 20, sf: 12, bw: 125 })).toBeCloseTo(1318.912, 3); // LDRO on
    expect(loraTimeOnAir({ payloadBytes: 13, sf: 9, bw: 125 })).toBeCloseTo(164.864, 3);
    expect(timeOnAir('eu868', 5, 20)).toBeCloseTo(56.576, 3);
    expect(timeOnAir('us915', 4, 20)).toBeCloseTo(loraTimeOnAir({ payloadBytes: 20, sf: 8, bw: 500 }), 6);
  });
  it('FSK', () => {
    expect(fskTimeOnAir(20)).toBeCloseTo(4.96, 6);
    expect(timeOnAir('eu868', 7, 20)).toBeCloseTo(4.96, 6);
  });
});

describe('subnets and CFLists', () => {
  it('EU868 default subnet sends five extra frequencies (type 0)', () => {
    const cf = joinAcceptCFList('eu868', 'eu868-default');
    expect(cf).toEqual({ type: 0, frequencies: [867_100_000, 867_300_000, 867_500_000, 867_700_000, 867_900_000] });
    // chirpstack/chirpstack lrwn/src/cflist.rs style encoding: 3-byte LE 100 Hz units + CFListType
    expect(encodeCFList(cf!).toString('hex')).toBe('184f84e85684b85e84886684586e8400');
    expect(decodeCFList(encodeCFList(cf!))).toEqual(cf);
  });
  it('US915 sub-band 2 enables channels 8..15 and 65 (type 1)', () => {
    const s = getSubnet('us915', 'us915-2');
    expect(s.uplinkChannels.map((c) => c.index)).toEqual([8, 9, 10, 11, 12, 13, 14, 15, 65]);
    expect(s.uplinkChannels[0]!.frequency).toBe(903_900_000);
    const bytes = encodeCFList(s.cfList!);
    expect(bytes.toString('hex')).toBe('00ff0000000000000200000000000001');
    const back = decodeCFList(bytes);
    expect(back.type === 1 && channelsFromChMasks(back.chMasks)).toEqual([8, 9, 10, 11, 12, 13, 14, 15, 65]);
  });
  it('AU915 1..8, CN470 1..12, pico-net', () => {
    expect(getRegion('au915').subnets.map((s) => s.id)).toEqual(Array.from({ length: 8 }, (_, i) => `au915-${i + 1}`));
    expect(getRegion('cn470').subnets.map((s) => s.id)).toEqual(Array.from({ length: 12 }, (_, i) => `cn470-${i + 1}`));
    expect(getSubnet('cn470', 'cn470-12').uplinkChannels.map((c) => c.index)).toEqual([88, 89, 90, 91, 92, 93, 94, 95]);
    const pico = getSubnet('cn470alid', 'pico-net');
    expect(pico.uplinkChannels).toHaveLength(32);
    expect(pico.uplinkChannels[0]!.frequency).toBe(470_300_000);
    expect(pico.uplinkChannels[31]!.frequency).toBe(476_500_000);
    expect(pico.cfList).toEqual({ type: 1, chMasks: [0xffff, 0xffff, 0, 0, 0, 0] });
    expect(getRegion('cn470alid').dataRates.map((d) => d?.rate)).toEqual(
      [12, 11, 10, 9, 8, 7].map((sf) => expect.objectContaining({ modulation: 'LORA', sf, bw: 125 })),
    );
  });
});
