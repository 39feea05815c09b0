import { type AppCommandDef, type AppCommandOf, le, makeAppCodec, needAtLeast, rdLe } from '../applayer/codec';
import { checkInt, fail } from '../errors';

/**
 * The rhf3m485 (ladtp) RS485 data forward unit's protocol, version 1 (docs/protocols/rhf3m485.md).
 * One message per FRMPayload on FPort 211: version byte, message type, body.
 */
export const RHF3M485_PORT = 211;
export const RHF3M485_VERSION = 1;
/** Baud rates by their index on air. */
export const RHF3M485_BAUDRATES = [600, 1200, 2400, 4800, 9600, 14400, 19200, 38400, 57600, 115200, 230400] as const;

/** period minutes 1..65535; parity 0 none, 1 odd, 2 even; databits 7 or 8; timeout seconds 1..255. */
export interface LadtpConfig {
  period: number;
  baudrate: number;
  parity: number;
  databits: number;
  timeout: number;
  isConfirmed: boolean;
  isReply: boolean;
  isSendTimeStap: boolean;
  isSubPacket: boolean;
}
/** voltage mV; temperature 0.1 °C; rs485Errors framing/parity errors since boot; uptime seconds. */
export interface LadtpStatus {
  voltage: number;
  temperature: number;
  rs485Errors: number;
  uptime: number;
}
/** data: the RS485 bytes, hex; timestamp: Unix seconds the frame was read off the bus, or null. */
export interface LadtpData {
  timestamp: number | null;
  data: string;
}
type Tok = { token: number };
type Res = Tok & { result: number };

export interface Rhf3m485Fields {
  ConfigSetReq: Tok & { config: LadtpConfig };
  /** config: what the device now runs (also when it refused the request). */
  ConfigSetAns: Res & { config: LadtpConfig };
  ConfigGetReq: Tok;
  ConfigGetAns: Res & { config: LadtpConfig };
  StatusReq: Tok;
  StatusAns: Res & { status: LadtpStatus };
  DataDown: LadtpData;
  DataUp: LadtpData;
  /** One piece of a frame too long for one uplink (or downlink); bytes: hex. */
  DataPartUp: DataPart;
  DataPartDown: DataPart;
  Heartbeat: LadtpStatus;
}
export interface DataPart {
  frameId: number;
  index: number;
  total: number;
  bytes: string;
}
export type Rhf3m485Message = AppCommandOf<Rhf3m485Fields>;

const FLAGS = ['isConfirmed', 'isReply', 'isSendTimeStap', 'isSubPacket'] as const;
export const CONFIG_BYTES = 7;

function encConfig(c: LadtpConfig): number[] {
  const baud = RHF3M485_BAUDRATES.indexOf(c.baudrate as (typeof RHF3M485_BAUDRATES)[number]);
  if (baud < 0) fail('BAD_FIELD', `baudrate ${c.baudrate} is not one of ${RHF3M485_BAUDRATES.join(', ')}`);
  if (c.databits !== 7 && c.databits !== 8) fail('BAD_FIELD', 'databits must be 7 or 8');
  const flags = FLAGS.reduce((v, k, i) => v | (c[k] ? 1 << i : 0), 0);
  return [
    ...le(checkInt('period', c.period, 1, 0xffff), 2),
    baud,
    checkInt('parity', c.parity, 0, 2),
    c.databits,
    checkInt('timeout', c.timeout, 1, 255),
    flags,
  ];
}
function decConfig(b: Uint8Array, o: number): LadtpConfig {
  const baudrate = RHF3M485_BAUDRATES[b[o + 2]!];
  if (baudrate === undefined) fail('BAD_FIELD', `baud rate index ${b[o + 2]} is unknown`);
  const flags = Object.fromEntries(FLAGS.map((k, i) => [k, (b[o + 6]! & (1 << i)) !== 0]));
  return {
    period: rdLe(b, o, 2),
    baudrate: baudrate!,
    parity: b[o + 3]!,
    databits: b[o + 4]!,
    timeout: b[o + 5]!,
    ...flags,
  } as LadtpConfig;
}
const encStatus = (s: LadtpStatus): number[] => [
  ...le(checkInt('voltage', s.voltage, 0, 0xffff), 2),
  ...le(checkInt('temperature', s.temperature, -32768, 32767) & 0xffff, 2),
  ...le(checkInt('rs485Errors', s.rs485Errors, 0, 0xffff), 2),
  ...le(checkInt('uptime', s.uptime, 0, 0xffffffff), 4),
];
const decStatus = (b: Uint8Array, o: number): LadtpStatus => ({
  voltage: rdLe(b, o, 2),
  temperature: (rdLe(b, o + 2, 2) << 16) >> 16,
  rs485Errors: rdLe(b, o + 4, 2),
  uptime: rdLe(b, o + 6, 4),
});
const u8 = (k: string, v: number) => checkInt(k, v, 0, 255);
const hexBytes = (k: string, v: string): number[] => {
  if (!/^(?:[0-9a-f]{2})*$/i.test(v)) fail('BAD_HEX', `${k} is not an even-length hex string`);
  return [...Buffer.from(v, 'hex')];
};

