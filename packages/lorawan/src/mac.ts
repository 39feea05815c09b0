import { readFreq, writeFreq } from './bytes';
import { checkInt, fail } from './errors';

/**
 * MAC commands of LoRaWAN 1.0.4 (plus the cheap 1.1 ones: Reset, Rekey, ADRParamSetup, ForceRejoin,
 * RejoinParamSetup, DeviceMode). Uplink = sent by the end-device, downlink = sent by the network.
 * Frequencies are in Hz (encoded as 24-bit multiples of 100 Hz).
 */
export interface MacCommandFields {
  ResetInd: { minor: number };
  ResetConf: { minor: number };
  LinkCheckReq: Record<never, never>;
  LinkCheckAns: { margin: number; gwCnt: number };
  LinkADRReq: { dataRate: number; txPower: number; chMask: number; chMaskCntl: number; nbTrans: number };
  LinkADRAns: { powerAck: boolean; dataRateAck: boolean; channelMaskAck: boolean };
  DutyCycleReq: { maxDutyCycle: number };
  DutyCycleAns: Record<never, never>;
  RXParamSetupReq: { rx1DrOffset: number; rx2DataRate: number; frequency: number };
  RXParamSetupAns: { rx1DrOffsetAck: boolean; rx2DataRateAck: boolean; channelAck: boolean };
  DevStatusReq: Record<never, never>;
  /** battery: 0 = external power, 1..254 level, 255 = unknown. margin: SNR in dB, -32..31. */
  DevStatusAns: { battery: number; margin: number };
  NewChannelReq: { chIndex: number; frequency: number; minDr: number; maxDr: number };
  NewChannelAns: { dataRateRangeOk: boolean; channelFrequencyOk: boolean };
  /** delay: 0..15 seconds (0 means 1 s). */
  RXTimingSetupReq: { delay: number };
  RXTimingSetupAns: Record<never, never>;
  /** maxEirp: index 0..15 into the MaxEIRP table (8..36 dBm). */
  TxParamSetupReq: { downlinkDwellTime: boolean; uplinkDwellTime: boolean; maxEirp: number };
  TxParamSetupAns: Record<never, never>;
  DlChannelReq: { chIndex: number; frequency: number };
  DlChannelAns: { uplinkFrequencyExists: boolean; channelFrequencyOk: boolean };
  RekeyInd: { minor: number };
  RekeyConf: { minor: number };
  ADRParamSetupReq: { limitExp: number; delayExp: number };
  ADRParamSetupAns: Record<never, never>;
  DeviceTimeReq: Record<never, never>;
  /** seconds since the GPS epoch; fractional in 1/256 s. */
  DeviceTimeAns: { seconds: number; fractional: number };
  ForceRejoinReq: { period: number; maxRetries: number; rejoinType: number; dataRate: number };
  RejoinParamSetupReq: { maxTimeN: number; maxCountN: number };
  RejoinParamSetupAns: { timeOk: boolean };
  /** periodicity 0..7: ping every 2^periodicity seconds. */
  PingSlotInfoReq: { periodicity: number };
  PingSlotInfoAns: Record<never, never>;
  PingSlotChannelReq: { frequency: number; dataRate: number };
  PingSlotChannelAns: { dataRateOk: boolean; channelFrequencyOk: boolean };
  /** Deprecated since 1.0.3 (kept for older class-B devices). */
  BeaconTimingReq: Record<never, never>;
  BeaconTimingAns: { delay: number; channel: number };
  BeaconFreqReq: { frequency: number };
  BeaconFreqAns: { beaconFrequencyOk: boolean };
  DeviceModeInd: { classMode: number };
  DeviceModeConf: { classMode: number };
}

export type MacCommandType = keyof MacCommandFields;
export type MacCommand = { [K in MacCommandType]: { type: K } & MacCommandFields[K] }[MacCommandType];
export type MacDirection = 'up' | 'down';

interface Def<K extends MacCommandType> {
  cid: number;
  dir: MacDirection;
  len: number;
  dec: (b: Uint8Array, o: number) => MacCommandFields[K];
  enc: (c: MacCommandFields[K], b: Uint8Array, o: number) => void;
}

const none = { dec: () => ({}) as Record<never, never>, enc: () => {} };
const bit = (v: number, n: number): boolean => (v & (1 << n)) !== 0;
const u8 = (name: string, v: number, max = 255) => checkInt(name, v, 0, max);

