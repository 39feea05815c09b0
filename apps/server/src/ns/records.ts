import type { AppMessage, DownlinkRecord, GatewayFrame, ProtocolFrame, RxInfo } from '@lns/contract/frames';
import { RELAY_LINK } from '@lns/contract/relay';
import { parseDatr } from '@lns/lorawan/regions';
import type { Rxpk } from '@lns/semtech-udp/packets';
import type { deviceFrames, deviceMessages, downlinks, gatewayFrames } from '../db/schema/dataplane';
import type { RxCopy } from './dedup';

export const freqHz = (mhz: number): number => Math.round(mhz * 1e6);

/** SF and BW (kHz) of a packet-forwarder datr; nulls for FSK or garbage. */
export function sfbw(datr: string | number): { sf: number | null; bw: number | null } {
  try {
    const d = parseDatr(datr);
    return { sf: d.sf ?? null, bw: d.bw ?? null };
  } catch {
    return { sf: null, bw: null };
  }
}

export function rxInfoOf(c: { gwId: string; rxpk: Rxpk }): RxInfo {
  const r = c.rxpk;
  return {
    gwID: c.gwId,
    rssi: r.rssi,
    snr: r.lsnr ?? 0,
    tmst: r.tmst,
    freq: freqHz(r.freq),
    ...(r.chan !== undefined ? { chan: r.chan } : {}),
    ...(r.time !== undefined ? { time: r.time } : {}),
  };
}

/** Highest SNR, then highest RSSI (the downlink path and the device's reported signal). */
export function bestCopy<T extends RxCopy>(copies: readonly T[]): T | undefined {
  let best: T | undefined;
  for (const c of copies) {
    if (
      !best ||
      (c.rxpk.lsnr ?? -99) > (best.rxpk.lsnr ?? -99) ||
      ((c.rxpk.lsnr ?? -99) === (best.rxpk.lsnr ?? -99) && c.rxpk.rssi > best.rxpk.rssi)
    )
      best = c;
  }
  return best;
}

/** A frame or message without `link` was heard by a gateway (the column's default). */
const linkRow = (f: Pick<ProtocolFrame, 'link' | 'relayDevEUI'>) => ({
  link: f.link ?? RELAY_LINK.GATEWAY,
  relayDevEui: f.relayDevEUI ?? null,
});

/** Only relayed rows carry the link fields, so a gateway's frames read as they always did. */
const linkOfRow = (r: { link: number; relayDevEui: string | null }) =>
  r.link === RELAY_LINK.RELAY ? { link: RELAY_LINK.RELAY, relayDevEUI: r.relayDevEui } : {};

export const protocolFrameRow = (f: ProtocolFrame): typeof deviceFrames.$inferInsert => ({
  msgId: f.msgID,
  devEui: f.devEUI,
  createdAt: f.createtime,
  devAddr: f.devAddr,
  msgType: f.msgType,
  uplink: f.uplink,
  confirmed: f.confirmed,
  fCnt: f.fCnt,
  fPort: f.fPort,
  phy: f.phy,
  data: f.data,
  macCommands: f.macCommands,
  adr: f.adr ?? null,
  ack: f.ack ?? null,
  gwId: f.gwID,
  sf: f.sf,
  bw: f.bw,
  freq: f.freq,
  rssi: f.rssi,
  snr: f.snr,
  rxInfo: f.rxInfo,
  ...linkRow(f),
});

export const protocolFrameOf = (r: typeof deviceFrames.$inferSelect): ProtocolFrame => ({
  msgID: r.msgId,
  createtime: r.createdAt,
  devEUI: r.devEui,
  devAddr: r.devAddr,
  msgType: r.msgType,
  uplink: r.uplink,
  confirmed: r.confirmed,
  fCnt: r.fCnt,
  fPort: r.fPort,
  phy: r.phy,
  data: r.data,
  macCommands: r.macCommands,
  ...(r.adr !== null ? { adr: r.adr } : {}),
  ...(r.ack !== null ? { ack: r.ack } : {}),
  gwID: r.gwId,
  sf: r.sf,
  bw: r.bw,
  freq: r.freq,
  rssi: r.rssi,
  snr: r.snr,
  rxInfo: r.rxInfo as RxInfo[],
  ...linkOfRow(r),
});

