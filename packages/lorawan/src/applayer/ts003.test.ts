import { describe, expect, it } from 'vitest';
import { LorawanError } from '../errors';
import {
  appTimeCorrection,
  GPS_EPOCH_UNIX_MS,
  gpsToUnixMs,
  leapSecondsAt,
  type Ts003Command,
  ts003,
  unixMsToGps,
} from './ts003';

const h = (s: string) => Buffer.from(s.replace(/\s/g, ''), 'hex');

// Layouts per LoRaWAN TS003-1.0.0 §3 (byte-for-byte as in chirpstack/chirpstack lrwn/src/applayer/clocksync/v1.rs).
const VECTORS: [Ts003Command, 'up' | 'down', string][] = [
  [{ type: 'PackageVersionReq' }, 'down', '00'],
  [{ type: 'PackageVersionAns', packageIdentifier: 1, packageVersion: 1 }, 'up', '000101'],
  [{ type: 'AppTimeReq', deviceTime: 1024, tokenReq: 15, ansRequired: true }, 'up', '01000400001f'],
  [{ type: 'AppTimeAns', timeCorrection: 1024, tokenAns: 15 }, 'down', '01000400000f'],
  [{ type: 'AppTimeAns', timeCorrection: -1024, tokenAns: 1 }, 'down', '0100fcffff01'],
  [{ type: 'DeviceAppTimePeriodicityReq', period: 15 }, 'down', '020f'],
  [{ type: 'DeviceAppTimePeriodicityAns', notSupported: true, time: 1024 }, 'up', '020100040000'],
  [{ type: 'ForceDeviceResyncReq', nbTransmissions: 7 }, 'down', '0307'],
];

describe('TS003 clock synchronisation', () => {
  it.each(VECTORS)('%o', (cmd, dir, hex) => {
    expect(ts003.encode(cmd).toString('hex')).toBe(hex);
    expect(ts003.decode(h(hex), dir)).toEqual([cmd]);
  });
  it('rejects bad input', () => {
    expect(() => ts003.decode(h('01000400'), 'up')).toThrow(expect.objectContaining({ code: 'TOO_SHORT' }));
    expect(() => ts003.decode(h('04'), 'up')).toThrow(expect.objectContaining({ code: 'UNKNOWN_CID' }));
    expect(() => ts003.encode({ type: 'ForceDeviceResyncReq', nbTransmissions: 8 })).toThrow(LorawanError);
  });
  it('GPS epoch conversion with leap seconds', () => {
    expect(unixMsToGps(GPS_EPOCH_UNIX_MS)).toBe(0);
    expect(leapSecondsAt(Date.parse('2020-01-01T00:00:00Z'))).toBe(18);
    // 2020-01-01T00:00:00Z = GPS 1261872018 (1261872000 s + 18 leap seconds)
    expect(unixMsToGps(Date.parse('2020-01-01T00:00:00Z'))).toBe(1261872018);
    expect(gpsToUnixMs(1261872018)).toBe(Date.parse('2020-01-01T00:00:00Z'));
    const t = Date.parse('2016-06-01T12:34:56Z');
    expect(gpsToUnixMs(unixMsToGps(t))).toBe(t);
  });
  it('AppTimeAns correction wraps as int32', () => {
    expect(appTimeCorrection(1000, 1010.4)).toBe(10);
    expect(appTimeCorrection(1010, 1000)).toBe(-10);
    expect(appTimeCorrection(0xfffffff0, 0x1_0000_0005)).toBe(0x15);
  });
});
