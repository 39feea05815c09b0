import { isCleanText } from '@lns/contract/input';
import { JsonBoundsError, parseBoundedJson } from './bounded-json';

/**
 * Semtech UDP packet-forwarder protocol (v1 and v2): datagram parse and build.
 * Layout: version(1) token(2) identifier(1) [gateway EUI(8)] [JSON].
 * Malformed input raises SemtechError; the bridge counts and drops it.
 */
export const PUSH_DATA = 0;
export const PUSH_ACK = 1;
export const PULL_DATA = 2;
export const PULL_RESP = 3;
export const PULL_ACK = 4;
export const TX_ACK = 5;

export class SemtechError extends Error {}

/**
 * Bounds on what one datagram may carry (docs/protocols/semtech-udp.md). A packet forwarder
 * sends at most a few dozen rxpk per PUSH_DATA (one fetch of the concentrator's FIFO); the rest
 * is refused here so a hostile sender cannot make the server allocate, recurse or store without
 * limit.
 */
export const DATAGRAM_LIMITS = {
  /** Nesting of the JSON body: object → rxpk array → rxpk → rsig array → rsig is 5. */
  maxDepth: 8,
  maxBytes: 65_535,
  /** rxpk beyond this in one PUSH_DATA are dropped (and counted). */
  maxRxpk: 64,
  /** LoRaWAN PHYPayload is at most 255 bytes: 340 base64 characters. */
  maxDataChars: 340,
  /** stat: scalar fields only, this many, strings cut to `maxStatString`. */
  maxStatFields: 32,
  maxStatString: 128,
} as const;

export interface Rxpk {
  tmst: number;
  time?: string;
  tmms?: number;
  chan?: number;
  rfch?: number;
  freq: number;
  stat?: number;
  modu: 'LORA' | 'FSK';
  datr: string | number;
  codr?: string;
  rssi: number;
  lsnr?: number;
  size?: number;
  data: string;
}

export interface Stat {
  time?: string;
  lati?: number;
  long?: number;
  alti?: number;
  rxnb?: number;
  rxok?: number;
  rxfw?: number;
  ackr?: number;
  dwnb?: number;
  txnb?: number;
  [key: string]: unknown;
}

export interface Txpk {
  imme?: boolean;
  tmst?: number;
  tmms?: number;
  freq: number;
  rfch: number;
  powe: number;
  modu: 'LORA' | 'FSK';
  datr: string | number;
  codr?: string;
  fdev?: number;
  ipol: boolean;
  prea?: number;
  size: number;
  data: string;
  ncrc?: boolean;
}

export type Datagram =
  | {
      kind: 'PUSH_DATA';
      version: number;
      token: number;
      gatewayEui: string;
      rxpk: Rxpk[];
      stat?: Stat;
      /** rxpk beyond DATAGRAM_LIMITS.maxRxpk, not returned. */
      dropped: number;
    }
  | { kind: 'PULL_DATA'; version: number; token: number; gatewayEui: string }
  | { kind: 'TX_ACK'; version: number; token: number; gatewayEui: string; error: string }
  | { kind: 'PUSH_ACK' | 'PULL_ACK'; version: number; token: number }
  | { kind: 'PULL_RESP'; version: number; token: number; txpk: Txpk };

function json(buf: Buffer, from: number): Record<string, unknown> {
  const text = buf.subarray(from).toString('utf8').replace(/\0+$/, '');
  if (!text.trim()) return {};
  let v: unknown;
  try {
    v = parseBoundedJson(text, DATAGRAM_LIMITS);
  } catch (err) {
    throw new SemtechError(err instanceof JsonBoundsError ? err.message : 'JSON payload is not valid JSON');
  }
  if (!v || typeof v !== 'object' || Array.isArray(v)) throw new SemtechError('JSON payload is not an object');
  return v as Record<string, unknown>;
}

const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
const str = (v: unknown, max: number): string | undefined => (typeof v === 'string' && v.length <= max ? v : undefined);

/** The rxpk fields the server uses, type-checked; undefined when a required one is missing or wrong. */
function rxpkOf(r: unknown): Rxpk | undefined {
  if (!r || typeof r !== 'object' || Array.isArray(r)) return undefined;
  const x = r as Record<string, unknown>;
  const tmst = num(x.tmst);
  const freq = num(x.freq);
  const rssi = num(x.rssi);
  const data = str(x.data, DATAGRAM_LIMITS.maxDataChars);
  const datr = str(x.datr, 16) ?? num(x.datr);
  if (tmst === undefined || freq === undefined || rssi === undefined || data === undefined || datr === undefined)
    return undefined;
  return {
    tmst,
    time: str(x.time, 40),
    tmms: num(x.tmms),
    chan: num(x.chan),
    rfch: num(x.rfch),
    freq,
    stat: num(x.stat),
    modu: x.modu === 'FSK' ? 'FSK' : 'LORA',
    datr,
    codr: str(x.codr, 8),
    rssi,
    lsnr: num(x.lsnr),
    size: num(x.size),
    data,
  };
}

