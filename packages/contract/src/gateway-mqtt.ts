/**
 * Gateways over MQTT (docs/protocols/gateway-mqtt.md): the ChirpStack MQTT Forwarder topic layout and
 * the fields of its JSON messages this server reads and writes. Unknown fields pass; what is read is
 * checked, so a malformed message is dropped and counted, never half-used.
 */
import { z } from 'zod';

const EUI = /^[0-9a-f]{16}$/;
/** `<prefix>/gateway/<gwID>/<kind>/<name>`: kind event, state, command or agent. */
const TOPIC = /^([^/#+$][^/#+]{0,63})\/gateway\/([0-9a-f]{16})\/(event|state|command|agent)\/([a-z][a-z-]{0,15})$/;

export type GatewayTopicKind = 'event' | 'state' | 'command' | 'agent';
export interface GatewayTopic {
  prefix: string;
  gwID: string;
  kind: GatewayTopicKind;
  name: string;
}

export function parseGatewayTopic(topic: string): GatewayTopic | null {
  const m = TOPIC.exec(topic);
  return m ? { prefix: m[1]!, gwID: m[2]!, kind: m[3] as GatewayTopicKind, name: m[4]! } : null;
}

export const gatewayTopic = (prefix: string, gwID: string, kind: GatewayTopicKind, name: string) =>
  `${prefix}/gateway/${gwID}/${kind}/${name}`;

/** What the server subscribes to (shared among instances on an external broker). */
export const GATEWAY_EVENT_FILTERS = ['+/gateway/+/event/+', '+/gateway/+/state/+', '+/gateway/+/agent/+'] as const;

/** What a gateway may publish (kind/name) and subscribe to (kind/name, `#` for all of a kind). */
export const GATEWAY_PUBLISHES = [
  'event/up',
  'event/stats',
  'event/ack',
  'state/conn',
  'agent/report',
  'agent/response',
  'agent/shell-out',
];
export const GATEWAY_SUBSCRIBES = [
  'command/#',
  'command/down',
  'command/config',
  'agent/request',
  'agent/config',
  'agent/shell-in',
];

export const isGatewayId = (s: string) => EUI.test(s);

const u32 = z.number().int().min(0).max(0xffffffff);
const base64 = z.string().regex(/^[A-Za-z0-9+/]*={0,2}$/);

export const loraModulation = z.object({
  bandwidth: u32,
  spreadingFactor: z.number().int().min(5).max(12),
  codeRate: z.string().optional(),
  polarizationInversion: z.boolean().optional(),
});
export const modulation = z.object({
  lora: loraModulation.optional(),
  fsk: z.object({ datarate: u32, frequencyDeviation: u32.optional() }).optional(),
});

export const uplinkFrame = z.object({
  phyPayload: base64.min(1),
  txInfo: z.object({ frequency: u32, modulation }),
  rxInfo: z.object({
    gatewayId: z.string().optional(),
    uplinkId: u32.optional(),
    rssi: z.number(),
    snr: z.number().optional(),
    channel: z.number().int().optional(),
    rfChain: z.number().int().optional(),
    /** The concentrator counter (µs, 4 bytes big-endian): the UDP `tmst`. */
    context: base64.optional(),
    crcStatus: z.string().optional(),
    gwTime: z.string().optional(),
    timeSinceGpsEpoch: z.string().optional(),
  }),
});
export type UplinkFrame = z.infer<typeof uplinkFrame>;

export const gatewayStats = z.object({
  gatewayId: z.string().optional(),
  time: z.string().optional(),
  rxPacketsReceived: u32.optional(),
  rxPacketsReceivedOk: u32.optional(),
  txPacketsReceived: u32.optional(),
  txPacketsEmitted: u32.optional(),
  location: z.object({ latitude: z.number(), longitude: z.number(), altitude: z.number().optional() }).optional(),
  metadata: z.record(z.string(), z.string()).optional(),
});
export type GatewayStats = z.infer<typeof gatewayStats>;

export const connState = z.object({ gatewayId: z.string().optional(), state: z.enum(['ONLINE', 'OFFLINE']) });

/** TxAckStatus names; OK is the UDP TX_ACK `NONE`, the others keep their names. */
export const TX_ACK_STATUSES = [
  'IGNORED',
  'OK',
  'TOO_LATE',
  'TOO_EARLY',
  'COLLISION_PACKET',
  'COLLISION_BEACON',
  'TX_FREQ',
  'TX_POWER',
  'GPS_UNLOCKED',
  'QUEUE_FULL',
  'INTERNAL_ERROR',
  'DUTY_CYCLE_OVERFLOW',
] as const;
export const downlinkTxAck = z.object({
  gatewayId: z.string().optional(),
  downlinkId: u32,
  items: z.array(z.object({ status: z.enum(TX_ACK_STATUSES).default('IGNORED') })).default([]),
});

export interface DownlinkFrame {
  downlinkId: number;
  gatewayId: string;
  items: {
    phyPayload: string;
    txInfo: {
      frequency: number;
      power: number;
      modulation: z.infer<typeof modulation>;
      timing:
        | { immediately: Record<string, never> }
        | { delay: { delay: string } }
        | { gpsEpoch: { timeSinceGpsEpoch: string } };
      context?: string;
    };
  }[];
}
