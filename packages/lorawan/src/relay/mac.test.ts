import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type RelayMacCommand, relayMac } from './mac';
import { decodeMacWithRelay } from './mac-mixed';

const h = (s: string) => Buffer.from(s.replace(/\s/g, ''), 'hex');
const KEY = '01020304050607080102030405060708';

// Every vector is derived by hand from the TS011-1.0.0 field layout; the comment maps each byte.
const VECTORS: [RelayMacCommand, 'up' | 'down', string][] = [
  // 40 | ackOffset 5 | DR 4 << 3 | idx bit0 << 7 = a5 | idx bit1 0 | defaultChIdx 0 << 1 | CAD 3 << 2 | start 1 << 5 = 2c | 868.1 MHz
  [
    {
      type: 'RelayConfReq',
      startStop: 1,
      cadPeriodicity: 3,
      defaultChIdx: 0,
      secondChIdx: 1,
      secondChDr: 4,
      secondChAckOffset: 5,
      secondChFreq: 868_100_000,
    },
    'down',
    '40 a5 2c 287684',
  ],
  // No second channel, all zero | defaultChIdx 1 << 1 = 02 | CAD 5 << 2 = 14 → 16 | frequency 0
  [
    {
      type: 'RelayConfReq',
      startStop: 0,
      cadPeriodicity: 5,
      defaultChIdx: 1,
      secondChIdx: 0,
      secondChDr: 0,
      secondChAckOffset: 0,
      secondChFreq: 0,
    },
    'down',
    '40 00 16 000000',
  ],
  // freq ack bit 0, DR ack bit 2, default index ack bit 4 → 0x15
  [
    {
      type: 'RelayConfAns',
      secondChFreqAck: true,
      secondChAckOffsetAck: false,
      secondChDrAck: true,
      secondChIdxAck: false,
      defaultChIdxAck: true,
      cadPeriodicityAck: false,
    },
    'up',
    '40 15',
  ],
  // mode 2 (dynamic) << 2 | smart level 3 = 0b | a5 as above | idx bit1 0 | backoff 63 << 1 = 7e | 868.1 MHz
  [
    {
      type: 'EndDeviceConfReq',
      relayModeActivation: 2,
      smartEnableLevel: 3,
      secondChAckOffset: 5,
      secondChDr: 4,
      secondChIdx: 1,
      backoff: 63,
      secondChFreq: 868_100_000,
    },
    'down',
    '41 0b a5 7e 287684',
  ],
  // freq ack bit 0 | idx ack bit 2 | backoff ack bit 3 = 0x0d
  [
    { type: 'EndDeviceConfAns', secondChFreqAck: true, secondChDrAck: false, secondChIdxAck: true, backoffAck: true },
    'up',
    '41 0d',
  ],
  // len 16 | forward 1 << 5 | idx bit0 1 << 7 = b0 | idx >> 1 = 01 | the 16 EUI bytes reversed
  [
    { type: 'FilterListReq', filterListIdx: 3, filterListAction: 1, filterListEui: '01020304050607080807060504030202' },
    'down',
    '42 b0 01 02020304050607080807060504030201',
  ],
  // len 8 (bit 3: the length is 5 bits wide) | no rule 0 | idx 14: bit0 0, 14 >> 1 = 07 | 8 bytes reversed
  [
    { type: 'FilterListReq', filterListIdx: 14, filterListAction: 0, filterListEui: 'a1b2c3d4e5f60718' },
    'down',
    '42 08 07 1807f6e5d4c3b2a1',
  ],
  // len 0 | filter 2 << 5 = 40 | idx 0: the default rule for every device not listed
  [{ type: 'FilterListReq', filterListIdx: 0, filterListAction: 2, filterListEui: '' }, 'down', '42 40 00'],
  // length ack bit 1 only
  [
    { type: 'FilterListAns', filterListActionAck: false, filterListLenAck: true, combinedRulesAck: false },
    'up',
    '42 02',
  ],
  // idx 03 | reload 60 | bucket 2 << 6 = bc | DevAddr 01020304 LE | WFCnt 128 LE | RootWorSKey as is
  [
    {
      type: 'UpdateUplinkListReq',
      uplinkListIdx: 3,
      reloadRate: 60,
      bucketSize: 2,
      devAddr: '01020304',
      wFCnt: 128,
      rootWorSKey: KEY,
    },
    'down',
    `43 03 bc 04030201 80000000 ${KEY}`,
  ],
  [{ type: 'UpdateUplinkListAns' }, 'up', '43'],
  // idx 3 | remove 1 << 4 = 13
  [{ type: 'CtrlUplinkListReq', uplinkListIdx: 3, ctrlUplinkAction: 1 }, 'down', '44 13'],
  // ack bit 0 | WFCnt 128 LE
  [{ type: 'CtrlUplinkListAns', uplinkListIdxAck: true, wFCnt: 128 }, 'up', '44 01 80000000'],
  // 32-bit LE word: 100 | 90 << 7 | 80 << 14 | 70 << 21 | 3 << 28 = 0x38d42d64 → 64 2d d4 38;
  // sizes 2 | 2 << 2 | 1 << 4 | 3 << 6 = da
  [
    {
      type: 'ConfigureFwdLimitReq',
      overallReloadRate: 100,
      globalUplinkReloadRate: 90,
      notifyReloadRate: 80,
      joinReqReloadRate: 70,
      resetLimitCounter: 3,
      overallLimitSize: 2,
      globalUplinkLimitSize: 2,
      notifyLimitSize: 1,
      joinReqLimitSize: 3,
    },
    'down',
    '45 642dd438 da',
  ],
  [{ type: 'ConfigureFwdLimitAns' }, 'up', '45'],
  // DevAddr LE | SNR −10+20 = 10 | −(−120+15) = 105 << 5 → 16-bit LE 0x0d2a → 2a 0d
  [{ type: 'NotifyNewEndDeviceReq', devAddr: '01020304', worSnr: -10, worRssi: -120 }, 'up', '46 04030201 2a0d'],
];

