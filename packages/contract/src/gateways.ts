/**
 * Gateways (docs/product/gateways.md): one set of rules for the server and the
 * console's forms.
 */
import { z } from 'zod';
import { C } from './codes';
import type { Args } from './endpoint';
import { gwTypeName, PICO_GW_TYPE } from './gateway-types';
import { eui64 } from './hex';
import { id, ownKeyMessage, queryId, text } from './input';
import { HEADERS_MAX, NAME_MAX, REMARKS_MAX } from './limits';
import { pagingQuery, queryList } from './paging';
import { regionId, subnetId } from './regions';
import { MAP_TYPES } from './system';
import { V } from './validation';

export const TX_POWER = { min: 0, max: 27 } as const;
export const MQTT_KEEPALIVE = { min: 5, max: 60, default: 10 } as const;
export const STAT_INTERVAL = { min: 300, max: 1800, default: 300 } as const;
export const PICO_CHANNEL = { min: 0, max: 31 } as const;
export const PICO_DR = { min: 0, max: 5 } as const;
export const PICO_HEARTBEAT = { min: 1, max: 15, default: 5 } as const;
/**
 * The product's names for a gateway's link, the same on every page: MQTT (gateway bridge) or
 * PFUDP (the Semtech UDP packet forwarder).
 */
export const GATEWAY_LINK_NAMES = { mqtt: 'MQTT', udp: 'PFUDP' } as const;
export const gatewayLinkName = (mqtt: boolean): string => (mqtt ? GATEWAY_LINK_NAMES.mqtt : GATEWAY_LINK_NAMES.udp);
export const PUSH_URLS_MAX = 5;
export const GATEWAY_BATCH_MAX = 1000;
/** Gateways one owner may hold unless the `gateway.quota` setting says otherwise (code 5005). */
export const GATEWAY_QUOTA_DEFAULT = 100_000;
/** Rows one Excel import may carry. */
export const GATEWAY_IMPORT_MAX_ROWS = 5000;

/** The pico channel plan: region cn470alid, subnet pico-net, type rhf2sp01. */
export const PICO = { region: 'cn470alid', subnet: 'pico-net', gwType: PICO_GW_TYPE } as const;
export const isPico = (g: { region?: string; subnet?: string; gwType?: string }): boolean =>
  g.region === PICO.region && g.subnet === PICO.subnet && g.gwType === PICO.gwType;

/** UTC offsets offered for a pico gateway's time zone. */
export const TIME_ZONES: readonly string[] = (() => {
  const out: string[] = [];
  for (let m = -12 * 60; m <= 14 * 60; m += 30) {
    const a = Math.abs(m);
    const hh = String(Math.floor(a / 60)).padStart(2, '0');
    out.push(`UTC${m < 0 ? '-' : '+'}${hh}:${String(a % 60).padStart(2, '0')}`);
  }
  return out;
})();

const intIn = (min: number, max: number) => z.number().int().min(min).max(max);

export const picoChannel = z.object({
  ch: intIn(PICO_CHANNEL.min, PICO_CHANNEL.max),
  dr: intIn(PICO_DR.min, PICO_DR.max),
});
export const PICO_DEFAULTS = {
  publicChannel: { ch: 8, dr: 2 },
  dataChannel: { ch: 9, dr: 2 },
  heartBeatPeriod: PICO_HEARTBEAT.default,
  upgradeServer: '',
  proxyServer: '',
  timeZone: 'UTC+08:00',
} as const;

const serverAddress = text()
  .trim()
  .max(128)
  .regex(/^[A-Za-z0-9.\-:/_[\]]*$/, V.serverAddress);

/** A pico gateway's extended attributes; missing parts take the defaults (CH8/DR2 and CH9/DR2). */
export const picoExtendedAttr = z.object({
  publicChannel: picoChannel.default({ ...PICO_DEFAULTS.publicChannel }),
  dataChannel: picoChannel.default({ ...PICO_DEFAULTS.dataChannel }),
  heartBeatPeriod: intIn(PICO_HEARTBEAT.min, PICO_HEARTBEAT.max).default(PICO_HEARTBEAT.default),
  upgradeServer: serverAddress.default(''),
  proxyServer: serverAddress.default(''),
  timeZone: text()
    .refine((s) => TIME_ZONES.includes(s), V.timeZone)
    .default(PICO_DEFAULTS.timeZone),
});
export type PicoExtendedAttr = z.infer<typeof picoExtendedAttr>;

