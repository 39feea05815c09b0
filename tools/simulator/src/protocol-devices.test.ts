import { decodeRhf3m485, encodeRhf3m485 } from '@lns/lorawan/relay/rhf3m485';
import { decodeRhf3mr01, encodeRhf3mr01 } from '@lns/lorawan/relay/rhf3mr01';
import { describe, expect, it } from 'vitest';
import { LADTP_FACTORY_CONFIG, LadtpDevice } from './ladtp-device';
import { RELAY_FACTORY_CONFIG, Rhf3mr01Device } from './rhf3mr01-device';

const hex = (s: string) => Buffer.from(s.replace(/ /g, ''), 'hex');

describe('the simulated relay (docs/protocols/rhf3mr01.md)', () => {
  it('answers the page’s requests byte for byte: StatusReq, BindReq', () => {
    const r = new Rhf3mr01Device();
    r.slaves.set('8899aabbccddeeff', { devEUI: '8899aabbccddeeff', devAddr: '26011f2c', status: 1 });
    r.slaves.set('1899aabbccddeeff', { devEUI: '1899aabbccddeeff', devAddr: '26011f2d', status: 1 });
    r.slaves.set('2899aabbccddeeff', { devEUI: '2899aabbccddeeff', devAddr: '26011f2e', status: 1 });
    expect(r.handle(hex('01 01 07'), 51)).toEqual(hex('01 81 07 00 00 01 01 03 57 24 0e eb 00 01'));
    expect(r.handle(hex('01 03 0a 77 66 55 44 33 22 11 00 04 03 02 01'), 51)).toEqual(hex('01 83 0a 00'));
    expect(r.slaves.get('0011223344556677')).toEqual({ devEUI: '0011223344556677', devAddr: '01020304', status: 1 });
  });

  it('refuses a configuration out of range as a whole (result 3), keeps its own; version 1 and unknown type 2', () => {
    const r = new Rhf3mr01Device();
    const bad = { ...RELAY_FACTORY_CONFIG, hbDelayMax: 100 };
    // The server's codec refuses to write such a block: it is built by hand from the page's layout.
    const good = encodeRhf3mr01({ type: 'ConfigSetReq', token: 14, config: RELAY_FACTORY_CONFIG });
    const raw = Buffer.from(good);
    raw.writeUInt32LE(bad.hbDelayMax, 3 + 9 + 4);
    expect(decodeRhf3mr01(r.handle(raw, 51)!, 'up')).toEqual({ type: 'ConfigSetAns', token: 14, result: 3 });
    expect(r.config).toEqual(RELAY_FACTORY_CONFIG);
    expect(r.handle(hex('02 01 07'), 51)).toEqual(hex('01 81 07 01'));
    expect(r.handle(hex('01 3e 07'), 51)).toEqual(hex('01 be 07 02'));
    expect(r.handle(hex('01 04 0b 77 66 55 44 33 22 11 00'), 51)).toEqual(hex('01 84 0b 05'));
  });

  it('pages its slave list to the payload size (at least 1 entry)', () => {
    const r = new Rhf3mr01Device();
    for (let i = 0; i < 5; i++) {
      const devEUI = `00000000000000${i}0`;
      r.slaves.set(devEUI, { devEUI, devAddr: `0000000${i}`, status: 1 });
    }
    const a = decodeRhf3mr01(r.handle(hex('01 02 09 00'), 51)!, 'up');
    expect(a).toMatchObject({ type: 'SlaveListAns', body: { total: 5, start: 0 } });
    expect((a as { body: { items: unknown[] } }).body.items).toHaveLength(3);
    const b = decodeRhf3mr01(r.handle(hex('01 02 0a 04'), 11)!, 'up');
    expect((b as { body: { start: number; items: unknown[] } }).body).toMatchObject({ start: 4, items: [{}] });
  });
});

describe('the simulated ladtp (docs/protocols/rhf3m485.md)', () => {
  it('confirms a configuration with the block now in effect; refuses an unknown baud rate with the old one', () => {
    const l = new LadtpDevice();
    expect(l.handle(hex('01 01 01 02 00 04 00 08 06 0b'), 51)).toEqual([hex('01 81 01 00 02 00 04 00 08 06 0b')]);
    const refused = l.handle(hex('01 01 02 02 00 0b 00 08 06 0b'), 51);
    expect(decodeRhf3m485(refused[0]!, 'up')).toMatchObject({ type: 'ConfigSetAns', token: 2, result: 3 });
    expect(l.config.baudrate).toBe(9600);
  });

  it('cuts a 300-byte bus frame into 7 DataParts of 46 bytes at 51 bytes, or drops it with sub-packets off', () => {
    const l = new LadtpDevice();
    const frame = Buffer.alloc(300, 0x5a);
    expect(l.busFrame(frame, 51)).toEqual([]);
    expect(l.rs485Errors).toBe(1);
    l.config = { ...LADTP_FACTORY_CONFIG, isSubPacket: true };
    const parts = l.busFrame(frame, 51).map((b) => decodeRhf3m485(b, 'up'));
    expect(parts.map((p) => p.type === 'DataPartUp' && [p.index, p.total, p.bytes.length / 2])).toEqual([
      [0, 7, 46],
      [1, 7, 46],
      [2, 7, 46],
      [3, 7, 46],
      [4, 7, 46],
      [5, 7, 46],
      [6, 7, 25],
    ]);
    expect(l.busFrame(Buffer.alloc(10, 1), 51)).toHaveLength(1);
  });

  it('writes DataDown and reassembled DataPartDowns onto the bus; answers status', () => {
    const l = new LadtpDevice();
    l.handle(hex('01 10 00 01 03 00 00 00 02 c4 0b'), 51);
    l.handle(encodeRhf3m485({ type: 'DataPartDown', frameId: 9, index: 1, total: 2, bytes: 'c40b' }), 51);
    l.handle(encodeRhf3m485({ type: 'DataPartDown', frameId: 9, index: 0, total: 2, bytes: '00aabb' }), 51);
    expect(l.written).toEqual(['010300000002c40b', 'aabbc40b']);
    expect(decodeRhf3m485(l.handle(hex('01 03 03'), 51)[0]!, 'up')).toMatchObject({
      type: 'StatusAns',
      token: 3,
      result: 0,
    });
  });
});
