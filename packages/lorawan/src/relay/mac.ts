import { type AppCommandDef, le, makeAppCodec, needAtLeast, rdLe } from '../applayer/codec';
import { fromHexReversed, readFreq, toHex, toHexReversed, toKey, writeFreq } from '../bytes';
import { checkInt, fail } from '../errors';
import type { RelayMacFields } from './mac-fields';

export type { RelayMacCommand, RelayMacFields } from './mac-fields';

const n = (name: string, v: number, max: number): number => checkInt(name, v, 0, max);
const flags = (b: number, names: readonly string[]) =>
  Object.fromEntries(names.map((k, i) => [k, (b & (1 << i)) !== 0]));
const unflags = (c: Record<string, unknown>, names: readonly string[]) =>
  names.reduce((v, k, i) => v | (c[k] ? 1 << i : 0), 0);
const freq = (hz: number): number[] => {
  const b = Buffer.alloc(3);
  writeFreq(b, 0, hz, 'secondChFreq');
  return [...b];
};
const ans = <F>(cid: number, names: readonly string[]): AppCommandDef<F> => ({
  cid,
  dir: 'up',
  size: 1,
  dec: (b, o) => flags(b[o]!, names) as F,
  enc: (c) => [unflags(c as Record<string, unknown>, names)],
});
const empty = (cid: number) => ({ cid, dir: 'up' as const, size: 0, dec: () => ({}), enc: () => [] });

/** Answer bits, bit 0 first. */
const RELAY_CONF_ANS = [
  'secondChFreqAck',
  'secondChAckOffsetAck',
  'secondChDrAck',
  'secondChIdxAck',
  'defaultChIdxAck',
  'cadPeriodicityAck',
];
const ED_CONF_ANS = ['secondChFreqAck', 'secondChDrAck', 'secondChIdxAck', 'backoffAck'];

/** Byte 0 of both channel settings: ack offset 2..0, DR 6..3, bit 0 of the 2-bit channel index in bit 7. */
const chByte0 = (c: { secondChAckOffset: number; secondChDr: number; secondChIdx: number }) =>
  n('secondChAckOffset', c.secondChAckOffset, 7) |
  (n('secondChDr', c.secondChDr, 15) << 3) |
  ((c.secondChIdx & 1) << 7);
const chDec0 = (b0: number, b1: number) => ({
  secondChAckOffset: b0 & 0x07,
  secondChDr: (b0 >> 3) & 0x0f,
  secondChIdx: (b0 >> 7) | ((b1 & 0x01) << 1),
});

/** Power level: SNR + 20 in bits 4..0, −(RSSI + 15) in bits 11..5; measurements beyond are sent as the nearest end. */
const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, Math.round(v)));

