import { aesEncrypt } from './aes';

/**
 * Class B timing (LoRaWAN 1.0.4 class B): beacons every 128 s on GPS time, a 2.12 s beacon
 * reserved window, then 4096 ping slots of 30 ms. A device (or a multicast group, by its McAddr)
 * with periodicity p opens pingNb = 2^(7-p) slots per beacon period, pingPeriod = 2^(5+p) slots apart,
 * starting at a pseudo-random pingOffset that changes each beacon period. Which channel and data
 * rate a slot uses depends on the region: classb-channels.ts.
 */
export const BEACON_PERIOD_MS = 128_000;
export const BEACON_RESERVED_MS = 2_120;
export const PING_SLOT_MS = 30;
const SLOTS = 4096;
/** Unix ms of the GPS epoch (1980-01-06T00:00:00Z). */
const GPS_EPOCH_UNIX_MS = 315_964_800_000;
/** GPS is ahead of UTC by the leap seconds since 1980 (18 since 2017). */
export const LEAP_SECONDS = 18;

export const gpsTimeMs = (unixMs: number): number => unixMs - GPS_EPOCH_UNIX_MS + LEAP_SECONDS * 1000;
export const unixTimeMs = (gpsMs: number): number => gpsMs + GPS_EPOCH_UNIX_MS - LEAP_SECONDS * 1000;

/** The beacon period `gpsMs` falls in: its start in GPS seconds (a multiple of 128). */
export const beaconTime = (gpsMs: number): number => Math.floor(gpsMs / BEACON_PERIOD_MS) * (BEACON_PERIOD_MS / 1000);

/** Slots between two ping slots of a periodicity (0..7). */
export const pingPeriodOf = (periodicity: number): number => 2 ** (5 + periodicity);

/** Rand = aes128_encrypt(0^16, beaconTime(4 LE) | DevAddr(4 LE) | 0^8); (Rand[0] + Rand[1]·256) mod pingPeriod. */
export function pingOffset(beaconTimeS: number, devAddr: string, pingPeriod: number): number {
  const block = Buffer.alloc(16);
  block.writeUInt32LE(beaconTimeS >>> 0, 0);
  block.writeUInt32LE(Number.parseInt(devAddr, 16) >>> 0, 4);
  const rand = aesEncrypt(Buffer.alloc(16), block);
  return (rand[0]! + rand[1]! * 256) % pingPeriod;
}

/** GPS ms of the ping slots of one beacon period. */
export function pingSlots(beaconTimeS: number, devAddr: string, periodicity: number): number[] {
  const period = pingPeriodOf(periodicity);
  const offset = pingOffset(beaconTimeS, devAddr, period);
  const start = beaconTimeS * 1000 + BEACON_RESERVED_MS;
  const slots: number[] = [];
  for (let n = offset; n < SLOTS; n += period) slots.push(start + n * PING_SLOT_MS);
  return slots;
}

/** GPS ms of the first ping slot that starts at or after `nowGpsMs`. */
export function nextPingSlot(opts: { nowGpsMs: number; devAddr: string; periodicity: number }): number {
  let beacon = beaconTime(opts.nowGpsMs);
  for (;;) {
    const slot = pingSlots(beacon, opts.devAddr, opts.periodicity).find((t) => t >= opts.nowGpsMs);
    if (slot !== undefined) return slot;
    beacon += BEACON_PERIOD_MS / 1000;
  }
}
