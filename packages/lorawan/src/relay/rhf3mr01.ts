import { type AppCommandDef, type AppCommandOf, le, makeAppCodec, needAtLeast, rdLe } from '../applayer/codec';
import { toHexReversed } from '../bytes';
import { checkInt, fail } from '../errors';
import {
  addr,
  CONFIG,
  checkConfig,
  eui,
  FW,
  type FwVersions,
  get,
  type Layout,
  type ListPage,
  page,
  put,
  type RelayConfigBody,
  type RelayStatusBody,
  STATUS,
  U32,
  u8,
  width,
} from './rhf3mr01-blocks';

/**
 * The rhf3mr01 relay's management protocol, version 1 (docs/protocols/rhf3mr01.md): what TS011
 * does not carry. One message per FRMPayload on FPort 210: version byte, message type, body.
 * Requests (0x01..0x3f) carry a token the answer (type | 0x80) echoes; reports (0x40..0x7f) are unsolicited.
 */
export const RHF3MR01_PORT = 210;
export const RHF3MR01_VERSION = 1;

type Tok = { token: number };
type Res = Tok & { result: number };
/** An answer's body is present only when result is 0. */
type Ans<B> = Res & { body: B | null };

export interface Rhf3mr01Fields {
  StatusReq: Tok;
  StatusAns: Ans<RelayStatusBody>;
  SlaveListReq: Tok & { start: number };
  SlaveListAns: Ans<ListPage>;
  BindReq: Tok & { devEUI: string; devAddr: string };
  BindAns: Res;
  UnbindReq: Tok & { devEUI: string };
  UnbindAns: Res;
  ModeSetReq: Tok & { workMode: number; backwardMode: number };
  ModeSetAns: Res;
  ConfigGetReq: Tok;
  ConfigGetAns: Ans<RelayConfigBody>;
  ConfigSetReq: Tok & { config: RelayConfigBody };
  ConfigSetAns: Res;
  RejoinListReq: Tok & { start: number };
  RejoinListAns: Ans<ListPage>;
  FwVersionReq: Tok;
  FwVersionAns: Ans<FwVersions>;
  StatusReport: RelayStatusBody;
  EventReport: { event: number; devEUI: string; uptime: number };
}
export type { FwVersions, ListPage, RelayConfigBody, RelayStatusBody, SlaveEntry } from './rhf3mr01-blocks';
export type Rhf3mr01Message = AppCommandOf<Rhf3mr01Fields>;

/** Result codes of answers. */
export const RHF3MR01_RESULT = {
  OK: 0,
  BAD_VERSION: 1,
  UNKNOWN_TYPE: 2,
  BAD_VALUE: 3,
  BUSY: 4,
  NOT_FOUND: 5,
  LIST_FULL: 6,
} as const;

/** A request that is only a token, plus extra fixed fields. */
const req = <F extends Tok>(cid: number, l: Layout = []): AppCommandDef<F> => ({
  cid,
  dir: 'down',
  size: 1 + width(l),
  dec: (b, o) => ({ token: b[o]!, ...get<object>(l, b, o + 1) }) as F,
  enc: (c) => [u8('token', c.token), ...put(l, c as unknown as Record<string, number>)],
});
/** An answer: token, result, and when the result is 0 a body of `size(b, o)` bytes. */
const ans = <B>(
  cid: number,
  size: (b: Uint8Array, o: number, left: number) => number,
  dec: (b: Uint8Array, o: number) => B,
  enc: (body: B) => number[],
): AppCommandDef<Ans<B>> => ({
  cid: cid | 0x80,
  dir: 'up',
  size: (b, o, left) => {
    needAtLeast(left, 2, 'answer');
    return b[o + 1] !== 0 ? 2 : 2 + size(b, o + 2, left - 2);
  },
  dec: (b, o) => ({ token: b[o]!, result: b[o + 1]!, body: b[o + 1] === 0 ? dec(b, o + 2) : null }),
  enc: (c) => {
    if ((c.result === 0) !== (c.body !== null)) fail('BAD_FIELD', 'body is given exactly when result is 0');
    return [u8('token', c.token), u8('result', c.result), ...(c.body === null ? [] : enc(c.body))];
  },
});
const res = (cid: number): AppCommandDef<Res> => ({
  cid: cid | 0x80,
  dir: 'up',
  size: 2,
  dec: (b, o) => ({ token: b[o]!, result: b[o + 1]! }),
  enc: (c) => [u8('token', c.token), u8('result', c.result)],
});
const fixed = <B>(l: Layout) =>
  [
    () => width(l),
    (b: Uint8Array, o: number) => get<B>(l, b, o),
    (v: B) => put(l, v as Record<string, number>),
  ] as const;