export const RELAY_MAC_DEFS: { [K in keyof RelayMacFields]: AppCommandDef<RelayMacFields[K]> } = {
  RelayConfReq: {
    cid: 0x40,
    dir: 'down',
    size: 5,
    dec: (b, o) => ({
      ...chDec0(b[o]!, b[o + 1]!),
      defaultChIdx: (b[o + 1]! >> 1) & 1,
      cadPeriodicity: (b[o + 1]! >> 2) & 0x07,
      startStop: (b[o + 1]! >> 5) & 1,
      secondChFreq: readFreq(b, o + 2),
    }),
    enc: (c) => [
      chByte0({ ...c, secondChIdx: n('secondChIdx', c.secondChIdx, 3) }),
      (c.secondChIdx >> 1) |
        (n('defaultChIdx', c.defaultChIdx, 1) << 1) |
        (n('cadPeriodicity', c.cadPeriodicity, 7) << 2) |
        (n('startStop', c.startStop, 1) << 5),
      ...freq(c.secondChFreq),
    ],
  },
  RelayConfAns: ans(0x40, RELAY_CONF_ANS),
  EndDeviceConfReq: {
    cid: 0x41,
    dir: 'down',
    size: 6,
    dec: (b, o) => ({
      relayModeActivation: (b[o]! >> 2) & 0x03,
      smartEnableLevel: b[o]! & 0x03,
      ...chDec0(b[o + 1]!, b[o + 2]!),
      backoff: (b[o + 2]! >> 1) & 0x3f,
      secondChFreq: readFreq(b, o + 3),
    }),
    enc: (c) => [
      (n('relayModeActivation', c.relayModeActivation, 3) << 2) | n('smartEnableLevel', c.smartEnableLevel, 3),
      chByte0({ ...c, secondChIdx: n('secondChIdx', c.secondChIdx, 3) }),
      (c.secondChIdx >> 1) | (n('backoff', c.backoff, 63) << 1),
      ...freq(c.secondChFreq),
    ],
  },
  EndDeviceConfAns: ans(0x41, ED_CONF_ANS),
  FilterListReq: {
    cid: 0x42,
    dir: 'down',
    size: (b, o, left) => {
      needAtLeast(left, 2, 'FilterListReq');
      return 2 + (b[o]! & 0x1f);
    },
    dec: (b, o, len) => ({
      filterListIdx: (b[o]! >> 7) | ((b[o + 1]! & 0x07) << 1),
      filterListAction: (b[o]! >> 5) & 0x03,
      filterListEui: toHexReversed(b.subarray(o + 2, o + len)),
    }),
    enc: (c) => {
      const eui =
        c.filterListEui.length === 0 ? Buffer.alloc(0) : fromHexReversed(c.filterListEui, c.filterListEui.length / 2);
      if (eui.length > 16) fail('BAD_FIELD', 'filterListEui is at most 16 bytes');
      const idx = n('filterListIdx', c.filterListIdx, 15);
      return [eui.length | (n('filterListAction', c.filterListAction, 3) << 5) | ((idx & 1) << 7), idx >> 1, ...eui];
    },
  },
  FilterListAns: ans(0x42, ['filterListActionAck', 'filterListLenAck', 'combinedRulesAck']),
  UpdateUplinkListReq: {
    cid: 0x43,
    dir: 'down',
    size: 26,
    dec: (b, o) => ({
      uplinkListIdx: b[o]! & 0x0f,
      reloadRate: b[o + 1]! & 0x3f,
      bucketSize: b[o + 1]! >> 6,
      devAddr: toHexReversed(b.subarray(o + 2, o + 6)),
      wFCnt: rdLe(b, o + 6, 4),
      rootWorSKey: toHex(b.subarray(o + 10, o + 26)),
    }),
    enc: (c) => [
      n('uplinkListIdx', c.uplinkListIdx, 15),
      n('reloadRate', c.reloadRate, 63) | (n('bucketSize', c.bucketSize, 3) << 6),
      ...fromHexReversed(c.devAddr, 4, 'devAddr'),
      ...le(n('wFCnt', c.wFCnt, 0xffffffff), 4),
      ...toKey(c.rootWorSKey, 'rootWorSKey'),
    ],
  },
  UpdateUplinkListAns: empty(0x43),
  CtrlUplinkListReq: {
    cid: 0x44,
    dir: 'down',
    size: 1,
    dec: (b, o) => ({ uplinkListIdx: b[o]! & 0x0f, ctrlUplinkAction: (b[o]! >> 4) & 1 }),
    enc: (c) => [n('uplinkListIdx', c.uplinkListIdx, 15) | (n('ctrlUplinkAction', c.ctrlUplinkAction, 1) << 4)],
  },
  CtrlUplinkListAns: {
    cid: 0x44,
    dir: 'up',
    size: 5,
    dec: (b, o) => ({ uplinkListIdxAck: (b[o]! & 1) !== 0, wFCnt: rdLe(b, o + 1, 4) }),
    enc: (c) => [c.uplinkListIdxAck ? 1 : 0, ...le(n('wFCnt', c.wFCnt, 0xffffffff), 4)],
  },
  ConfigureFwdLimitReq: {
    cid: 0x45,
    dir: 'down',
    size: 5,
    dec: (b, o) => {
      const w = rdLe(b, o, 4);
      return {
        overallReloadRate: w & 0x7f,
        globalUplinkReloadRate: (w >>> 7) & 0x7f,
        notifyReloadRate: (w >>> 14) & 0x7f,
        joinReqReloadRate: (w >>> 21) & 0x7f,
        resetLimitCounter: (w >>> 28) & 0x03,
        overallLimitSize: b[o + 4]! & 0x03,
        globalUplinkLimitSize: (b[o + 4]! >> 2) & 0x03,
        notifyLimitSize: (b[o + 4]! >> 4) & 0x03,
        joinReqLimitSize: b[o + 4]! >> 6,
      };
    },
    enc: (c) => {
      const w =
        n('overallReloadRate', c.overallReloadRate, 127) +
        n('globalUplinkReloadRate', c.globalUplinkReloadRate, 127) * 2 ** 7 +
        n('notifyReloadRate', c.notifyReloadRate, 127) * 2 ** 14 +
        n('joinReqReloadRate', c.joinReqReloadRate, 127) * 2 ** 21 +
        n('resetLimitCounter', c.resetLimitCounter, 3) * 2 ** 28;
      const sizes =
        n('overallLimitSize', c.overallLimitSize, 3) |
        (n('globalUplinkLimitSize', c.globalUplinkLimitSize, 3) << 2) |
        (n('notifyLimitSize', c.notifyLimitSize, 3) << 4) |
        (n('joinReqLimitSize', c.joinReqLimitSize, 3) << 6);
      return [...le(w, 4), sizes];
    },
  },
  ConfigureFwdLimitAns: empty(0x45),
  NotifyNewEndDeviceReq: {
    cid: 0x46,
    dir: 'up',
    size: 6,
    dec: (b, o) => {
      const p = rdLe(b, o + 4, 2);
      return {
        devAddr: toHexReversed(b.subarray(o, o + 4)),
        worSnr: (p & 0x1f) - 20,
        worRssi: -((p >> 5) & 0x7f) - 15,
      };
    },
    enc: (c) => {
      if (!Number.isFinite(c.worSnr) || !Number.isFinite(c.worRssi)) fail('BAD_FIELD', 'worSnr/worRssi must be finite');
      const p = (clamp(c.worSnr, -20, 11) + 20) | (-(clamp(c.worRssi, -142, -15) + 15) << 5);
      return [...fromHexReversed(c.devAddr, 4, 'devAddr'), ...le(p, 2)];
    },
  },
};

/** Encodes/decodes a run made only of relay commands; mixed with standard ones, use decodeMacWithRelay. */
export const relayMac = makeAppCodec<RelayMacFields>('TS011', RELAY_MAC_DEFS);
