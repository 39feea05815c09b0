/**
 * Requests and answers of the /api/relay/* calls (docs/product/relay.md). Their paths and payloads
 * are our decisions, recorded here and in that page:
 * - The device calls serve both product types: a relay (rhf3mr01) and a ladtp (rhf3m485) device.
 *   Calls that only make sense for one type refuse the other with 18001.
 * - Everything the server asks a device travels as a *request* of its protocol
 *   (docs/protocols/rhf3mr01.md, rhf3m485.md) and is kept with its state, so the console shows
 *   "waiting for the device" until the answer (or the timeout after 6 uplinks) arrives.
 * - Relay firmware tasks run on the FUOTA transfer (TS004 over a multicast group of relays):
 *   `enable` starts it, `recompose` runs a finished or failed task again, `devices/recompose` runs
 *   it again for the chosen relays only.
 */
import { z } from 'zod';
import { devEUI } from './devices';
import type { Args } from './endpoint';
import { checkFirmware, firmwareName, firmwarePayload, redundancyPercent, VERSION_TEXT_MAX } from './fuota';
import { text } from './input';
import { mcEUI } from './multicast';
import { pagingQuery } from './paging';
import { ladtpConfig, RELAY_BACKWARD_MODE, RELAY_WORK_MODE, relayConfig } from './relay';
import { V } from './validation';

/** Every management request the server can send, per product type (the protocol's message names). */
export const RELAY_REQUESTS = [
  'status',
  'slaves',
  'bind',
  'unbind',
  'mode',
  'configGet',
  'configSet',
  'rejoin',
  'firmware',
] as const;
export const LADTP_REQUESTS = ['status', 'configGet', 'configSet'] as const;
export type RelayRequestKind = (typeof RELAY_REQUESTS)[number];
/** What the console may ask for by hand ("event query"): a read of the device's state. */
export const RELAY_QUERIES = ['status', 'slaves', 'configGet', 'rejoin', 'firmware'] as const;

/**
 * A request's life: queued (waits for the device's next uplink, class C devices at once), sent,
 * done (answered with result 0), refused (answered with another result), timeout (no answer after
 * the retries of the protocol).
 */
export const RELAY_REQUEST_STATES = ['queued', 'sent', 'done', 'refused', 'timeout'] as const;
export type RelayRequestState = (typeof RELAY_REQUEST_STATES)[number];

/** Result codes of the protocols' answers (docs/protocols/rhf3mr01.md). */
export const RELAY_RESULT = {
  DONE: 0,
  VERSION: 1,
  UNKNOWN_TYPE: 2,
  OUT_OF_RANGE: 3,
  BUSY: 4,
  NO_SLAVE: 5,
  LIST_FULL: 6,
} as const;

/** EventReport events (docs/protocols/rhf3mr01.md). */
export const RELAY_EVENTS = {
  SLAVE_BOUND: 1,
  SLAVE_UNBOUND: 2,
  SLAVE_AUTO_UNBOUND: 3,
  SLAVE_CONFIG_UPDATED: 4,
  SLAVE_LOST: 5,
  GATEWAY_LINK_LOST: 6,
  GATEWAY_LINK_BACK: 7,
  SLAVE_REJOINED: 8,
  FIRMWARE_UPGRADED: 9,
  BATTERY_LOW: 10,
} as const;

/** One bind or unbind request names at most this many slaves. */
export const RELAY_BIND_MAX = 100;

const flag = z.preprocess((v) => (v === 1 || v === '1' ? true : v === 0 || v === '0' ? false : v), z.boolean());
const epochMs = z.coerce.number().int().min(0).max(8.64e15);
/** Times as epoch ms; 10-digit values are seconds (the console's rule). */
const time = z.preprocess((v) => {
  if (v === undefined || v === null || v === '') return undefined;
  const n = Number(v);
  return Number.isFinite(n) && String(Math.trunc(n)).length === 10 ? n * 1000 : v;
}, epochMs.optional());
const range = { startTime: time, endTime: time };
const enumOf = (o: Record<string, number>) =>
  z
    .number()
    .int()
    .refine((n) => Object.values(o).includes(n));

