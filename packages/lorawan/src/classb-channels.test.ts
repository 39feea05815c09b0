import { describe, expect, it } from 'vitest';
import {
  beaconChannel,
  classBHops,
  classBPlan,
  defaultPingSlotSetting,
  pingSlotChannel,
  pingSlotChannelAt,
} from './classb-channels';
import { getDataRate, getRegion, listRegions } from './regions';

// Vectors written from RP002-1.0.x (each region's class B section), numbers checked against
// the public ChirpStack region code (facts only).
const MHZ = 1_000_000;
const hz = (mhz: number) => Math.round(mhz * MHZ);

describe('class B channels: fixed-frequency regions', () => {
  const cases: [string, number, number][] = [
    ['eu868', 869.525, 3],
    ['eu433', 434.665, 3],
    ['cn779', 785.0, 3],
    ['ru864', 868.9, 3],
    ['kr920', 923.1, 3],
    ['in865', 866.55, 4],
    ['as923-1', 923.4, 3],
    ['as923-2', 923.4 - 1.8, 3],
    ['as923-3', 923.4 - 6.6, 3],
    ['as923-4', 923.4 - 5.9, 3],
  ];
  it.each(cases)('%s: beacon and every ping slot on %f MHz DR%i, whatever the address or period', (id, mhz, dr) => {
    const want = { freqHz: hz(mhz), dr };
    for (const [addr, bt] of [
      ['00000000', 0],
      ['0314cf36', 1_203_778_364],
      ['ffffffff', 1_261_871_872],
    ] as const) {
      expect(pingSlotChannel(id, addr, bt)).toEqual(want);
      expect(beaconChannel(id, bt)).toEqual(want);
    }
    expect(classBHops(id)).toBe(false);
    expect(defaultPingSlotSetting(id)).toEqual(want);
  });
});

describe('class B channels: hopping regions', () => {
  // US915 and AU915 hop over their 8 RX1 downlink channels 923.3 + 0.6·n MHz, CN470 over 508.3 + 0.2·n MHz.
  const us = Array.from({ length: 8 }, (_, n) => hz(923.3 + 0.6 * n));
  const cn = [508.3, 508.5, 508.7, 508.9, 509.1, 509.3, 509.5, 509.7].map(hz);

  it('the US915/AU915 hop set is the region’s RX1 downlink channels (uplink channels 0..7 map onto them)', () => {
    for (const id of ['us915', 'au915']) {
      const r = getRegion(id);
      const rx1 = r.defaultChannels.slice(0, 8).map((c) => r.rx1Frequency(c.frequency));
      expect(rx1).toEqual(us);
    }
  });

  it('ChirpStack’s vector: DevAddr 0314cf36 at 334382 h 52 min 44 s of GPS time', () => {
    const bt = 334_382 * 3600 + 52 * 60 + 44;
    // (0x0314cf36 + floor(bt / 128)) mod 8 = (51695414 + 9404518) mod 8 = 4
    expect(pingSlotChannel('us915', '0314cf36', bt)).toEqual({ freqHz: 925_700_000, dr: 8 });
    expect(pingSlotChannel('au915', '0314cf36', bt)).toEqual({ freqHz: 925_700_000, dr: 8 });
    expect(pingSlotChannel('cn470', '0314cf36', bt)).toEqual({ freqHz: 509_100_000, dr: 2 });
  });

  it('beacons step one channel each 128 s period: floor(beaconTime / 128) mod 8', () => {
    const start = 1_261_871_872; // a beacon period start, index 9858374 ≡ 6 (mod 8)
    for (let k = 0; k < 10; k++) {
      const n = (9_858_374 + k) % 8;
      expect(beaconChannel('us915', start + 128 * k)).toEqual({ freqHz: us[n], dr: 8 });
      expect(beaconChannel('au915', start + 128 * k)).toEqual({ freqHz: us[n], dr: 8 });
      expect(beaconChannel('cn470', start + 128 * k)).toEqual({ freqHz: cn[n], dr: 2 });
    }
    // Any second inside a period is the same period.
    expect(beaconChannel('us915', 127)).toEqual(beaconChannel('us915', 0));
    expect(beaconChannel('us915', 128).freqHz).toBe(us[1]);
  });

  it('ping slots hop by (DevAddr + floor(beaconTime / 128)) mod 8 across periods and addresses', () => {
    const vectors: [string, number, number][] = [
      // devAddr, beacon time (s), channel
      ['00000000', 0, 0],
      ['00000000', 128, 1],
      ['00000000', 7 * 128, 7],
      ['00000000', 8 * 128, 0],
      ['00000001', 0, 1],
      ['00000007', 128, 0],
      ['01020304', 128, 5],
      ['01020304', 256, 6],
      ['26011bda', 1_261_871_872, (0x26011bda + 9_858_374) % 8],
      ['ffffffff', 0, 7], // 2^32 - 1 ≡ 7 (mod 8): no 32-bit overflow
      ['ffffffff', 128, 0],
    ];
    for (const [addr, bt, n] of vectors) {
      expect(pingSlotChannel('us915', addr, bt), `${addr} @ ${bt}`).toEqual({ freqHz: us[n], dr: 8 });
      expect(pingSlotChannel('au915', addr, bt)).toEqual({ freqHz: us[n], dr: 8 });
      expect(pingSlotChannel('cn470', addr, bt)).toEqual({ freqHz: cn[n], dr: 2 });
      expect(pingSlotChannel('cn470alid', addr, bt)).toEqual({ freqHz: cn[n], dr: 2 });
    }
    // Two devices in the same period are spread over channels; a device moves on each period.
    expect(pingSlotChannel('us915', '00000002', 0).freqHz).not.toBe(pingSlotChannel('us915', '00000003', 0).freqHz);
  });

  it('a slot’s channel comes from the beacon period the slot falls in (GPS ms)', () => {
    const bt = 1_261_871_872;
    expect(pingSlotChannelAt('us915', '01020304', bt * 1000 + 2120)).toEqual(pingSlotChannel('us915', '01020304', bt));
    expect(pingSlotChannelAt('us915', '01020304', (bt + 128) * 1000 - 1)).toEqual(
      pingSlotChannel('us915', '01020304', bt),
    );
    expect(pingSlotChannelAt('us915', '01020304', (bt + 128) * 1000)).toEqual(
      pingSlotChannel('us915', '01020304', bt + 128),
    );
  });

  it('tells devices 0 (hop by address) as the default frequency, with the ping-slot DR', () => {
    expect(defaultPingSlotSetting('us915')).toEqual({ freqHz: 0, dr: 8 });
    expect(defaultPingSlotSetting(getRegion('au915'))).toEqual({ freqHz: 0, dr: 8 });
    expect(defaultPingSlotSetting('cn470')).toEqual({ freqHz: 0, dr: 2 });
    expect(classBHops('us915') && classBHops('au915') && classBHops('cn470') && classBHops('cn470alid')).toBe(true);
  });
});

