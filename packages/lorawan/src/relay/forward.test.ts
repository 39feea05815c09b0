import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LorawanError } from '../errors';
import {
  decodeForwardDownlinkReq,
  decodeForwardUplinkReq,
  decodeUplinkMetadata,
  encodeForwardDownlinkReq,
  encodeForwardUplinkReq,
  encodeUplinkMetadata,
  type ForwardUplinkReq,
} from './forward';

const h = (s: string) => Buffer.from(s.replace(/\s/g, ''), 'hex');
const phy = h('40 04030201 80 0100 01 a6 94642615');

// Derived by hand from the TS011 layout (24-bit little-endian metadata word, then 3-byte frequency / 100 Hz).
const VECTORS: [ForwardUplinkReq, string][] = [
  [
    // DR 5 | (SNR 9+20=29=0b11101: low nibble 0xd << 4) = 0xd5; (SNR bit 4 = 1) | (RSSI −(−110+15)=95 << 1) = 0xbf;
    // WOR channel 1 = 0x01; 868.1 MHz = 8681000 = 0x847628 → 28 76 84; then the PHYPayload e0 01 02 03.
    { metadata: { dataRate: 5, snr: 9, rssi: -110, worChannel: 1 }, frequency: 868_100_000, phyPayload: h('e0010203') },
    'd5 bf 01 287684 e0010203',
  ],
  [
    // Lowest ends: DR 0, SNR −20 → 0, RSSI −142 → 127 << 1 = 0xfe; channel 0; 869.525 MHz = 0x84add2.
    { metadata: { dataRate: 0, snr: -20, rssi: -142, worChannel: 0 }, frequency: 869_525_000, phyPayload: phy },
    `00 fe 00 d2ad84 ${phy.toString('hex')}`,
  ],
  [
    // Highest ends: DR 12 | (SNR 11+20=31: nibble 0xf << 4) = 0xfc; SNR bit 4 = 1, RSSI −15 → 0 → 0x01;
    // channel 1; 923.2 MHz = 9232000 = 0x8cde80.
    { metadata: { dataRate: 12, snr: 11, rssi: -15, worChannel: 1 }, frequency: 923_200_000, phyPayload: phy },
    `fc 01 01 80de8c ${phy.toString('hex')}`,
  ],
];

describe('TS011 ForwardUplinkReq', () => {
  it.each(VECTORS)('encodes and decodes %#', (req, hex) => {
    expect(encodeForwardUplinkReq(req).toString('hex')).toBe(hex.replace(/\s/g, ''));
    const back = decodeForwardUplinkReq(h(hex));
    expect({ ...back, phyPayload: Buffer.from(back.phyPayload) }).toEqual({
      ...req,
      phyPayload: Buffer.from(req.phyPayload),
    });
  });

  it('sends a measurement beyond the field as its nearest end and rounds fractions', () => {
    const m = (snr: number, rssi: number) => encodeUplinkMetadata({ dataRate: 5, snr, rssi, worChannel: 0 });
    expect(m(20, -10)).toEqual(m(11, -15));
    expect(m(-30, -160)).toEqual(m(-20, -142));
    expect(decodeUplinkMetadata(m(7.6, -99.4))).toMatchObject({ snr: 8, rssi: -99 });
  });

  it('ignores the RFU bits and refuses the reserved WOR channels', () => {
    expect(decodeUplinkMetadata(h('d5bffd')).worChannel).toBe(1);
    expect(() => decodeUplinkMetadata(h('d5bf02'))).toThrow(LorawanError);
  });

  it('refuses out-of-range fields and short input', () => {
    const base = VECTORS[0]![0];
    expect(() => encodeForwardUplinkReq({ ...base, metadata: { ...base.metadata, dataRate: 16 } })).toThrow(/dataRate/);
    expect(() => encodeForwardUplinkReq({ ...base, frequency: 868_100_050 })).toThrow(/multiple of 100/);
    expect(() => decodeForwardUplinkReq(h('d5bf01287684'))).toThrow(/TOO_SHORT/);
  });

  it('round-trips every valid request', () => {
    const req = fc.record({
      metadata: fc.record({
        dataRate: fc.integer({ min: 0, max: 15 }),
        snr: fc.integer({ min: -20, max: 11 }),
        rssi: fc.integer({ min: -142, max: -15 }),
        worChannel: fc.constantFrom(0 as const, 1 as const),
      }),
      frequency: fc.integer({ min: 0, max: 0xffffff }).map((f) => f * 100),
      phyPayload: fc.uint8Array({ minLength: 1, maxLength: 255 }).map((u) => Buffer.from(u)),
    });
    fc.assert(
      fc.property(req, (r) => {
        const back = decodeForwardUplinkReq(encodeForwardUplinkReq(r));
        expect({ ...back, phyPayload: Buffer.from(back.phyPayload) }).toEqual(r);
      }),
    );
  });
});

describe('TS011 ForwardDownlinkReq', () => {
  it('is the bare PHYPayload of the end-device', () => {
    // A proprietary MHDR (0xe0) and three bytes: nothing is added around it.
    expect(encodeForwardDownlinkReq({ phyPayload: h('e0010203') }).toString('hex')).toBe('e0010203');
    expect(Buffer.from(decodeForwardDownlinkReq(h('e0010203')).phyPayload).toString('hex')).toBe('e0010203');
    expect(() => decodeForwardDownlinkReq(new Uint8Array())).toThrow(/TOO_SHORT/);
  });
});