/** Relay firmware versions as dotted bytes ("1.2.0.0", see docs/protocols/rhf3mr01.md). */
export const FW_VERSION_PATTERN = /^\d{1,3}(\.\d{1,3}){0,3}$/;
const fwVersionText = text({ error: V.versionEmpty })
  .trim()
  .min(1, V.versionEmpty)
  .max(VERSION_TEXT_MAX, V.versionLong)
  .refine((s) => FW_VERSION_PATTERN.test(s) && s.split('.').every((b) => Number(b) <= 255), V.fwVersionFormat);

export const relayDevEUIQuery = z.object({ devEUI });
export const relayDevEUIBody = z.object({ devEUI });

// ---- status ----

/** The relay's status block as last reported; voltage in V, temperature in °C (the wire has mV and 0.1 °C). */
export const relayStatusInfo = z.object({
  productType: z.literal('rhf3mr01'),
  /** RELAY_STATUS; null until the relay has reported. */
  status: z.number().int().nullable(),
  workMode: z.number().int().nullable(),
  backwardMode: z.number().int().nullable(),
  slaveNum: z.number().int().nullable(),
  /** Percent; null when unknown. */
  battery: z.number().int().nullable(),
  voltage: z.number().nullable(),
  temperature: z.number().nullable(),
  wake: z.boolean().nullable(),
  /** Dotted versions ("1.2.0.0"); destFwVersion null when no upgrade is staged. */
  fwVersion: z.string().nullable(),
  destFwVersion: z.string().nullable(),
  fwSign: z.string().nullable(),
  /** How the relay itself reaches the network: RELAY_LINK (2 gateway; 1 through a host relay). */
  link: z.number().int(),
  /** Epoch ms of the last status report or answer; null before any. */
  reportedAt: z.number().nullable(),
  lastSeen: z.number().nullable(),
});
export const ladtpStatusInfo = z.object({
  productType: z.literal('rhf3m485'),
  voltage: z.number().nullable(),
  temperature: z.number().nullable(),
  rs485Errors: z.number().int().nullable(),
  /** Seconds since the device booted, as last reported. */
  uptime: z.number().int().nullable(),
  reportedAt: z.number().nullable(),
  lastSeen: z.number().nullable(),
});
export const deviceStatusInfo = z.discriminatedUnion('productType', [relayStatusInfo, ladtpStatusInfo]);
export type RelayStatusInfo = z.infer<typeof relayStatusInfo>;
export type LadtpStatusInfo = z.infer<typeof ladtpStatusInfo>;

// ---- requests (config info, event query) ----

export const relayRequestRow = z.object({
  id: z.number().int(),
  devEUI: z.string(),
  kind: z.string(),
  state: z.enum(RELAY_REQUEST_STATES),
  /** The device's result code (RELAY_RESULT) once answered. */
  result: z.number().int().nullable(),
  /** What was asked (configuration, slave, modes), as sent. */
  body: z.record(z.string(), z.unknown()).nullable(),
  attempts: z.number().int(),
  createtime: z.number(),
  updatetime: z.number(),
});
export type RelayRequestRow = z.infer<typeof relayRequestRow>;
export const relayRequestsQuery = pagingQuery(['createtime'] as const).extend({
  devEUI,
  ...range,
  kind: z.enum([...RELAY_REQUESTS]).optional(),
});
export const relayQueryBody = z.object({ devEUI, query: z.enum(RELAY_QUERIES) });
export type RelayQueryBody = Args<typeof relayQueryBody>;

// ---- configuration ----

export const relayConfigBody = z.object({
  devEUI,
  config: relayConfig,
  workMode: enumOf(RELAY_WORK_MODE),
  backwardMode: enumOf(RELAY_BACKWARD_MODE),
});
export const ladtpConfigBody = z.object({ devEUI, config: ladtpConfig });
/**
 * The body of config post: the relay's delays and modes (relayConfigBody), or the ladtp's serial
 * settings (ladtpConfigBody). One object with the choice inside `config`, not a union of the two
 * bodies: a union refuses a wrong value anywhere as the whole body, this names `devEUI`,
 * `workMode` or `config` (and the field inside when only its range is wrong). The server requires
 * the modes for a relay and refuses them for a ladtp.
 */