describe('class B channels: explicit settings and coverage', () => {
  it('a channel set on the device or group wins; frequency 0 keeps the default (hopping) frequency with the DR set', () => {
    expect(pingSlotChannel('eu868', '01020304', 0, { freqHz: 868_100_000, dr: 5 })).toEqual({
      freqHz: 868_100_000,
      dr: 5,
    });
    expect(pingSlotChannel('us915', '01020304', 128, { freqHz: 0, dr: 10 })).toEqual({ freqHz: 926_300_000, dr: 10 });
    expect(pingSlotChannel('us915', '01020304', 128, { freqHz: 927_500_000, dr: 8 })).toEqual({
      freqHz: 927_500_000,
      dr: 8,
    });
  });

  it('every modelled region has a plan whose DRs are downlink DRs of the region', () => {
    for (const r of listRegions()) {
      const plan = classBPlan(r);
      expect(getDataRate(r, plan.pingSlotDr).downlink, r.id).toBe(true);
      expect(getDataRate(r, plan.beaconDr).downlink, r.id).toBe(true);
    }
    // AU915 DR8 is SF12 BW500 (downlink dwell time off); US915 the same.
    expect(getDataRate('au915', 8).rate).toMatchObject({ sf: 12, bw: 500 });
    expect(getDataRate('us915', 8).rate).toMatchObject({ sf: 12, bw: 500 });
  });

  it('refuses an unknown region and an address that is not 8 hex digits', () => {
    expect(() => classBPlan('xx999')).toThrow(/UNKNOWN_REGION/);
    expect(() => classBPlan('toString')).toThrow(/UNKNOWN_REGION/);
    expect(() => pingSlotChannel('us915', '123', 0)).toThrow(/BAD_FIELD/);
    expect(() => pingSlotChannel('us915', 'zz020304', 0)).toThrow(/BAD_FIELD/);
  });
});
