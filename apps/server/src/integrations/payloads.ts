/**
 * What HTTP push and MQTT send: one JSON shape per event, the same on both (docs/integrations.md).
 * The inputs are the `services.local` events of bus/bus.ts (payloads in bus/events.ts).
 */
import type { AppMessage, DownlinkRecord, RxInfo } from '@lns/contract/frames';
import type { AppRef, GatewayConnectionEvent, GatewayStatEvent } from '../bus/events';

export interface UplinkPayload {
  type: 'uplink';
  msgID: string;
  createtime: number;
  appID: number;
  appName: string;
  devEUI: string;
  devName: string;
  devAddr: string;
  fCnt: number | null;
  fPort: number | null;
  confirmed: boolean;
  /** Decrypted FRMPayload, hex. */
  payload: string;
  payloadBase64: string;
  /** The application decoder's output, when it has one. */
  object?: unknown;
  /** Why the decoder gave no object. */
  decodeError?: string;
  dr: number | null;
  sf: number | null;
  bw: number | null;
  freq: number | null;
  /** One entry per gateway that heard the frame. */
  rxInfo: RxInfo[];
}
export type JoinPayload = Omit<
  UplinkPayload,
  'type' | 'fCnt' | 'fPort' | 'confirmed' | 'payload' | 'payloadBase64' | 'object' | 'decodeError'
> & {
  type: 'join';
};

export function uplinkPayload(m: AppMessage, app: AppRef): UplinkPayload {
  return {
    type: 'uplink',
    msgID: m.msgID,
    createtime: m.createtime,
    appID: app.appID,
    appName: app.appName,
    devEUI: m.devEUI,
    devName: m.devName,
    devAddr: m.devAddr,
    fCnt: m.fCnt,
    fPort: m.fPort,
    confirmed: m.confirmed,
    payload: m.data,
    payloadBase64: Buffer.from(m.data, 'hex').toString('base64'),
    ...(m.object === undefined ? {} : { object: m.object }),
    ...(m.decodeError === undefined ? {} : { decodeError: m.decodeError }),
    dr: m.dr,
    sf: m.sf,
    bw: m.bw,
    freq: m.freq,
    rxInfo: m.rxInfo ?? [],
  };
}

export function joinPayload(m: AppMessage, app: AppRef): JoinPayload {
  return {
    type: 'join',
    msgID: m.msgID,
    createtime: m.createtime,
    appID: app.appID,
    appName: app.appName,
    devEUI: m.devEUI,
    devName: m.devName,
    devAddr: m.devAddr,
    dr: m.dr,
    sf: m.sf,
    bw: m.bw,
    freq: m.freq,
    rxInfo: m.rxInfo ?? [],
  };
}

/** Downlink status change (MQTT only): the downlink record plus its application. */
export const statusPayload = (d: DownlinkRecord, appID: number) => ({ type: 'status' as const, appID, ...d });

export const gatewayStatPayload = (e: GatewayStatEvent, gwName: string) => ({
  type: 'gwstat' as const,
  gwID: e.gwID,
  gwName,
  createtime: e.createtime,
  stat: e.stat,
});

export const gatewayConnectionPayload = (e: GatewayConnectionEvent, gwName: string) => ({
  type: 'gwconnection' as const,
  gwID: e.gwID,
  gwName,
  online: e.online,
  createtime: e.createtime,
});

/** URL + suffix without doubling a trailing slash (as the console shows the join/uplink URLs). */
export const withSuffix = (url: string, suffix: string) => `${url.replace(/\/+$/, '')}${suffix}`;