/** Scalar stat fields only (nested vendor extensions are dropped), counted and cut. */
function statOf(v: unknown): Stat | undefined {
  if (!v || typeof v !== 'object' || Array.isArray(v)) return undefined;
  const out: Stat = {};
  let n = 0;
  for (const [key, value] of Object.entries(v)) {
    if (n >= DATAGRAM_LIMITS.maxStatFields) break;
    if (key.length > 32) continue;
    if (typeof value === 'string') {
      const cut = value.slice(0, DATAGRAM_LIMITS.maxStatString);
      if (!isCleanText(cut) || !isCleanText(key)) continue;
      out[key] = cut;
    } else if (typeof value === 'boolean' || num(value) !== undefined) out[key] = value;
    else continue;
    n++;
  }
  return out;
}

export function parseDatagram(buf: Buffer): Datagram {
  if (buf.length < 4) throw new SemtechError(`datagram too short (${buf.length} bytes)`);
  const version = buf[0]!;
  if (version !== 1 && version !== 2) throw new SemtechError(`unsupported protocol version ${version}`);
  const token = buf.readUInt16BE(1);
  const id = buf[3]!;
  const eui = () => {
    if (buf.length < 12) throw new SemtechError('datagram too short for a gateway EUI');
    return buf.subarray(4, 12).toString('hex');
  };
  switch (id) {
    case PUSH_DATA: {
      const gatewayEui = eui();
      const body = json(buf, 12);
      const all: unknown[] = Array.isArray(body.rxpk) ? body.rxpk : [];
      const rxpk: Rxpk[] = [];
      for (const r of all.slice(0, DATAGRAM_LIMITS.maxRxpk)) {
        const ok = rxpkOf(r);
        if (!ok) throw new SemtechError('rxpk entry lacks tmst, freq, datr, rssi or data');
        rxpk.push(ok);
      }
      const dropped = all.length - rxpk.length;
      return { kind: 'PUSH_DATA', version, token, gatewayEui, rxpk, stat: statOf(body.stat), dropped };
    }
    case PULL_DATA:
      return { kind: 'PULL_DATA', version, token, gatewayEui: eui() };
    case TX_ACK: {
      const gatewayEui = eui();
      const body = buf.length > 12 ? json(buf, 12) : {};
      const ack = body.txpk_ack as { error?: unknown } | undefined;
      const error = typeof ack?.error === 'string' ? ack.error.slice(0, 32) : 'NONE';
      return { kind: 'TX_ACK', version, token, gatewayEui, error };
    }
    case PUSH_ACK:
      return { kind: 'PUSH_ACK', version, token };
    case PULL_ACK:
      return { kind: 'PULL_ACK', version, token };
    case PULL_RESP: {
      const body = json(buf, 4);
      if (!body.txpk || typeof body.txpk !== 'object') throw new SemtechError('PULL_RESP without txpk');
      return { kind: 'PULL_RESP', version, token, txpk: body.txpk as Txpk };
    }
    default:
      throw new SemtechError(`unknown identifier ${id}`);
  }
}

const header = (version: number, token: number, id: number) =>
  Buffer.from([version, (token >> 8) & 0xff, token & 0xff, id]);
const euiBytes = (eui: string) => Buffer.from(eui, 'hex');

export const buildPushAck = (version: number, token: number) => header(version, token, PUSH_ACK);
export const buildPullAck = (version: number, token: number) => header(version, token, PULL_ACK);
/** v1 has no token in PULL_RESP (zero); v2 carries the downlink's token for TX_ACK matching. */
export const buildPullResp = (version: number, token: number, txpk: Txpk) =>
  Buffer.concat([header(version, version === 1 ? 0 : token, PULL_RESP), Buffer.from(JSON.stringify({ txpk }))]);

/** Gateway side (simulator, tests). */
export const buildPushData = (
  version: number,
  token: number,
  gatewayEui: string,
  body: { rxpk?: Rxpk[]; stat?: Stat },
) => Buffer.concat([header(version, token, PUSH_DATA), euiBytes(gatewayEui), Buffer.from(JSON.stringify(body))]);
export const buildPullData = (version: number, token: number, gatewayEui: string) =>
  Buffer.concat([header(version, token, PULL_DATA), euiBytes(gatewayEui)]);
export const buildTxAck = (version: number, token: number, gatewayEui: string, error = 'NONE') =>
  Buffer.concat([
    header(version, token, TX_ACK),
    euiBytes(gatewayEui),
    Buffer.from(JSON.stringify({ txpk_ack: { error } })),
  ]);

/** TX_ACK error values of the packet forwarder (NONE means success). */
export const TX_ACK_ERRORS = [
  'NONE',
  'TOO_LATE',
  'TOO_EARLY',
  'COLLISION_PACKET',
  'COLLISION_BEACON',
  'TX_FREQ',
  'TX_POWER',
  'GPS_UNLOCKED',
] as const;
