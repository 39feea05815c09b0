/**
 * What the data plane stores and streams: protocol-layer frames, application-layer messages,
 * gateway frames, downlinks and their status. Shapes are shared by the history APIs, the
 * WebSocket streams, HTTP push and MQTT, so a consumer learns one vocabulary.
 */
import { z } from 'zod';
import { RELAY_LINK } from './relay';

/** MType values as the LoRaWAN specification numbers them. */
export const MSG_TYPES = {
  0: 'Join Request',
  1: 'Join Accept',
  2: 'Unconfirmed Data Up',
  3: 'Unconfirmed Data Down',
  4: 'Confirmed Data Up',
  5: 'Confirmed Data Down',
  6: 'Rejoin Request',
  7: 'Proprietary',
} as const;
export type MsgType = keyof typeof MSG_TYPES;

/**
 * How a frame reached the network (LoRaWAN Relay TS011): present on a device's frames and messages
 * relayed by another device (link 1 with the relay's DevEUI); absent when a gateway heard it (2).
 */
const linkFields = {
  link: z.union([z.literal(RELAY_LINK.RELAY), z.literal(RELAY_LINK.GATEWAY)]).optional(),
  relayDevEUI: z.string().nullable().optional(),
};

/** One gateway's reception of an uplink. */
export const rxInfo = z.object({
  gwID: z.string(),
  rssi: z.number(),
  snr: z.number(),
  tmst: z.number(),
  freq: z.number().describe('Hz'),
  chan: z.number().optional(),
  time: z.string().optional(),
});
export type RxInfo = z.infer<typeof rxInfo>;

/** A protocol-layer frame of a device (up or down), as history and streams show it. */
export const protocolFrame = z.object({
  msgID: z.string(),
  createtime: z.number(),
  devEUI: z.string(),
  devAddr: z.string(),
  msgType: z.number().int().min(0).max(7),
  uplink: z.boolean(),
  confirmed: z.boolean(),
  fCnt: z.number().int().nullable(),
  fPort: z.number().int().nullable(),
  /** PHYPayload, hex. */
  phy: z.string(),
  /** FRMPayload as sent (encrypted), hex. */
  data: z.string(),
  /** MAC commands carried (FOpts or port 0), decoded names and fields. */
  macCommands: z.array(z.record(z.string(), z.unknown())).default([]),
  adr: z.boolean().optional(),
  ack: z.boolean().optional(),
  gwID: z.string().nullable(),
  sf: z.number().int().nullable(),
  bw: z.number().int().nullable(),
  freq: z.number().nullable(),
  rssi: z.number().nullable(),
  snr: z.number().nullable(),
  /** Every gateway's reception, the best (highest SNR, then RSSI: gwID, rssi and snr above) first, the others as they came. */
  rxInfo: z.array(rxInfo).default([]),
  ...linkFields,
});
export type ProtocolFrame = z.infer<typeof protocolFrame>;

/** An application-layer message: decrypted payload of a data uplink (or a join). */
export const appMessage = z.object({
  msgID: z.string(),
  createtime: z.number(),
  type: z.enum(['uplink', 'join', 'downlink']),
  devEUI: z.string(),
  devName: z.string(),
  appID: z.number().int(),
  devAddr: z.string(),
  fCnt: z.number().int().nullable(),
  fPort: z.number().int().nullable(),
  confirmed: z.boolean(),
  /** Decrypted FRMPayload, hex. */
  data: z.string(),
  /** Output of the application's decoder, when it has one. */
  object: z.unknown().optional(),
  /** Why the decoder gave no object (script error, timeout, malformed Cayenne LPP). */
  decodeError: z.string().optional(),
  dr: z.number().int().nullable(),
  sf: z.number().int().nullable(),
  bw: z.number().int().nullable(),
  freq: z.number().nullable(),
  /** Every gateway's reception, the best (highest SNR, then RSSI) first, the others as they came. */
  rxInfo: z.array(rxInfo).default([]),
  ...linkFields,
});
export type AppMessage = z.infer<typeof appMessage>;

/** A frame a gateway heard or sent, known device or not. */
export const gatewayFrame = z.object({
  msgID: z.string(),
  createtime: z.number(),
  gwID: z.string(),
  uplink: z.boolean(),
  msgType: z.number().int().min(0).max(7).nullable(),
  devAddr: z.string().nullable(),
  devEUI: z.string().nullable(),
  phy: z.string(),
  data: z.string(),
  sf: z.number().int().nullable(),
  bw: z.number().int().nullable(),
  freq: z.number().nullable(),
  rssi: z.number().nullable(),
  snr: z.number().nullable(),
  size: z.number().int(),
});
export type GatewayFrame = z.infer<typeof gatewayFrame>;

/**
 * Downlink status: enqueued, sent (waiting for the gateway's TX_ACK or the device's ACK), sent OK
 * (for a confirmed downlink: sent, not yet confirmed), confirmed by the device's ACK, timed out.
 */
export const DOWNLINK_STATUS = { ENQUEUED: 0, SENT: 1, SENT_OK: 2, CONFIRMED: 3, TIMEOUT: 4 } as const;
export type DownlinkStatus = (typeof DOWNLINK_STATUS)[keyof typeof DOWNLINK_STATUS];
/** Delivery as reported by the gateway: not sent, sent, success (TX_ACK NONE), error (TX_ACK error). */
export const DELIVERY = ['not_sent', 'sent', 'success', 'error'] as const;
export type Delivery = (typeof DELIVERY)[number];

export const downlinkRecord = z.object({
  msgID: z.string(),
  createtime: z.number(),
  devEUI: z.string(),
  fPort: z.number().int(),
  data: z.string(),
  confirmed: z.boolean(),
  macCommands: z.boolean(),
  fCnt: z.number().int().nullable(),
  status: z.literal(Object.values(DOWNLINK_STATUS)),
  delivery: z.enum(DELIVERY),
  /** The gateway's TX_ACK error value when delivery is 'error'. */
  responseErrorByGateway: z.string().nullable(),
  gwID: z.string().nullable(),
  /** When it left for the gateway. */
  dltime: z.number().nullable(),
  ack: z.enum(['ACK', 'NACK']).nullable(),
  retries: z.number().int(),
});
export type DownlinkRecord = z.infer<typeof downlinkRecord>;

/** Events on the bus (apps/server/src/bus): the `kind` says which shape `data` has. */
export type BusEvent =
  | { kind: 'protocol'; data: ProtocolFrame }
  | { kind: 'app'; data: AppMessage }
  | { kind: 'gateway'; data: GatewayFrame }
  | { kind: 'downlink'; data: DownlinkRecord };
