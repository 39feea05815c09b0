/**
 * What a gateway reports, as the status calls answer it (docs/product/gateways.md#status): the
 * latest value of each field its agent or packet forwarder sent, and the link and frame counts the
 * server knows itself. Fields never reported are absent.
 */
import { z } from 'zod';
import { reportInfo, reportNetwork, reportPacketForwarder, reportSystem, reportVersions } from './gateway-agent';
import { eui64 } from './hex';

/** `gwID`, or its alias `gatewayId` (the console's command pages send that). */
export const gwStatusQuery = z.preprocess(
  (v) =>
    v && typeof v === 'object' && !('gwID' in v) && 'gatewayId' in v
      ? { ...v, gwID: (v as { gatewayId: unknown }).gatewayId }
      : v,
  z.object({ gwID: eui64 }),
);

const reported = { updatedAt: z.number().nullable() };
export const statusNetwork = reportNetwork.extend(reported);
export const statusSystem = reportSystem.extend(reported);
export const statusPacketForwarder = reportPacketForwarder.extend({
  ...reported,
  /** The last `stat` of the packet forwarder (UDP) or GatewayStats (MQTT), as stored. */
  stat: z.record(z.string(), z.unknown()).nullable(),
});
export const statusVersions = z.object({
  ...reported,
  info: reportInfo,
  versions: reportVersions,
});
export const statusOnline = z.object({
  online: z.boolean(),
  /** MQTT or PFUDP. */
  link: z.string(),
  lastSeen: z.number().nullable(),
  /** When the gateway last went online or offline (link history), null when never. */
  since: z.number().nullable(),
  uptime: z.number().nullable(),
});
export const statusFrame = z.object({
  /** Frames in the last 24 h, and when the last of each went. */
  uplinks24h: z.number().int(),
  downlinks24h: z.number().int(),
  lastUplink: z.number().nullable(),
  lastDownlink: z.number().nullable(),
  /** Per hour of the last 24 h, oldest first. */
  hourly: z.array(z.object({ hour: z.number(), up: z.number().int(), down: z.number().int() })),
});

export const gatewayMqttInfo = z.object({
  /** The gateway's ID: its MQTT user name. */
  username: z.string(),
  password: z.string(),
  url: z.string(),
  /** Topic prefix suggestion (the gateway's region, as ChirpStack names it). */
  topicPrefix: z.string(),
});
export type GatewayMqttInfo = z.infer<typeof gatewayMqttInfo>;
