import { checkInt } from '../errors';
import { type AppCommandOf, le, makeAppCodec, rdLe, u8 } from './codec';

/** LoRaWAN Application Layer Clock Synchronization (TS003-1.0.0), default FPort 202. */
export const TS003_PORT = 202;
export const TS003_PACKAGE = { identifier: 1, version: 1 } as const;

export interface Ts003Fields {
  PackageVersionReq: Record<never, never>;
  PackageVersionAns: { packageIdentifier: number; packageVersion: number };
  /** deviceTime: GPS seconds (mod 2^32) of the device clock; tokenReq 0..15. */
  AppTimeReq: { deviceTime: number; tokenReq: number; ansRequired: boolean };
  /** timeCorrection: signed seconds to add to the device clock. */
  AppTimeAns: { timeCorrection: number; tokenAns: number };
  /** period 0..15: the device should resync every 128·2^period s. */
  DeviceAppTimePeriodicityReq: { period: number };
  DeviceAppTimePeriodicityAns: { notSupported: boolean; time: number };
  ForceDeviceResyncReq: { nbTransmissions: number };
}
export type Ts003Command = AppCommandOf<Ts003Fields>;

export const ts003 = makeAppCodec<Ts003Fields>('TS003', {
  PackageVersionReq: { cid: 0x00, dir: 'down', size: 0, dec: () => ({}), enc: () => [] },
  PackageVersionAns: {
    cid: 0x00,
    dir: 'up',
    size: 2,
    dec: (b, o) => ({ packageIdentifier: b[o]!, packageVersion: b[o + 1]! }),
    enc: (c) => [u8('packageIdentifier', c.packageIdentifier), u8('packageVersion', c.packageVersion)],
  },
  AppTimeReq: {
    cid: 0x01,
    dir: 'up',
    size: 5,
    dec: (b, o) => ({ deviceTime: rdLe(b, o, 4), tokenReq: b[o + 4]! & 0x0f, ansRequired: (b[o + 4]! & 0x10) !== 0 }),
    enc: (c) => [
      ...le(checkInt('deviceTime', c.deviceTime, 0, 0xffffffff), 4),
      u8('tokenReq', c.tokenReq, 15) | (c.ansRequired ? 0x10 : 0),
    ],
  },
  AppTimeAns: {
    cid: 0x01,
    dir: 'down',
    size: 5,
    dec: (b, o) => ({ timeCorrection: rdLe(b, o, 4) | 0, tokenAns: b[o + 4]! & 0x0f }),
    enc: (c) => [
      ...le(checkInt('timeCorrection', c.timeCorrection, -0x80000000, 0x7fffffff) >>> 0, 4),
      u8('tokenAns', c.tokenAns, 15),
    ],
  },
  DeviceAppTimePeriodicityReq: {
    cid: 0x02,
    dir: 'down',
    size: 1,
    dec: (b, o) => ({ period: b[o]! & 0x0f }),
    enc: (c) => [u8('period', c.period, 15)],
  },
  DeviceAppTimePeriodicityAns: {
    cid: 0x02,
    dir: 'up',
    size: 5,
    dec: (b, o) => ({ notSupported: (b[o]! & 0x01) !== 0, time: rdLe(b, o + 1, 4) }),
    enc: (c) => [c.notSupported ? 1 : 0, ...le(checkInt('time', c.time, 0, 0xffffffff), 4)],
  },
  ForceDeviceResyncReq: {
    cid: 0x03,
    dir: 'down',
    size: 1,
    dec: (b, o) => ({ nbTransmissions: b[o]! & 0x07 }),
    enc: (c) => [u8('nbTransmissions', c.nbTransmissions, 7)],
  },
});

/** Unix ms of the GPS epoch, 1980-01-06T00:00:00Z. */
export const GPS_EPOCH_UNIX_MS = 315_964_800_000;

/** UTC instants (Unix ms) from which GPS−UTC grew by one second (GPS−UTC = 18 s since 2017-01-01). */
const LEAPS_MS = [
  '1981-07-01',
  '1982-07-01',
  '1983-07-01',
  '1985-07-01',
  '1988-01-01',
  '1990-01-01',
  '1991-01-01',
  '1992-07-01',
  '1993-07-01',
  '1994-07-01',
  '1996-01-01',
  '1997-07-01',
  '1999-01-01',
  '2006-01-01',
  '2009-01-01',
  '2012-07-01',
  '2015-07-01',
  '2017-01-01',
].map((d) => Date.parse(`${d}T00:00:00Z`));

/** GPS − UTC in seconds at a Unix instant. */
export const leapSecondsAt = (unixMs: number): number => LEAPS_MS.filter((t) => unixMs >= t).length;

/** Unix ms (UTC) → GPS time in (fractional) seconds since the GPS epoch. */
export const unixMsToGps = (unixMs: number): number => (unixMs - GPS_EPOCH_UNIX_MS) / 1000 + leapSecondsAt(unixMs);

/** GPS seconds since the GPS epoch → Unix ms (UTC). */
export function gpsToUnixMs(gpsSeconds: number): number {
  const approx = GPS_EPOCH_UNIX_MS + gpsSeconds * 1000;
  const leaps = leapSecondsAt(approx - leapSecondsAt(approx) * 1000);
  return approx - leaps * 1000;
}

/**
 * AppTimeAns.TimeCorrection for an AppTimeReq: the whole seconds to add to the device's clock, computed from
 * the network's GPS time of reception of the uplink (both mod 2^32, so the difference is taken as int32).
 */
export function appTimeCorrection(deviceTime: number, serverGpsSeconds: number): number {
  const diff = (Math.round(serverGpsSeconds) - deviceTime) % 0x100000000;
  return diff | 0;
}