const DEFS: { [K in MacCommandType]: Def<K> } = {
  ResetInd: {
    cid: 0x01,
    dir: 'up',
    len: 1,
    dec: (b, o) => ({ minor: b[o]! & 0x0f }),
    enc: (c, b, o) => {
      b[o] = u8('minor', c.minor, 15);
    },
  },
  ResetConf: {
    cid: 0x01,
    dir: 'down',
    len: 1,
    dec: (b, o) => ({ minor: b[o]! & 0x0f }),
    enc: (c, b, o) => {
      b[o] = u8('minor', c.minor, 15);
    },
  },
  LinkCheckReq: { cid: 0x02, dir: 'up', len: 0, ...none },
  LinkCheckAns: {
    cid: 0x02,
    dir: 'down',
    len: 2,
    dec: (b, o) => ({
      margin: b[o]! === 255 ? fail('BAD_FIELD', 'LinkCheckAns margin 255 is reserved') : b[o]!,
      gwCnt: b[o + 1]!,
    }),
    enc: (c, b, o) => {
      b[o] = u8('margin', c.margin, 254);
      b[o + 1] = u8('gwCnt', c.gwCnt);
    },
  },
  LinkADRReq: {
    cid: 0x03,
    dir: 'down',
    len: 4,
    dec: (b, o) => ({
      dataRate: b[o]! >> 4,
      txPower: b[o]! & 0x0f,
      chMask: b[o + 1]! | (b[o + 2]! << 8),
      chMaskCntl: (b[o + 3]! >> 4) & 0x07,
      nbTrans: b[o + 3]! & 0x0f,
    }),
    enc: (c, b, o) => {
      b[o] = (u8('dataRate', c.dataRate, 15) << 4) | u8('txPower', c.txPower, 15);
      u8('chMask', c.chMask, 0xffff);
      b[o + 1] = c.chMask & 0xff;
      b[o + 2] = c.chMask >> 8;
      b[o + 3] = (u8('chMaskCntl', c.chMaskCntl, 7) << 4) | u8('nbTrans', c.nbTrans, 15);
    },
  },
  LinkADRAns: {
    cid: 0x03,
    dir: 'up',
    len: 1,
    dec: (b, o) => ({ powerAck: bit(b[o]!, 2), dataRateAck: bit(b[o]!, 1), channelMaskAck: bit(b[o]!, 0) }),
    enc: (c, b, o) => {
      b[o] = (c.powerAck ? 4 : 0) | (c.dataRateAck ? 2 : 0) | (c.channelMaskAck ? 1 : 0);
    },
  },
  DutyCycleReq: {
    cid: 0x04,
    dir: 'down',
    len: 1,
    dec: (b, o) => ({ maxDutyCycle: b[o]! & 0x0f }),
    enc: (c, b, o) => {
      b[o] = u8('maxDutyCycle', c.maxDutyCycle, 15);
    },
  },
  DutyCycleAns: { cid: 0x04, dir: 'up', len: 0, ...none },
  RXParamSetupReq: {
    cid: 0x05,
    dir: 'down',
    len: 4,
    dec: (b, o) => ({ rx1DrOffset: (b[o]! >> 4) & 0x07, rx2DataRate: b[o]! & 0x0f, frequency: readFreq(b, o + 1) }),
    enc: (c, b, o) => {
      b[o] = (u8('rx1DrOffset', c.rx1DrOffset, 7) << 4) | u8('rx2DataRate', c.rx2DataRate, 15);
      writeFreq(b, o + 1, c.frequency);
    },
  },
  RXParamSetupAns: {
    cid: 0x05,
    dir: 'up',
    len: 1,
    dec: (b, o) => ({ rx1DrOffsetAck: bit(b[o]!, 2), rx2DataRateAck: bit(b[o]!, 1), channelAck: bit(b[o]!, 0) }),
    enc: (c, b, o) => {
      b[o] = (c.rx1DrOffsetAck ? 4 : 0) | (c.rx2DataRateAck ? 2 : 0) | (c.channelAck ? 1 : 0);
    },
  },
  DevStatusReq: { cid: 0x06, dir: 'down', len: 0, ...none },
  DevStatusAns: {
    cid: 0x06,
    dir: 'up',
    len: 2,
    dec: (b, o) => {
      const m = b[o + 1]! & 0x3f;
      return { battery: b[o]!, margin: m >= 32 ? m - 64 : m };
    },
    enc: (c, b, o) => {
      b[o] = u8('battery', c.battery);
      b[o + 1] = checkInt('margin', c.margin, -32, 31) & 0x3f;
    },
  },
  NewChannelReq: {
    cid: 0x07,
    dir: 'down',
    len: 5,
    dec: (b, o) => ({ chIndex: b[o]!, frequency: readFreq(b, o + 1), minDr: b[o + 4]! & 0x0f, maxDr: b[o + 4]! >> 4 }),
    enc: (c, b, o) => {
      b[o] = u8('chIndex', c.chIndex);
      writeFreq(b, o + 1, c.frequency);
      b[o + 4] = (u8('maxDr', c.maxDr, 15) << 4) | u8('minDr', c.minDr, 15);
    },
  },
  NewChannelAns: {
    cid: 0x07,
    dir: 'up',
    len: 1,
    dec: (b, o) => ({ dataRateRangeOk: bit(b[o]!, 1), channelFrequencyOk: bit(b[o]!, 0) }),
    enc: (c, b, o) => {
      b[o] = (c.dataRateRangeOk ? 2 : 0) | (c.channelFrequencyOk ? 1 : 0);
    },
  },
  RXTimingSetupReq: {
    cid: 0x08,
    dir: 'down',
    len: 1,
    dec: (b, o) => ({ delay: b[o]! & 0x0f }),
    enc: (c, b, o) => {
      b[o] = u8('delay', c.delay, 15);
    },
  },
  RXTimingSetupAns: { cid: 0x08, dir: 'up', len: 0, ...none },
  TxParamSetupReq: {
    cid: 0x09,
    dir: 'down',
    len: 1,
    dec: (b, o) => ({ downlinkDwellTime: bit(b[o]!, 5), uplinkDwellTime: bit(b[o]!, 4), maxEirp: b[o]! & 0x0f }),
    enc: (c, b, o) => {
      b[o] = (c.downlinkDwellTime ? 0x20 : 0) | (c.uplinkDwellTime ? 0x10 : 0) | u8('maxEirp', c.maxEirp, 15);
    },
  },
  TxParamSetupAns: { cid: 0x09, dir: 'up', len: 0, ...none },
  DlChannelReq: {
    cid: 0x0a,
    dir: 'down',
    len: 4,
    dec: (b, o) => ({ chIndex: b[o]!, frequency: readFreq(b, o + 1) }),
    enc: (c, b, o) => {
      b[o] = u8('chIndex', c.chIndex);
      writeFreq(b, o + 1, c.frequency);
    },
  },
  DlChannelAns: {
    cid: 0x0a,
    dir: 'up',
    len: 1,
    dec: (b, o) => ({ uplinkFrequencyExists: bit(b[o]!, 1), channelFrequencyOk: bit(b[o]!, 0) }),
    enc: (c, b, o) => {
      b[o] = (c.uplinkFrequencyExists ? 2 : 0) | (c.channelFrequencyOk ? 1 : 0);
    },
  },
  RekeyInd: {
    cid: 0x0b,
    dir: 'up',
    len: 1,
    dec: (b, o) => ({ minor: b[o]! & 0x0f }),
    enc: (c, b, o) => {
      b[o] = u8('minor', c.minor, 15);
    },
  },
  RekeyConf: {
    cid: 0x0b,
    dir: 'down',
    len: 1,
    dec: (b, o) => ({ minor: b[o]! & 0x0f }),
    enc: (c, b, o) => {
      b[o] = u8('minor', c.minor, 15);
    },
  },
  ADRParamSetupReq: {
    cid: 0x0c,
    dir: 'down',
    len: 1,
    dec: (b, o) => ({ limitExp: b[o]! >> 4, delayExp: b[o]! & 0x0f }),
    enc: (c, b, o) => {
      b[o] = (u8('limitExp', c.limitExp, 15) << 4) | u8('delayExp', c.delayExp, 15);
    },
  },
  ADRParamSetupAns: { cid: 0x0c, dir: 'up', len: 0, ...none },
  DeviceTimeReq: { cid: 0x0d, dir: 'up', len: 0, ...none },
  DeviceTimeAns: {
    cid: 0x0d,
    dir: 'down',
    len: 5,
    dec: (b, o) => ({
      seconds: (b[o]! | (b[o + 1]! << 8) | (b[o + 2]! << 16) | (b[o + 3]! << 24)) >>> 0,
      fractional: b[o + 4]!,
    }),
    enc: (c, b, o) => {
      const s = checkInt('seconds', c.seconds, 0, 0xffffffff);
      b[o] = s & 0xff;
      b[o + 1] = (s >>> 8) & 0xff;
      b[o + 2] = (s >>> 16) & 0xff;
      b[o + 3] = (s >>> 24) & 0xff;
      b[o + 4] = u8('fractional', c.fractional);
    },
  },
  ForceRejoinReq: {
    cid: 0x0e,
    dir: 'down',
    len: 2,
    dec: (b, o) => {
      const v = b[o]! | (b[o + 1]! << 8);
      return { period: (v >> 11) & 0x07, maxRetries: (v >> 8) & 0x07, rejoinType: (v >> 4) & 0x07, dataRate: v & 0x0f };
    },
    enc: (c, b, o) => {
      const v =
        (u8('period', c.period, 7) << 11) |
        (u8('maxRetries', c.maxRetries, 7) << 8) |
        (u8('rejoinType', c.rejoinType, 7) << 4) |
        u8('dataRate', c.dataRate, 15);
      b[o] = v & 0xff;
      b[o + 1] = v >> 8;
    },
  },
  RejoinParamSetupReq: {
    cid: 0x0f,
    dir: 'down',
    len: 1,
    dec: (b, o) => ({ maxTimeN: b[o]! >> 4, maxCountN: b[o]! & 0x0f }),
    enc: (c, b, o) => {
      b[o] = (u8('maxTimeN', c.maxTimeN, 15) << 4) | u8('maxCountN', c.maxCountN, 15);
    },
  },
  RejoinParamSetupAns: {
    cid: 0x0f,
    dir: 'up',
    len: 1,
    dec: (b, o) => ({ timeOk: bit(b[o]!, 0) }),
    enc: (c, b, o) => {
      b[o] = c.timeOk ? 1 : 0;
    },
  },
  PingSlotInfoReq: {
    cid: 0x10,
    dir: 'up',
    len: 1,
    dec: (b, o) => ({ periodicity: b[o]! & 0x07 }),
    enc: (c, b, o) => {
      b[o] = u8('periodicity', c.periodicity, 7);
    },
  },
  PingSlotInfoAns: { cid: 0x10, dir: 'down', len: 0, ...none },
  PingSlotChannelReq: {
    cid: 0x11,
    dir: 'down',
    len: 4,
    dec: (b, o) => ({ frequency: readFreq(b, o), dataRate: b[o + 3]! & 0x0f }),
    enc: (c, b, o) => {
      writeFreq(b, o, c.frequency);
      b[o + 3] = u8('dataRate', c.dataRate, 15);
    },
  },
  PingSlotChannelAns: {
    cid: 0x11,
    dir: 'up',
    len: 1,
    dec: (b, o) => ({ dataRateOk: bit(b[o]!, 1), channelFrequencyOk: bit(b[o]!, 0) }),
    enc: (c, b, o) => {
      b[o] = (c.dataRateOk ? 2 : 0) | (c.channelFrequencyOk ? 1 : 0);
    },
  },
  BeaconTimingReq: { cid: 0x12, dir: 'up', len: 0, ...none },
  BeaconTimingAns: {
    cid: 0x12,
    dir: 'down',
    len: 3,
    dec: (b, o) => ({ delay: b[o]! | (b[o + 1]! << 8), channel: b[o + 2]! }),
    enc: (c, b, o) => {
      u8('delay', c.delay, 0xffff);
      b[o] = c.delay & 0xff;
      b[o + 1] = c.delay >> 8;
      b[o + 2] = u8('channel', c.channel);
    },
  },
  BeaconFreqReq: {
    cid: 0x13,
    dir: 'down',
    len: 3,
    dec: (b, o) => ({ frequency: readFreq(b, o) }),
    enc: (c, b, o) => writeFreq(b, o, c.frequency),
  },
  BeaconFreqAns: {
    cid: 0x13,
    dir: 'up',
    len: 1,
    dec: (b, o) => ({ beaconFrequencyOk: bit(b[o]!, 0) }),
    enc: (c, b, o) => {
      b[o] = c.beaconFrequencyOk ? 1 : 0;
    },
  },
  DeviceModeInd: {
    cid: 0x20,
    dir: 'up',
    len: 1,
    dec: (b, o) => ({ classMode: b[o]! }),
    enc: (c, b, o) => {
      b[o] = u8('classMode', c.classMode);
    },
  },
  DeviceModeConf: {
    cid: 0x20,
    dir: 'down',
    len: 1,
    dec: (b, o) => ({ classMode: b[o]! }),
    enc: (c, b, o) => {
      b[o] = u8('classMode', c.classMode);
    },
  },
};