export const gwName = text().trim().min(1, V.gwNameEmpty).max(NAME_MAX);
export const remarks = text().trim().max(REMARKS_MAX).default('');

/** http or https URLs; empty entries are dropped. */
export const pushUrls = z.preprocess(
  (v) => (Array.isArray(v) ? v.filter((u) => !(typeof u === 'string' && u.trim() === '')) : v),
  z
    .array(
      text()
        .trim()
        .max(256)
        .refine((u) => {
          try {
            return ['http:', 'https:'].includes(new URL(u).protocol);
          } catch {
            return false;
          }
        }, V.httpUrl),
    )
    .max(PUSH_URLS_MAX),
);

/** Header key/value map; pairs with an empty key are dropped. */
export const headerMap = z.preprocess(
  (v) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).filter(([k]) => k.trim() !== ''))
      : v,
  z
    .record(text().regex(/^[A-Za-z0-9!#$%&'*+.^_`|~-]{1,64}$/, V.headerName), text().max(256), ownKeyMessage)
    .refine((h) => Object.keys(h).length <= HEADERS_MAX, V.headersMax),
);

export const tagsIdList = z
  .array(id())
  .max(50)
  .transform((a) => [...new Set(a)]);

/** A number or number text; null and blank text are absent (Number(' ') would be 0, a real place). */
const coordinate = (max: number) =>
  z.preprocess(
    (v) =>
      v === null || (typeof v === 'string' && v.trim() === '') ? undefined : typeof v === 'string' ? Number(v) : v,
    z.number().min(-max).max(max).optional(),
  );

const gatewayFields = {
  gwID: eui64,
  gwName,
  region: regionId,
  subnet: subnetId,
  gwType: gwTypeName,
  pushUrls: pushUrls.default([]),
  headers: headerMap.default({}),
  txPower: intIn(TX_POWER.min, TX_POWER.max),
  enableClassB: z.boolean().default(false),
  enableClassC: z.boolean().default(false),
  enableBridgeLogToFile: z.boolean().default(false),
  mqttKeepAlive: intIn(MQTT_KEEPALIVE.min, MQTT_KEEPALIVE.max).default(MQTT_KEEPALIVE.default),
  statInterval: intIn(STAT_INTERVAL.min, STAT_INTERVAL.max).default(STAT_INTERVAL.default),
  /** Only kept for pico gateways (see isPico); defaults filled in. */
  extendedAttr: picoExtendedAttr.optional(),
  remarks,
  ntpServer: text()
    .trim()
    .max(128)
    .regex(/^[A-Za-z0-9.\-:]*$/, V.hostName)
    .default(''),
  tagsId: tagsIdList.default([]),
  /** Sent only when a location was set; then the pair for that map is required. */
  mapType: z.enum(MAP_TYPES).optional(),
  longitudeForGaodeMap: coordinate(180),
  latitudeForGaodeMap: coordinate(90),
  longitudeForGoogleMap: coordinate(180),
  latitudeForGoogleMap: coordinate(90),
  altitude: coordinate(100_000),
};

type Loc = {
  mapType?: 'gaode' | 'google';
  longitudeForGaodeMap?: number;
  latitudeForGaodeMap?: number;
  longitudeForGoogleMap?: number;
  latitudeForGoogleMap?: number;
};

/** The location a body carries: the pair of its map type, or none. */
export function locationOf(b: Loc): { mapType: 'gaode' | 'google'; latitude: number; longitude: number } | null {
  if (!b.mapType) return null;
  const lat = b.mapType === 'gaode' ? b.latitudeForGaodeMap : b.latitudeForGoogleMap;
  const lng = b.mapType === 'gaode' ? b.longitudeForGaodeMap : b.longitudeForGoogleMap;
  if (lat === undefined || lng === undefined) return null;
  return { mapType: b.mapType, latitude: lat, longitude: lng };
}

const requireLocationPair = (b: Loc, ctx: z.RefinementCtx) => {
  if (!b.mapType) return;
  const suffix = b.mapType === 'gaode' ? 'ForGaodeMap' : 'ForGoogleMap';
  for (const k of [`longitude${suffix}`, `latitude${suffix}`] as const) {
    if ((b as Record<string, unknown>)[k] === undefined) {
      ctx.addIssue({ code: 'custom', path: [k], message: V.locationPair });
    }
  }
};

export const gatewayCreateBody = z.object(gatewayFields).superRefine(requireLocationPair);
export type GatewayCreateBody = Args<typeof gatewayCreateBody>;
export type GatewayInput = z.output<typeof gatewayCreateBody>;

/** Update: same fields; the gwID names the gateway. A pico gateway keeps its region and subnet. */
export const gatewayUpdateBody = gatewayCreateBody;

export const gwIDsBody = z.object({
  gwIDs: z.array(eui64).min(1, V.gwIDsEmpty).max(GATEWAY_BATCH_MAX),
});

/** The batch update's bridge-log switch, as numbers on the wire. */
export const BRIDGE_LOG = { on: 1, off: 2 } as const;
export type BridgeLog = (typeof BRIDGE_LOG)[keyof typeof BRIDGE_LOG];

/**
 * Batch update: only the fields sent are changed, and none has a default, so a field the caller
 * left out can never overwrite a gateway's own value. A body that changes nothing is refused.
 */
const gatewayBatchFields = {
  pushUrls: pushUrls.optional(),
  headers: headerMap.optional(),
  bridgeLog: z.union([z.literal(BRIDGE_LOG.on), z.literal(BRIDGE_LOG.off)]).optional(),
  mqttKeepAlive: intIn(MQTT_KEEPALIVE.min, MQTT_KEEPALIVE.max).optional(),
  txPower: intIn(TX_POWER.min, TX_POWER.max).optional(),
  gwType: gwTypeName.optional(),
  enableClassB: z.boolean().optional(),
  enableClassC: z.boolean().optional(),
  enablePFW: z.boolean().optional(),
  tagsId: tagsIdList.optional(),
  remarks: text().trim().max(REMARKS_MAX).optional(),
};
/** The settings a batch update may change (everything but the selection). */
export const GATEWAY_BATCH_FIELDS = Object.keys(gatewayBatchFields) as (keyof typeof gatewayBatchFields)[];

export const gatewayBatchUpdateBody = z
  .object({ gwIDs: z.array(eui64).min(1, V.gwIDsEmpty).max(GATEWAY_BATCH_MAX), ...gatewayBatchFields })
  .superRefine((b, ctx) => {
    if (GATEWAY_BATCH_FIELDS.some((k) => b[k] !== undefined)) return;
    ctx.addIssue({ code: 'custom', path: [], message: V.nothingToChange, params: { code: C.PARAM_EMPTY } });
  });
export type GatewayBatchUpdateBody = Args<typeof gatewayBatchUpdateBody>;

export const gatewayMqttBody = z.object({
  gwID: eui64,
  mqttKeepAlive: intIn(MQTT_KEEPALIVE.min, MQTT_KEEPALIVE.max),
});

export const GATEWAY_ORDER_FIELDS = [
  'gwID',
  'gwName',
  'region',
  'subnet',
  'gwType',
  'online',
  'lastSeen',
  'txPower',
  'createtime',
  'updatetime',
] as const;

const onlineFlag = z.preprocess(
  (v) => (v === '' || v === undefined ? undefined : v),
  z
    .enum(['0', '1', 'true', 'false'])
    .transform((v) => v === '1' || v === 'true')
    .optional(),
);

export const gatewayListQuery = pagingQuery(GATEWAY_ORDER_FIELDS).extend({
  regions: queryList(regionId),
  gwTypes: queryList(
    text()
      .max(20)
      .transform((s) => s.toLowerCase()),
  ),
  online: onlineFlag,
  tagsId: queryList(queryId()),
  /** gwID or name fragment. */
  keyword: text().trim().max(64).optional(),
});
export type GatewayListQuery = Args<typeof gatewayListQuery>;

export const gwIDQuery = z.object({ gwID: eui64 });

export const tagRef = z.object({ tagId: z.number().int(), name: z.string(), groupName: z.string() });

/** What a gateway reports (filled by the data plane); every part optional. */
export const gatewayReport = z
  .object({
    model: z.string(),
    firmwareVersion: z.string(),
    hardwareVersion: z.string(),
    kernelVersion: z.string(),
    bridgeVersion: z.string(),
    sdkVersion: z.string(),
    pktfwdVersion: z.string(),
    networkType: z.string(),
    wanIP: z.string(),
    lanIP: z.string(),
    lteSignal: z.number(),
    nwkDelay: z.number(),
    cpuUsage: z.number(),
    memUsage: z.number(),
    rootDiskUsage: z.number(),
    logDiskUsage: z.number(),
    temperature: z.number(),
    resetSource: z.string(),
    heartbeatPeriod: z.number(),
    lte: z.boolean(),
    wifi: z.boolean(),
    updatedAt: z.number(),
  })
  .partial()
  .catchall(z.unknown());
export type GatewayReport = z.infer<typeof gatewayReport>;

export const gatewayRow = z.object({
  gwID: z.string(),
  gwName: z.string(),
  gwType: z.string(),
  gwTypeID: z.number().int(),
  arch: z.string(),
  supportGPS: z.boolean(),
  typeColor: z.string(),
  region: z.string(),
  subnet: z.string(),
  pico: z.boolean(),
  pushUrls: z.array(z.string()),
  headers: z.record(z.string(), z.string()),
  txPower: z.number().int(),
  enableClassB: z.boolean(),
  enableClassC: z.boolean(),
  enableBridgeLogToFile: z.boolean(),
  enablePFW: z.boolean(),
  mqttKeepAlive: z.number().int(),
  statInterval: z.number().int(),
  extendedAttr: picoExtendedAttr.nullable(),
  remarks: z.string(),
  ntpServer: z.string(),
  tags: z.array(tagRef),
  tagsId: z.array(z.number().int()),
  mapType: z.enum(MAP_TYPES).nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  altitude: z.number().nullable(),
  online: z.boolean(),
  /** Link of the gateway bridge: true MQTT, false Semtech UDP (PFUDP). */
  mqtt: z.boolean(),
  lastSeen: z.number().nullable(),
  createtime: z.number(),
  updatetime: z.number(),
  /** Admins only. */
  ownerID: z.number().int().optional(),
  owner: z.string().optional(),
});
export type GatewayRow = z.infer<typeof gatewayRow>;

export const gatewayStatusInfo = gatewayRow.extend({ report: gatewayReport });
export type GatewayStatusInfo = z.infer<typeof gatewayStatusInfo>;

/** Per-row refusal of a batch (delete, batch update, import). */
export const rowError = z.object({
  row: z.number().int().optional(),
  gwID: z.string().optional(),
  field: z.string().optional(),
  code: z.number().int(),
  msg: z.string(),
});
export type RowError = z.infer<typeof rowError>;
/** `data` of a refused batch: every refused row or gateway. */
export const rowErrors = z.object({ errors: z.array(rowError) });

/** Columns of the import template, in order; required ones marked. */
export const GATEWAY_IMPORT_COLUMNS = [
  { key: 'gwID', required: true },
  { key: 'gwName', required: true },
  { key: 'gwType', required: true },
  { key: 'region', required: true },
  { key: 'subnet', required: true },
  { key: 'txPower', required: true },
  { key: 'mqttKeepAlive', required: false },
  { key: 'statInterval', required: false },
  { key: 'enableClassB', required: false },
  { key: 'enableClassC', required: false },
  { key: 'remarks', required: false },
  { key: 'mapType', required: false },
  { key: 'longitude', required: false },
  { key: 'latitude', required: false },
] as const;

export const gatewaySearchRow = z.object({
  gwID: z.string(),
  gwName: z.string(),
  region: z.string(),
  subnet: z.string(),
  gwType: z.string(),
  online: z.boolean(),
  owner: z.string().optional(),
});

/** 16 random hex digits for the form's random-ID button. */
export function randomGwId(): string {
  const b = new Uint8Array(8);
  globalThis.crypto.getRandomValues(b);
  return Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
}