export const deviceConfigBody = z.object({
  devEUI,
  config: z.union([relayConfig, ladtpConfig]),
  workMode: enumOf(RELAY_WORK_MODE).optional(),
  backwardMode: enumOf(RELAY_BACKWARD_MODE).optional(),
});
export type DeviceConfigBody = Args<typeof deviceConfigBody>;
export type RelayConfigBody = Args<typeof relayConfigBody>;
export type LadtpConfigBody = Args<typeof ladtpConfigBody>;

const relayModes = z.object({ workMode: z.number().int(), backwardMode: z.number().int() });
/** In effect: what the device last confirmed (null before it has); pending: a request not yet answered. */
export const relayConfigInfo = z.object({
  productType: z.literal('rhf3mr01'),
  config: relayConfig.nullable(),
  modes: relayModes.nullable(),
  pending: relayRequestRow.nullable(),
});
export const ladtpConfigInfo = z.object({
  productType: z.literal('rhf3m485'),
  config: ladtpConfig.nullable(),
  pending: relayRequestRow.nullable(),
});
export const deviceConfigInfo = z.discriminatedUnion('productType', [relayConfigInfo, ladtpConfigInfo]);

// ---- slaves ----

export const relaySlaveQuery = pagingQuery(['updatetime', 'slaveDevEUI'] as const).extend({
  devEUI,
  status: z.coerce.number().int().min(1).max(4).optional(),
});
export const relaySlaveRow = z.object({
  slaveDevEUI: z.string(),
  slaveDevAddr: z.string().nullable(),
  /** The slave's name when it is a device of this server, else null. */
  devName: z.string().nullable(),
  /** RELAY_SLAVE_STATUS. */
  status: z.number().int(),
  /** Uplinks of this slave the relay carried (link 1). */
  receive: z.number().int(),
  lastRelayed: z.number().nullable(),
  updatetime: z.number(),
});
export type RelaySlaveRow = z.infer<typeof relaySlaveRow>;
export const relayBindBody = z.object({
  devEUI,
  slaveDevEUIs: z.array(devEUI).min(1, V.selectDevices).max(RELAY_BIND_MAX),
});
export type RelayBindBody = Args<typeof relayBindBody>;
export const relayBindOutcome = z.object({
  done: z.array(z.string()),
  failed: z.array(z.object({ id: z.string(), code: z.number(), reason: z.string() })),
});

export const relayRejoinRow = z.object({ slaveDevEUI: z.string(), slaveDevAddr: z.string(), updatetime: z.number() });

// ---- records ----

export const relayEventQuery = pagingQuery(['createtime'] as const).extend({
  devEUI,
  ...range,
  event: z.coerce.number().int().min(1).max(255).optional(),
});
export const relayEventRow = z.object({
  id: z.number().int(),
  event: z.number().int(),
  /** The slave the event is about; null for the relay's own events. */
  slaveDevEUI: z.string().nullable(),
  uptime: z.number().int(),
  createtime: z.number(),
});

/** Slave status changes ("status record"). */
export const relayStatusRecordQuery = pagingQuery(['createtime'] as const).extend({
  devEUI,
  ...range,
  slaveDevEUI: devEUI.optional(),
});
export const relayStatusRecordRow = z.object({
  id: z.number().int(),
  slaveDevEUI: z.string(),
  /** RELAY_SLAVE_STATUS before (null when the slave was new) and after. */
  from: z.number().int().nullable(),
  to: z.number().int(),
  createtime: z.number(),
});

/** The device's own status over time ("status history"): relay reports, ladtp heartbeats. */
export const statusHistoryQuery = pagingQuery(['createtime'] as const).extend({ devEUI, ...range });
export const statusHistoryRow = z.object({
  id: z.number().int(),
  createtime: z.number(),
  /** Relay: status, workMode, backwardMode, slaveNum, battery, voltage (V), temperature (°C), wake.
   *  Ladtp: voltage (V), temperature (°C), rs485Errors, uptime. */
  values: z.record(z.string(), z.number().nullable()),
});

// ---- downlinks and payloads ----

