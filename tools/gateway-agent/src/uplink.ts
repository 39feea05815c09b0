/**
 * Semtech UDP (what the packet forwarder sends) to the MQTT gateway messages
 * (docs/protocols/gateway-mqtt.md): rxpk to UplinkFrame, stat to GatewayStats.
 */
import type { GatewayStats, UplinkFrame } from '@lns/contract/gateway-mqtt';
import type { Rxpk, Stat } from '@lns/semtech-udp/packets';

/** "SF7BW125" to spreading factor and bandwidth in Hz. */
export function loraDatr(datr: string): { spreadingFactor: number; bandwidth: number } | null {
  const m = /^SF(\d{1,2})BW(\d{2,4}(?:\.\d+)?)$/.exec(datr);
  if (!m) return null;
  return { spreadingFactor: Number(m[1]), bandwidth: Math.round(Number(m[2]) * 1000) };
}

/** "4/5" to "CR_4_5", "4/8LI" (2.4 GHz long interleaving) to "CR_LI_4_8"; anything else is left out. */
export function codeRateName(codr: string | undefined): string | undefined {
  const m = codr ? /^4\/([5-8])(LI)?$/.exec(codr) : null;
  if (!m) return undefined;
  return m[2] ? `CR_LI_4_${m[1]}` : `CR_4_${m[1]}`;
}

/** The concentrator's 32-bit µs counter as 4 bytes big-endian, Base64. */
export function contextOf(tmst: number): string {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(tmst >>> 0);
  return b.toString('base64');
}

/** A protobuf Duration in its JSON form, ms resolution: 1448366418123 ms → "1448366418.123s". */
export const durationOf = (ms: number) => `${(ms / 1000).toFixed(3)}s`;

/**
 * One received frame; null when the forwarder marks its CRC bad or absent (stat -1 or 0) or the
 * data rate cannot be read. A forwarder that leaves `stat` out is taken at its word.
 */
export function uplinkFrameOf(r: Rxpk, gatewayId: string, uplinkId: number): UplinkFrame | null {
  if ((r.stat ?? 1) !== 1) return null;
  let modulation: UplinkFrame['txInfo']['modulation'];
  if (r.modu === 'FSK') {
    if (typeof r.datr !== 'number') return null;
    modulation = { fsk: { datarate: r.datr } };
  } else {
    const dr = typeof r.datr === 'string' ? loraDatr(r.datr) : null;
    if (!dr) return null;
    const codeRate = codeRateName(r.codr);
    modulation = { lora: { ...dr, ...(codeRate ? { codeRate } : {}) } };
  }
  const rxInfo: UplinkFrame['rxInfo'] = {
    gatewayId,
    uplinkId,
    rssi: r.rssi,
    ...(r.lsnr !== undefined ? { snr: r.lsnr } : {}),
    ...(r.chan !== undefined ? { channel: r.chan } : {}),
    ...(r.rfch !== undefined ? { rfChain: r.rfch } : {}),
    context: contextOf(r.tmst),
    crcStatus: 'CRC_OK',
  };
  if (r.time && Number.isFinite(Date.parse(r.time))) rxInfo.gwTime = r.time;
  if (r.tmms !== undefined) rxInfo.timeSinceGpsEpoch = durationOf(r.tmms);
  return {
    phyPayload: r.data,
    txInfo: { frequency: Math.round(r.freq * 1_000_000), modulation },
    rxInfo,
  };
}

const count = (v: unknown) => (typeof v === 'number' && Number.isInteger(v) && v >= 0 ? v : undefined);

/** The forwarder's `stat` (counts of its last stat interval, position when it has GPS). */
export function gatewayStatsOf(s: Stat, gatewayId: string, now = new Date()): GatewayStats {
  const out: GatewayStats = { gatewayId, time: now.toISOString() };
  const fields = [
    ['rxPacketsReceived', s.rxnb],
    ['rxPacketsReceivedOk', s.rxok],
    ['txPacketsReceived', s.dwnb],
    ['txPacketsEmitted', s.txnb],
  ] as const;
  for (const [name, value] of fields) {
    const n = count(value);
    if (n !== undefined) out[name] = n;
  }
  if (typeof s.lati === 'number' && typeof s.long === 'number' && (s.lati !== 0 || s.long !== 0)) {
    out.location = { latitude: s.lati, longitude: s.long, ...(typeof s.alti === 'number' ? { altitude: s.alti } : {}) };
  }
  return out;
}
