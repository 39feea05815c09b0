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
  | { kind: 'PUSH_DATA'; version: number; token: number; gatewayEui: string; rxpk: Rxpk[]; stat?: Stat }
  | { kind: 'PULL_DATA'; version: number; token: number; gatewayEui: string }
  | { kind: 'TX_ACK'; version: number; token: number; gatewayEui: string; error: string }
  | { kind: 'PUSH_ACK' | 'PULL_ACK'; version: number; token: number }
  | { kind: 'PULL_RESP'; version: number; token: number; txpk: Txpk };

function json(buf: Buffer, from: number): Record<string, unknown> {
  const text = buf.subarray(from).toString('utf8').replace(/\0+$/, '');
  if (!text.trim()) return {};
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch {
    throw new SemtechError('JSON payload is not valid JSON');
  }
  if (!v || typeof v !== 'object' || Array.isArray(v)) throw new SemtechError('JSON payload is not an object');
  return v as Record<string, unknown>;
}

function validRxpk(r: unknown): r is Rxpk {
  if (!r || typeof r !== 'object') return false;
  const x = r as Record<string, unknown>;
  return (
    typeof x.tmst === 'number' &&
    typeof x.freq === 'number' &&
    typeof x.data === 'string' &&
    typeof x.rssi === 'number' &&
    (typeof x.datr === 'string' || typeof x.datr === 'number')
  );
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
      const rxpk = Array.isArray(body.rxpk) ? body.rxpk.filter(validRxpk) : [];
      if (Array.isArray(body.rxpk) && rxpk.length !== body.rxpk.length)
        throw new SemtechError('rxpk entry lacks tmst, freq, datr, rssi or data');
      const stat = body.stat && typeof body.stat === 'object' ? (body.stat as Stat) : undefined;
      return { kind: 'PUSH_DATA', version, token, gatewayEui, rxpk, stat };
    }
    case PULL_DATA:
      return { kind: 'PULL_DATA', version, token, gatewayEui: eui() };
    case TX_ACK: {
      const gatewayEui = eui();
      const body = buf.length > 12 ? json(buf, 12) : {};
      const ack = body.txpk_ack as { error?: unknown } | undefined;
      const error = typeof ack?.error === 'string' ? ack.error : 'NONE';
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