export const RHF3MR01_DEFS: { [K in keyof Rhf3mr01Fields]: AppCommandDef<Rhf3mr01Fields[K]> } = {
  StatusReq: req(0x01),
  StatusAns: ans(0x01, ...fixed<RelayStatusBody>(STATUS)),
  SlaveListReq: req(0x02, [['start', 1, 0, 255]]),
  SlaveListAns: ans(0x02, ...page),
  BindReq: {
    cid: 0x03,
    dir: 'down',
    size: 13,
    dec: (b, o) => ({
      token: b[o]!,
      devEUI: toHexReversed(b.subarray(o + 1, o + 9)),
      devAddr: toHexReversed(b.subarray(o + 9, o + 13)),
    }),
    enc: (c) => [u8('token', c.token), ...eui(c.devEUI), ...addr(c.devAddr)],
  },
  BindAns: res(0x03),
  UnbindReq: {
    cid: 0x04,
    dir: 'down',
    size: 9,
    dec: (b, o) => ({ token: b[o]!, devEUI: toHexReversed(b.subarray(o + 1, o + 9)) }),
    enc: (c) => [u8('token', c.token), ...eui(c.devEUI)],
  },
  UnbindAns: res(0x04),
  ModeSetReq: req(0x05, [
    ['workMode', 1, 0, 2],
    ['backwardMode', 1, 0, 2],
  ]),
  ModeSetAns: res(0x05),
  ConfigGetReq: req(0x06),
  ConfigGetAns: ans(0x06, ...fixed<RelayConfigBody>(CONFIG)),
  ConfigSetReq: {
    cid: 0x07,
    dir: 'down',
    size: 1 + width(CONFIG),
    dec: (b, o) => ({ token: b[o]!, config: get<RelayConfigBody>(CONFIG, b, o + 1) }),
    enc: (c) => {
      checkConfig(c.config);
      return [u8('token', c.token), ...put(CONFIG, c.config as unknown as Record<string, number>)];
    },
  },
  ConfigSetAns: res(0x07),
  RejoinListReq: req(0x08, [['start', 1, 0, 255]]),
  RejoinListAns: ans(0x08, ...page),
  FwVersionReq: req(0x09),
  FwVersionAns: ans(0x09, ...fixed<FwVersions>(FW)),
  StatusReport: {
    cid: 0x41,
    dir: 'up',
    size: width(STATUS),
    dec: (b, o) => get(STATUS, b, o),
    enc: (c) => put(STATUS, c as never),
  },
  EventReport: {
    cid: 0x42,
    dir: 'up',
    size: 13,
    dec: (b, o) => ({ event: b[o]!, devEUI: toHexReversed(b.subarray(o + 1, o + 9)), uptime: rdLe(b, o + 9, 4) }),
    enc: (c) => [u8('event', c.event), ...eui(c.devEUI), ...le(checkInt('uptime', c.uptime, 0, U32), 4)],
  },
};

const codec = makeAppCodec<Rhf3mr01Fields>('rhf3mr01', RHF3MR01_DEFS);

/** Version byte + one message. */
export const encodeRhf3mr01 = (m: Rhf3mr01Message): Buffer =>
  Buffer.concat([Buffer.from([RHF3MR01_VERSION]), codec.encode(m)]);

/** Exactly one message of version 1; other versions → BAD_FIELD, trailing bytes → TOO_LONG. */
export function decodeRhf3mr01(b: Uint8Array, dir: 'up' | 'down'): Rhf3mr01Message {
  if (b.length < 2) fail('TOO_SHORT', 'rhf3mr01 frame needs a version and a type');
  if (b[0] !== RHF3MR01_VERSION) fail('BAD_FIELD', `rhf3mr01 version ${b[0]} is not supported`);
  const msgs = codec.decode(b.subarray(1), dir);
  if (msgs.length !== 1) fail('TOO_LONG', 'rhf3mr01 frame carries exactly one message');
  return msgs[0]!;
}