/** Data body: flags (bit 0: a 4-byte timestamp follows), [timestamp], RS485 bytes to the end of the payload. */
export const encodeDataBody = (d: LadtpData): Buffer =>
  Buffer.from(
    d.timestamp === null
      ? [0, ...hexBytes('data', d.data)]
      : [1, ...le(checkInt('timestamp', d.timestamp, 0, 0xffffffff), 4), ...hexBytes('data', d.data)],
  );
export function decodeDataBody(b: Uint8Array, o = 0, len = b.length - o): LadtpData {
  needAtLeast(len, 1, 'data');
  const ts = (b[o]! & 1) !== 0;
  if (ts) needAtLeast(len, 5, 'timestamped data');
  const from = o + (ts ? 5 : 1);
  return { timestamp: ts ? rdLe(b, o + 1, 4) : null, data: Buffer.from(b.subarray(from, o + len)).toString('hex') };
}

const data = (cid: number, dir: 'up' | 'down'): AppCommandDef<LadtpData> => ({
  cid,
  dir,
  size: (_b, _o, left) => left,
  dec: (b, o, len) => decodeDataBody(b, o, len),
  enc: (c) => encodeDataBody(c),
});
const part = (cid: number, dir: 'up' | 'down'): AppCommandDef<DataPart> => ({
  cid,
  dir,
  size: (_b, _o, left) => needAtLeast(left, 3, 'DataPart'),
  dec: (b, o, len) => ({
    frameId: b[o]!,
    index: b[o + 1]!,
    total: b[o + 2]!,
    bytes: Buffer.from(b.subarray(o + 3, o + len)).toString('hex'),
  }),
  enc: (c) => {
    const total = checkInt('total', c.total, 1, 255);
    return [u8('frameId', c.frameId), checkInt('index', c.index, 0, total - 1), total, ...hexBytes('bytes', c.bytes)];
  },
});

export const RHF3M485_DEFS: { [K in keyof Rhf3m485Fields]: AppCommandDef<Rhf3m485Fields[K]> } = {
  ConfigSetReq: {
    cid: 0x01,
    dir: 'down',
    size: 1 + CONFIG_BYTES,
    dec: (b, o) => ({ token: b[o]!, config: decConfig(b, o + 1) }),
    enc: (c) => [u8('token', c.token), ...encConfig(c.config)],
  },
  ConfigSetAns: {
    cid: 0x81,
    dir: 'up',
    size: 2 + CONFIG_BYTES,
    dec: (b, o) => ({ token: b[o]!, result: b[o + 1]!, config: decConfig(b, o + 2) }),
    enc: (c) => [u8('token', c.token), u8('result', c.result), ...encConfig(c.config)],
  },
  ConfigGetReq: {
    cid: 0x02,
    dir: 'down',
    size: 1,
    dec: (b, o) => ({ token: b[o]! }),
    enc: (c) => [u8('token', c.token)],
  },
  ConfigGetAns: {
    cid: 0x82,
    dir: 'up',
    size: 2 + CONFIG_BYTES,
    dec: (b, o) => ({ token: b[o]!, result: b[o + 1]!, config: decConfig(b, o + 2) }),
    enc: (c) => [u8('token', c.token), u8('result', c.result), ...encConfig(c.config)],
  },
  StatusReq: { cid: 0x03, dir: 'down', size: 1, dec: (b, o) => ({ token: b[o]! }), enc: (c) => [u8('token', c.token)] },
  StatusAns: {
    cid: 0x83,
    dir: 'up',
    size: 12,
    dec: (b, o) => ({ token: b[o]!, result: b[o + 1]!, status: decStatus(b, o + 2) }),
    enc: (c) => [u8('token', c.token), u8('result', c.result), ...encStatus(c.status)],
  },
  DataDown: data(0x10, 'down'),
  DataUp: data(0x10, 'up'),
  DataPartDown: part(0x11, 'down'),
  DataPartUp: part(0x11, 'up'),
  Heartbeat: { cid: 0x41, dir: 'up', size: 10, dec: decStatus, enc: encStatus },
};

const codec = makeAppCodec<Rhf3m485Fields>('rhf3m485', RHF3M485_DEFS);

export const encodeRhf3m485 = (m: Rhf3m485Message): Buffer =>
  Buffer.concat([Buffer.from([RHF3M485_VERSION]), codec.encode(m)]);

/** Exactly one message of version 1; other versions → BAD_FIELD. */
export function decodeRhf3m485(b: Uint8Array, dir: 'up' | 'down'): Rhf3m485Message {
  if (b.length < 2) fail('TOO_SHORT', 'rhf3m485 frame needs a version and a type');
  if (b[0] !== RHF3M485_VERSION) fail('BAD_FIELD', `rhf3m485 version ${b[0]} is not supported`);
  const msgs = codec.decode(b.subarray(1), dir);
  if (msgs.length !== 1) fail('TOO_LONG', 'rhf3m485 frame carries exactly one message');
  return msgs[0]!;
}
