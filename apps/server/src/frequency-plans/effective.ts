import { createHash } from 'node:crypto';
import { chipOf, type TxGainEntry, txLutFile } from '@lns/contract/frequency-plans';

/** Where the gateway's packet forwarder sends its Semtech UDP (this server, or the agent in front of it). */
export interface UdpTarget {
  host: string;
  port: number;
}

export interface EffectiveInput {
  gwId: string;
  /** The global configuration's JSON. */
  globalConf: unknown;
  /** The tx LUT file's JSON, when the gateway's type has one for its region. */
  txLut?: unknown;
  server: UdpTarget;
}

export type Effective = { content: Buffer; sha256: string } | { why: string };

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => !!v && typeof v === 'object' && !Array.isArray(v);

/**
 * A gateway's packet-forwarder configuration: the global configuration of its region/subnet, the
 * tx LUT of its type and region put in, and `gateway_conf` naming the gateway and the server.
 * Pure and deterministic: the same inputs give the same bytes, so the SHA-256 says whether a
 * gateway runs what it should.
 */
export function effectiveConfig(i: EffectiveInput): Effective {
  const chip = chipOf(i.globalConf);
  if (!chip) return { why: 'the global configuration has no SX130x_conf or SX1301_conf object' };
  const conf = structuredClone(i.globalConf) as Obj;
  if (i.txLut !== undefined) {
    const lut = txLutFile.safeParse(i.txLut);
    if (!lut.success) return { why: 'the tx lookup table is not a table of tx gain entries' };
    const put =
      chip === 'SX130x' ? putSx130x(conf.SX130x_conf as Obj, lut.data) : putSx1301(conf.SX1301_conf as Obj, lut.data);
    if (put) return { why: put };
  }
  const gw = isObj(conf.gateway_conf) ? conf.gateway_conf : {};
  conf.gateway_conf = {
    ...gw,
    gateway_ID: i.gwId.toUpperCase(),
    server_address: i.server.host,
    serv_port_up: i.server.port,
    serv_port_down: i.server.port,
  };
  const content = Buffer.from(`${JSON.stringify(conf, null, 2)}\n`);
  return { content, sha256: createHash('sha256').update(content).digest('hex') };
}

/** SX1302/SX1303: the LUT of the radio that transmits (tx_enable), radio_0 when none says so. */
function putSx130x(sx: Obj, entries: TxGainEntry[]): string | undefined {
  const radios = Object.keys(sx).filter((k) => /^radio_\d+$/.test(k) && isObj(sx[k]));
  if (radios.length === 0) return 'the SX130x_conf section has no radio_<n> object to put the tx lookup table in';
  const tx = radios.find((k) => (sx[k] as Obj).tx_enable === true) ?? radios.sort()[0]!;
  (sx[tx] as Obj).tx_gain_lut = entries.map((e) => ({ ...e }));
  return undefined;
}

/** SX1301: `tx_lut_0` … `tx_lut_<n-1>` replace the ones the file had. */
function putSx1301(sx: Obj, entries: TxGainEntry[]): string | undefined {
  for (const k of Object.keys(sx)) if (/^tx_lut_\d+$/.test(k)) delete sx[k];
  entries.forEach((e, n) => {
    sx[`tx_lut_${n}`] = { desc: `TX gain table, index ${n}`, ...e };
  });
  return undefined;
}