type AnyDef = Def<MacCommandType> & { type: MacCommandType };
const BY_CID: Record<MacDirection, (AnyDef | undefined)[]> = { up: [], down: [] };
for (const [type, def] of Object.entries(DEFS) as [MacCommandType, Def<MacCommandType>][]) {
  BY_CID[def.dir][def.cid] = { ...def, type } as AnyDef;
}

/** All command types (for tests and tooling). */
export const MAC_COMMAND_TYPES = Object.keys(DEFS) as MacCommandType[];

/** Direction a command travels in ('up' = end-device → network). */
export const macCommandDirection = (type: MacCommandType): MacDirection => DEFS[type].dir;
export const macCommandCid = (type: MacCommandType): number => DEFS[type].cid;
/** Payload length (CID excluded) of a command. */
export const macCommandLength = (type: MacCommandType): number => DEFS[type].len;

/** Encodes one command (CID + payload). Field ranges are checked (BAD_FIELD). */
export function encodeMacCommand(cmd: MacCommand): Buffer {
  const def = DEFS[cmd.type] as Def<MacCommandType> | undefined;
  if (!def) return fail('BAD_FIELD', `unknown MAC command type ${String((cmd as { type: unknown }).type)}`);
  const out = Buffer.alloc(1 + def.len);
  out[0] = def.cid;
  (def.enc as (c: unknown, b: Uint8Array, o: number) => void)(cmd, out, 1);
  return out;
}