describe('TS011 relay MAC commands', () => {
  it.each(VECTORS)('%o (%s) ↔ %s', (cmd, dir, hex) => {
    expect(relayMac.encode(cmd).toString('hex')).toBe(hex.replace(/\s/g, ''));
    expect(relayMac.decode(h(hex), dir)).toEqual([cmd]);
  });

  it('reads relay and standard commands mixed in one FOpts', () => {
    // LinkADRAns 03 07 | RelayConfAns 40 3f | DevStatusAns 06 ff 1e | CtrlUplinkListAns 44 00 01000000
    const cmds = decodeMacWithRelay(h('0307 403f 06ff1e 440001000000'), 'up');
    expect(cmds.map((c) => c.type)).toEqual(['LinkADRAns', 'RelayConfAns', 'DevStatusAns', 'CtrlUplinkListAns']);
    expect(cmds[3]).toEqual({ type: 'CtrlUplinkListAns', uplinkListIdxAck: false, wFCnt: 1 });
    expect(() => decodeMacWithRelay(h('0307 47'), 'up')).toThrow(/UNKNOWN_CID/);
    expect(() => decodeMacWithRelay(h('0307 4400'), 'up')).toThrow(/TOO_SHORT/);
    expect(() => decodeMacWithRelay(h('42'), 'down')).toThrow(/TOO_SHORT/);
  });

  it('refuses fields wider than their bits', () => {
    expect(() => relayMac.encode({ ...(VECTORS[0]![0] as RelayMacCommand), cadPeriodicity: 8 } as never)).toThrow(
      /cadPeriodicity/,
    );
    const eui = '00'.repeat(17);
    expect(() =>
      relayMac.encode({ type: 'FilterListReq', filterListIdx: 0, filterListAction: 1, filterListEui: eui }),
    ).toThrow(/at most 16/);
  });

  it('round-trips FilterListReq and ConfigureFwdLimitReq over their whole ranges', () => {
    const hex = fc.uint8Array({ maxLength: 16 }).map((u) => Buffer.from(u).toString('hex'));
    const filter = fc.record({
      type: fc.constant('FilterListReq' as const),
      filterListIdx: fc.integer({ min: 0, max: 15 }),
      filterListAction: fc.integer({ min: 0, max: 3 }),
      filterListEui: hex,
    });
    const r7 = fc.integer({ min: 0, max: 127 });
    const r2 = fc.integer({ min: 0, max: 3 });
    const fwd = fc.record({
      type: fc.constant('ConfigureFwdLimitReq' as const),
      overallReloadRate: r7,
      globalUplinkReloadRate: r7,
      notifyReloadRate: r7,
      joinReqReloadRate: r7,
      resetLimitCounter: r2,
      overallLimitSize: r2,
      globalUplinkLimitSize: r2,
      notifyLimitSize: r2,
      joinReqLimitSize: r2,
    });
    fc.assert(
      fc.property(fc.array(fc.oneof(filter, fwd), { maxLength: 4 }), (cmds) => {
        expect(relayMac.decode(relayMac.encodeAll(cmds), 'down')).toEqual(cmds);
      }),
    );
  });

  it('round-trips NotifyNewEndDeviceReq within the power ranges', () => {
    const cmd = fc.record({
      type: fc.constant('NotifyNewEndDeviceReq' as const),
      devAddr: fc.uint8Array({ minLength: 4, maxLength: 4 }).map((u) => Buffer.from(u).toString('hex')),
      worSnr: fc.integer({ min: -20, max: 11 }),
      worRssi: fc.integer({ min: -142, max: -15 }),
    });
    fc.assert(
      fc.property(cmd, (c) => {
        expect(relayMac.decode(relayMac.encode(c), 'up')).toEqual([c]);
      }),
    );
  });
});