export const appMessageRow = (m: AppMessage): typeof deviceMessages.$inferInsert => ({
  msgId: m.msgID,
  devEui: m.devEUI,
  createdAt: m.createtime,
  type: m.type,
  devAddr: m.devAddr,
  fCnt: m.fCnt,
  fPort: m.fPort,
  confirmed: m.confirmed,
  data: m.data,
  object: m.object ?? null,
  decodeError: m.decodeError ?? null,
  dr: m.dr,
  sf: m.sf,
  bw: m.bw,
  freq: m.freq,
  rssi: m.rxInfo[0]?.rssi ?? null,
  snr: m.rxInfo[0]?.snr ?? null,
  gwId: m.rxInfo[0]?.gwID ?? null,
  rxInfo: m.rxInfo,
  ...linkRow(m),
});

/** devName and appID are not stored per message; the caller supplies them from the device. */
export const appMessageOf = (
  r: typeof deviceMessages.$inferSelect,
  dev: { devName: string; appID: number },
): AppMessage & { rssi: number | null; snr: number | null; gwID: string | null } => ({
  msgID: r.msgId,
  createtime: r.createdAt,
  type: r.type,
  devEUI: r.devEui,
  devName: dev.devName,
  appID: dev.appID,
  devAddr: r.devAddr,
  fCnt: r.fCnt,
  fPort: r.fPort,
  confirmed: r.confirmed,
  data: r.data,
  ...(r.object !== null ? { object: r.object } : {}),
  ...(r.decodeError !== null ? { decodeError: r.decodeError } : {}),
  dr: r.dr,
  sf: r.sf,
  bw: r.bw,
  freq: r.freq,
  rxInfo: r.rxInfo as RxInfo[],
  rssi: r.rssi,
  snr: r.snr,
  gwID: r.gwId,
  ...linkOfRow(r),
});

export const gatewayFrameRow = (g: GatewayFrame): typeof gatewayFrames.$inferInsert => ({
  msgId: g.msgID,
  gwId: g.gwID,
  createdAt: g.createtime,
  uplink: g.uplink,
  msgType: g.msgType,
  devAddr: g.devAddr,
  devEui: g.devEUI,
  phy: g.phy,
  data: g.data,
  sf: g.sf,
  bw: g.bw,
  freq: g.freq,
  rssi: g.rssi,
  snr: g.snr,
  size: g.size,
});

export const gatewayFrameOf = (r: typeof gatewayFrames.$inferSelect): GatewayFrame => ({
  msgID: r.msgId,
  createtime: r.createdAt,
  gwID: r.gwId,
  uplink: r.uplink,
  msgType: r.msgType,
  devAddr: r.devAddr,
  devEUI: r.devEui,
  phy: r.phy,
  data: r.data,
  sf: r.sf,
  bw: r.bw,
  freq: r.freq,
  rssi: r.rssi,
  snr: r.snr,
  size: r.size,
});

export type DownlinkRow = typeof downlinks.$inferSelect;

export const downlinkRecordOf = (r: DownlinkRow): DownlinkRecord => ({
  msgID: r.msgId,
  createtime: r.createdAt,
  devEUI: r.devEui,
  fPort: r.fPort,
  data: r.data,
  confirmed: r.confirmed,
  macCommands: r.macCommands,
  fCnt: r.fCnt,
  status: r.status,
  delivery: r.delivery,
  responseErrorByGateway: r.responseError,
  gwID: r.gwId,
  dltime: r.dltime,
  ack: r.ack,
  retries: r.retries,
});
