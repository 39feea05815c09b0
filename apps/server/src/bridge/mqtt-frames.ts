import type { DownlinkFrame, GatewayStats, UplinkFrame } from '@lns/contract/gateway-mqtt';
import type { Rxpk, Stat, Txpk } from '@lns/semtech-udp/packets';

/**
 * Conversions between the ChirpStack gateway messages (docs/protocols/gateway-mqtt.md) and the
 * Semtech packet-forwarder structures the data plane works with, so both links share one pipeline.
 */

const CODE_RATES: Record<string, string> = { CR_4_5: '4/5', CR_4_6: '4/6', CR_4_7: '4/7', CR_4_8: '4/8' };
const codeRateName = (codr: string | undefined) =>
  Object.entries(CODE_RATES).find(([, v]) => v === codr)?.[0] ?? 'CR_4_5';

/** The 4-byte big-endian counter of a `context`, or 0 when it has none. */
function counterOf(context: string | undefined): number {
  const b = Buffer.from(context ?? '', 'base64');
  return b.length >= 4 ? b.readUInt32BE(0) : 0;
}
const contextOf = (counter: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(counter >>> 0);
  return b.toString('base64');
};

/** An UplinkFrame as the rxpk a packet forwarder would have sent; undefined for a CRC failure or no modulation. */
export function rxpkOfUplink(u: UplinkFrame): Rxpk | undefined {
  if (u.rxInfo.crcStatus !== undefined && u.rxInfo.crcStatus !== 'CRC_OK') return undefined;
  const { lora, fsk } = u.txInfo.modulation;
  const data = u.phyPayload;
  const common = {
    tmst: counterOf(u.rxInfo.context),
    freq: u.txInfo.frequency / 1e6,
    chan: u.rxInfo.channel,
    rfch: u.rxInfo.rfChain,
    stat: 1,
    rssi: u.rxInfo.rssi,
    size: Buffer.from(data, 'base64').length,
    data,
    ...(u.rxInfo.gwTime ? { time: u.rxInfo.gwTime } : {}),
  };
  if (lora)
    return {
      ...common,
      modu: 'LORA',
      datr: `SF${lora.spreadingFactor}BW${Math.round(lora.bandwidth / 1000)}`,
      codr: CODE_RATES[lora.codeRate ?? ''] ?? '4/5',
      lsnr: u.rxInfo.snr ?? 0,
    };
  if (fsk) return { ...common, modu: 'FSK', datr: fsk.datarate };
  return undefined;
}

/** GatewayStats as a packet forwarder `stat`. */
export function statOfStats(s: GatewayStats): Stat {
  return {
    ...(s.time ? { time: s.time } : {}),
    ...(s.location ? { lati: s.location.latitude, long: s.location.longitude, alti: s.location.altitude ?? 0 } : {}),
    rxnb: s.rxPacketsReceived ?? 0,
    rxok: s.rxPacketsReceivedOk ?? 0,
    dwnb: s.txPacketsReceived ?? 0,
    txnb: s.txPacketsEmitted ?? 0,
  };
}

/** `1448366421.150s`: a protobuf Duration in its JSON form. */
const duration = (ms: number) => `${Math.floor(ms / 1000)}.${String(Math.round(ms % 1000)).padStart(3, '0')}s`;

/** A txpk as a DownlinkFrame with one item: `tmst` as delay 0 from that counter, `imme`, or `tmms` (GPS). */
export function downlinkOfTxpk(gatewayId: string, downlinkId: number, t: Txpk): DownlinkFrame {
  const datr = typeof t.datr === 'string' ? /^SF(\d+)BW(\d+)$/.exec(t.datr) : null;
  const modulation = datr
    ? {
        lora: {
          bandwidth: Number(datr[2]) * 1000,
          spreadingFactor: Number(datr[1]),
          codeRate: codeRateName(t.codr),
          polarizationInversion: t.ipol,
        },
      }
    : { fsk: { datarate: Number(t.datr), frequencyDeviation: t.fdev ?? 0 } };
  const timing =
    t.tmms !== undefined
      ? { gpsEpoch: { timeSinceGpsEpoch: duration(t.tmms) } }
      : t.imme || t.tmst === undefined
        ? { immediately: {} as Record<string, never> }
        : { delay: { delay: '0s' } };
  return {
    downlinkId,
    gatewayId,
    items: [
      {
        phyPayload: t.data,
        txInfo: {
          frequency: Math.round(t.freq * 1e6),
          power: t.powe,
          modulation,
          timing,
          ...('delay' in timing ? { context: contextOf(t.tmst!) } : {}),
        },
      },
    ],
  };
}
