import { createCipheriv } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { beaconTime, gpsTimeMs, nextPingSlot, pingOffset, pingSlots, unixTimeMs } from './classb';

// An independent AES-128-ECB for the pseudo-random block.
const aes0 = (block: Buffer) => {
  const c = createCipheriv('aes-128-ecb', Buffer.alloc(16), null);
  c.setAutoPadding(false);
  return Buffer.concat([c.update(block), c.final()]);
};

describe('class B timing', () => {
  it('converts to GPS time with the epoch of 1980-01-06 and 18 leap seconds', () => {
    expect(gpsTimeMs(Date.UTC(1980, 0, 6))).toBe(18_000);
    // 2020-01-01T00:00:00Z is GPS 1261872018 s.
    expect(gpsTimeMs(Date.UTC(2020, 0, 1))).toBe(1_261_872_018_000);
    expect(unixTimeMs(gpsTimeMs(1_700_000_000_000))).toBe(1_700_000_000_000);
  });

  it('beacon periods start every 128 GPS seconds', () => {
    expect(beaconTime(1_261_872_018_000)).toBe(1_261_872_000);
    expect(beaconTime(128_000)).toBe(128);
    expect(beaconTime(127_999)).toBe(0);
  });

  it('pingOffset is (Rand[0] + 256·Rand[1]) mod pingPeriod of the AES block of beacon time and DevAddr, little-endian', () => {
    const block = Buffer.from('80cc374b' + '04030201' + '0000000000000000', 'hex');
    const rand = aes0(block);
    const beacon = 0x4b37cc80;
    expect(pingOffset(beacon, '01020304', 4096)).toBe((rand[0]! + rand[1]! * 256) % 4096);
    expect(pingOffset(beacon, '01020304', 32)).toBe((rand[0]! + rand[1]! * 256) % 32);
  });

  it('opens 2^(7-p) slots per beacon period, 30 ms · 2^(5+p) apart after the 2.12 s reserved window', () => {
    const beacon = 1_261_871_872;
    const fast = pingSlots(beacon, '26011bda', 0);
    expect(fast).toHaveLength(128);
    expect(fast[1]! - fast[0]!).toBe(960);
    const slow = pingSlots(beacon, '26011bda', 7);
    expect(slow).toHaveLength(1);
    expect(slow[0]).toBe(beacon * 1000 + 2120 + pingOffset(beacon, '26011bda', 4096) * 30);
  });

  it('the next ping slot is the first at or after now, in the next beacon period when this one has none left', () => {
    const beacon = 1_261_871_872;
    const [only] = pingSlots(beacon, '26011bda', 7);
    expect(nextPingSlot({ nowGpsMs: beacon * 1000, devAddr: '26011bda', periodicity: 7 })).toBe(only);
    const after = nextPingSlot({ nowGpsMs: only! + 1, devAddr: '26011bda', periodicity: 7 });
    expect(after).toBe(pingSlots(beacon + 128, '26011bda', 7)[0]);
  });
});