/** Encodes a list of commands back to back (for FOpts, max 15 bytes, or an FPort 0 payload). */
export const encodeMacCommands = (cmds: readonly MacCommand[]): Buffer => Buffer.concat(cmds.map(encodeMacCommand));

/**
 * Decodes a byte stream of commands travelling in `dir` ('up' = FOpts/FPort-0 payload of an uplink).
 * An unknown CID (including proprietary 0x80..0xFF) throws UNKNOWN_CID because the rest cannot be framed;
 * a truncated command throws TOO_SHORT. Use `decodeMacCommandsLenient` to keep what was parsed.
 */
export function decodeMacCommands(b: Uint8Array, dir: MacDirection): MacCommand[] {
  const { commands, rest } = decodeMacCommandsLenient(b, dir);
  if (rest.length > 0) {
    fail('UNKNOWN_CID', `unknown ${dir}link MAC command CID 0x${rest[0]!.toString(16).padStart(2, '0')}`);
  }
  return commands;
}

/**
 * Like `decodeMacCommands` but stops at the first unknown CID and returns the undecoded remainder in `rest`
 * (starting with that CID). A truncated known command still throws TOO_SHORT.
 */
export function decodeMacCommandsLenient(
  b: Uint8Array,
  dir: MacDirection,
): { commands: MacCommand[]; rest: Uint8Array } {
  if (dir !== 'up' && dir !== 'down') fail('BAD_FIELD', "direction must be 'up' or 'down'");
  const table = BY_CID[dir];
  const commands: MacCommand[] = [];
  let o = 0;
  while (o < b.length) {
    const def = table[b[o]!];
    if (!def) return { commands, rest: b.subarray(o) };
    if (o + 1 + def.len > b.length) {
      fail('TOO_SHORT', `${def.type} needs ${def.len} payload bytes, only ${b.length - o - 1} left`);
    }
    commands.push({ type: def.type, ...def.dec(b, o + 1) } as MacCommand);
    o += 1 + def.len;
  }
  return { commands, rest: b.subarray(b.length) };
}