export const DOWNLINK_FORMATS = ['hex', 'text'] as const;
/** A downlink to a relay (its application, any port but the reserved ones) or RS485 data for a ladtp. */
export const relayDownlinkBody = z.object({
  devEUI,
  /** Relay only (ladtp data always goes on its protocol's port); 1..223. */
  fPort: z.coerce.number({ error: V.fPortNumber }).int().min(1, V.relayFPort).max(223, V.relayFPort).optional(),
  data: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() : v),
    text({ error: V.dataEmpty })
      .min(1, V.dataEmpty)
      .refine((s) => s.length % 2 === 0 && /^[0-9a-fA-F]*$/.test(s), V.hexData)
      .transform((s) => s.toLowerCase()),
  ),
  confirmed: flag.default(false),
});
export type RelayDownlinkBody = Args<typeof relayDownlinkBody>;

export const PAYLOAD_DIRECTIONS = ['up', 'down'] as const;
export const payloadQuery = pagingQuery(['createtime'] as const).extend({
  devEUI,
  ...range,
  direction: z.enum(PAYLOAD_DIRECTIONS).optional(),
});
/** A payload sent or received whole: ladtp RS485 frames (reassembled), relay downlinks. */
export const payloadRow = z.object({
  id: z.number().int(),
  direction: z.enum(PAYLOAD_DIRECTIONS),
  fPort: z.number().int(),
  data: z.string(),
  /** Downlinks: DOWNLINK_STATUS of the frames that carry it (the worst of its parts). */
  status: z.number().int().nullable(),
  /** Frames it took (sub-packets), 1 when whole. */
  parts: z.number().int(),
  /** Ladtp: the device's read time (isSendTimeStap), epoch ms. */
  readAt: z.number().nullable(),
  createtime: z.number(),
});
export type PayloadRow = z.infer<typeof payloadRow>;

// ---- relay firmware ----

export const relayFuotaCreateBody = z
  .object({
    mcEUI,
    firmwareName,
    redundancyPercent,
    /** The image: a file-store reference or a Base64 data URL, as for /api/fuota/create. */
    fileUrl: z.string().max(200).optional(),
    payload: firmwarePayload.optional(),
    srcFwVersion: fwVersionText,
    destFwVersion: fwVersionText,
  })
  .superRefine(checkFirmware);
export type RelayFuotaCreateBody = Args<typeof relayFuotaCreateBody>;
export const relayFdID = z.coerce.number().int().min(1).max(2_147_483_647);
export const relayFdIDBody = z.object({ fdID: relayFdID });
export const relayFdIDQuery = z.object({ fdID: relayFdID });
export const relayFuotaDevicesBody = z.object({
  fdID: relayFdID,
  devEUIs: z.array(devEUI).min(1, V.selectDevices).max(1000),
});
export const relayFuotaListQuery = pagingQuery(['createtime', 'firmwareName', 'state'] as const).extend({
  state: z.coerce.number().int().min(0).max(3).optional(),
});
export const relayFuotaRow = z.object({
  fdID: z.number().int(),
  firmwareName: z.string(),
  srcFwVersion: z.string(),
  destFwVersion: z.string(),
  redundancyPercent: z.number().int(),
  mcEUI: z.string(),
  mcName: z.string().nullable(),
  /** RELAY_UPGRADE_STATE. */
  state: z.number().int(),
  /** 0..100: from the time since enableTime over the expected duration, 99 at most until done, 100 when done. */
  progress: z.number().int(),
  enableTime: z.number().nullable(),
  expectendtime: z.number().nullable(),
  /** Seconds the run took (or has taken so far). */
  durationtime: z.number().int().nullable(),
  errorMessage: z.string().nullable(),
  createtime: z.number(),
  updatetime: z.number(),
});
export type RelayFuotaRow = z.infer<typeof relayFuotaRow>;
export const relayMcGroupRow = z.object({
  mcEUI: z.string(),
  mcName: z.string(),
  region: z.string(),
  /** Members that are relays (rhf3mr01); only those take part in a relay firmware task. */
  relayNums: z.number().int(),
});
export const relayMcDevicesQuery = pagingQuery(['devEUI'] as const).extend({ mcEUI, fdID: relayFdID.optional() });
export const relayMcDeviceRow = z.object({
  devEUI: z.string(),
  devName: z.string(),
  fwVersion: z.string().nullable(),
  /** RELAY_UPGRADE_STATE of this relay in the task asked for (null outside one). */
  state: z.number().int().nullable(),
  errorMessage: z.string().nullable(),
  updatetime: z.number().nullable(),
});
