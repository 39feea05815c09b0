import { z } from 'zod';
import { productType } from './applications';
import type { Args } from './endpoint';
import { isHex, normalizeHex } from './hex';
import { INT4_MAX, id, queryId, text } from './input';
import { NAME_MAX, REMARKS_MAX } from './limits';
import { orderType, pagingQuery, queryInt } from './paging';
import { V } from './validation';

export const AUTH_TYPES = ['otaa', 'abp'] as const;
export type AuthType = (typeof AUTH_TYPES)[number];
export const DEVICE_CLASSES = ['A', 'B', 'C'] as const;
export type DeviceClass = (typeof DEVICE_CLASSES)[number];
export const MAC_VERSIONS = ['1.0.2', '1.0.3', '1.0.4'] as const;
export const DEFAULT_MAC_VERSION = '1.0.3';
/** Frame counters are 32-bit. */
export const FCNT_MAX = 0xffff_ffff;

/**
 * Device quota (our figure; code 4005 beyond it): each user owns at most this many
 * devices, admins included. A platform changes it with the setting `deviceQuota` (settings table).
 */
export const DEVICE_QUOTA_DEFAULT = 100_000;
/** One batch-create request carries at most this many devices. */
export const BATCH_CREATE_MAX = 20_000;
/** Batch update, move, delete and export take at most this many devEUIs. */
export const DEVICE_SELECTION_MAX = 20_000;

/** Region ids like eu868, us915, as923-1, cn470alid; checked against the region catalogue by the server. */
export const REGION_ID = /^[a-z0-9-]{2,20}$/;
export const SUBNET_ID = /^[A-Za-z0-9_.-]{1,32}$/;

/** An optional hex field: '' and null mean absent; pasted dashes/colons are accepted. */
const optionalHex = (digits: number, format: string) =>
  z.preprocess(
    (v) => (v === '' || v === null ? undefined : typeof v === 'string' ? normalizeHex(v) : v),
    text()
      .refine((s) => isHex(s, digits), format)
      .optional(),
  );
const requiredHex = (digits: number, empty: string, format: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? normalizeHex(v) : v),
    text({ error: empty })
      .min(1, empty)
      .refine((s) => isHex(s, digits), format),
  );

export const devEUI = requiredHex(16, V.devEUIEmpty, V.devEUIFormat);
export const appEUI = requiredHex(16, V.appEUIEmpty, V.appEUIFormat);
export const devName = text({ error: V.devNameEmpty }).trim().min(1, V.devNameEmpty).max(NAME_MAX, V.devNameLong);

/** Frame counters: numbers or digit strings; '' stays '' so it is refused as empty. */
export const fCnt = z.preprocess(
  (v) => (typeof v === 'string' && /^\d+$/.test(v.trim()) ? Number(v.trim()) : v),
  z
    .number({ error: (iss) => (iss.input === '' || iss.input === undefined ? V.fCntEmpty : V.fCntFormat) })
    .int(V.fCntFormat)
    .min(0, V.fCntFormat)
    .max(FCNT_MAX, V.fCntFormat),
);

const flag = z.preprocess((v) => (v === 1 || v === '1' ? true : v === 0 || v === '0' ? false : v), z.boolean());

export const tagIds = z.array(id()).max(100);

/** The fields every device carries (create, update, one row of batch-create). */
const deviceShape = {
  devEUI,
  devName,
  appEUI,
  authType: z.enum(AUTH_TYPES),
  appKey: optionalHex(32, V.appKeyFormat),
  devAddr: optionalHex(8, V.devAddrFormat),
  appSKey: optionalHex(32, V.appSKeyFormat),
  nwkSKey: optionalHex(32, V.nwkSKeyFormat),
  class: z.enum(DEVICE_CLASSES).default('A'),
  macVersion: z.enum(MAC_VERSIONS).default(DEFAULT_MAC_VERSION),
  productType: productType.default('lorawan'),
  region: text({ error: V.regionEmpty }).trim().min(1, V.regionEmpty).regex(REGION_ID, V.regionFormat),
  /** With autoSubnet the network picks the subnet and `subnet` is ignored. */
  autoSubnet: flag.default(false),
  subnet: z.preprocess(
    (v) => (v === null ? undefined : typeof v === 'string' ? v.trim() : v),
    text().max(32).optional(),
  ),
  fCntUp: fCnt.default(0),
  fCntDown: fCnt.default(0),
  tagsId: tagIds.default([]),
  remarks: text().trim().max(REMARKS_MAX, V.remarksLong).default(''),
};

type Shape = {
  authType: AuthType;
  appKey?: string;
  devAddr?: string;
  appSKey?: string;
  nwkSKey?: string;
  autoSubnet: boolean;
  subnet?: string;
};

/** OTAA needs AppKey; ABP needs DevAddr, AppSKey and NwkSKey; a fixed subnet needs its id. */
export function checkActivation(d: Shape, ctx: z.RefinementCtx): void {
  const need = (field: keyof Shape, message: string) => {
    if (!d[field]) ctx.addIssue({ code: 'custom', path: [field], message });
  };
  if (d.authType === 'otaa') need('appKey', V.appKeyEmpty);
  else {
    need('devAddr', V.devAddrEmpty);
    need('appSKey', V.appSKeyEmpty);
    need('nwkSKey', V.nwkSKeyEmpty);
  }
  if (!d.autoSubnet) {
    if (!d.subnet) need('subnet', V.subnetEmpty);
    else if (!SUBNET_ID.test(d.subnet)) ctx.addIssue({ code: 'custom', path: ['subnet'], message: V.subnetFormat });
  }
}

/**
 * The activation rule runs even when another field has the wrong kind of value (a frame counter
 * left empty, say), so a form shows every missing key at once and mending an unrelated field
 * never makes key errors appear or vanish. It needs a known activation type to read.
 */
const activationCheck = {
  when: (p: z.core.ParsePayload) =>
    AUTH_TYPES.includes((p.value as { authType?: unknown } | undefined)?.authType as AuthType),
};

export const deviceFields = z.object(deviceShape);
export const deviceCreateBody = z.object({ appID: id(), ...deviceShape }).superRefine(checkActivation, activationCheck);
export type DeviceCreateBody = Args<typeof deviceCreateBody>;
export type DeviceInput = z.output<typeof deviceFields>;

/** Update names the device by devEUI; moving it to another application is a call of its own. */
export const deviceUpdateBody = z
  .object({ ...deviceShape, fCntUp: fCnt.optional(), fCntDown: fCnt.optional() })
  .superRefine(checkActivation, activationCheck);
export type DeviceUpdateBody = Args<typeof deviceUpdateBody>;

/** One row of batch-create, checked with the request's authType merged in. */
export const batchDeviceRow = deviceFields.superRefine(checkActivation, activationCheck);
export const batchCreateBody = z.object({
  appID: id(),
  authType: z.enum(AUTH_TYPES),
  /** Rows are checked one by one so every failing row is reported with all its problems. */
  devices: z.array(z.record(text(), z.unknown())).min(1).max(BATCH_CREATE_MAX),
  /** Check every row and answer the report without writing anything. */
  dryRun: z.boolean().default(false),
});

const euiList = z.array(devEUI).min(1).max(DEVICE_SELECTION_MAX);
export const deviceDeleteBody = z.object({ devEUIs: euiList });
export const devEuiQuery = z.object({ devEUI });

/**
 * A list in the query ("a,b" or repeated keys); a bad item refuses the whole field (1007 naming
 * it), absent or '' means no filter.
 */
const csvQuery = <T>(check: (v: string) => boolean, map: (v: string) => T, message: string) =>
  z.preprocess(
    (v) => {
      if (v === undefined || v === null || v === '') return undefined;
      const arr = Array.isArray(v) ? v : String(v).split(',');
      return arr.map((x) => String(x).trim()).filter((x) => x !== '');
    },
    z
      .array(text())
      .refine((a) => a.every(check), message)
      .transform((a) => a.map(map))
      .optional(),
  );

/**
 * The device list's orders. Never-seen devices (no lastSeen, DevAddr, RSSI or SNR) come last both
 * ways; equal keys go by devEUI ascending, except the frame counters, whose ties follow the
 * order's direction (a descending list is the ascending one reversed).
 */
export const DEVICE_ORDER_FIELDS = [
  'devEUI',
  'devName',
  'createtime',
  'lastSeen',
  'region',
  'devAddr',
  'fCntUp',
  'fCntDown',
  'rssi',
  'snr',
] as const;
export type DeviceOrderField = (typeof DEVICE_ORDER_FIELDS)[number];
export const deviceListQuery = pagingQuery(DEVICE_ORDER_FIELDS).extend({
  /** Absent: every device the caller may see. */
  appID: queryId().optional(),
  regions: csvQuery(
    (v) => REGION_ID.test(v),
    (v) => v,
    V.regionIds,
  ),
  tagsId: csvQuery((v) => /^[1-9]\d{0,9}$/.test(v) && Number(v) <= INT4_MAX, Number, V.tagIds),
});
export type DeviceListQuery = Args<typeof deviceListQuery>;

export const resetFcntBody = z.object({ devEUI, fCntUp: fCnt, fCntDown: fCnt });

/** Batch update: tags and/or remarks of the selected devices of one application. */
export const deviceUpdatesBody = z
  .object({
    devEUIs: euiList,
    appID: id(),
    tagsId: tagIds.optional(),
    remarks: text().trim().max(REMARKS_MAX, V.remarksLong).optional(),
  })
  .refine((b) => b.tagsId !== undefined || b.remarks !== undefined, {
    path: ['tagsId'],
    message: V.tagsOrRemarks,
  });

export const moveDeviceBody = z.object({ appId: id(), devEUIs: euiList });

/** Fields the export may carry, in sheet order. */
export const EXPORT_FIELDS = [
  'devEUI',
  'devName',
  'appEUI',
  'devAddr',
  'authType',
  'class',
  'macVersion',
  'productType',
  'region',
  'subnet',
  'fCntUp',
  'fCntDown',
  'lastSeen',
  'rssi',
  'snr',
  'remarks',
  'tags',
  'createtime',
] as const;
export type ExportField = (typeof EXPORT_FIELDS)[number];
/** Longest export time range the server accepts (the console's picker allows 7 days). */
export const EXPORT_MAX_SPAN_MS = 31 * 86_400_000;

/**
 * Export: sheet "devices" holds the chosen fields of each device; sheet "signal" holds the
 * devices' RSSI/SNR records inside [startTime, endTime]. Either devEUIs or appID selects devices.
 */
export const exportBody = z
  .object({
    devEUIs: z.array(devEUI).max(DEVICE_SELECTION_MAX).default([]),
    appID: id().optional(),
    fields: z.array(z.enum(EXPORT_FIELDS)).min(1),
    startTime: z.number().int().min(0),
    endTime: z.number().int().min(0),
  })
  .refine((b) => b.endTime >= b.startTime && b.endTime - b.startTime <= EXPORT_MAX_SPAN_MS, {
    path: ['endTime'],
    message: V.exportSpan,
  })
  .refine((b) => b.devEUIs.length > 0 || b.appID !== undefined, { path: ['devEUIs'], message: V.selectDevices });
export type ExportBody = Args<typeof exportBody>;

export const signalQuery = z.object({
  devEUI,
  startTime: queryInt(0, Number.MAX_SAFE_INTEGER).optional(),
  endTime: queryInt(0, Number.MAX_SAFE_INTEGER).optional(),
  order: orderType.default('asc'),
});
/** At most this many points per RSSI/SNR history answer (the newest ones). */
export const SIGNAL_POINTS_MAX = 10_000;
export const signalPoint = z.object({
  createtime: z.number(),
  rssi: z.number().nullable(),
  snr: z.number().nullable(),
  gwID: z.string().nullable(),
});
export type SignalPoint = z.infer<typeof signalPoint>;

export const deviceRow = z.object({
  devEUI: z.string(),
  devName: z.string(),
  appID: z.number().int(),
  appName: z.string(),
  appEUI: z.string(),
  authType: z.enum(AUTH_TYPES),
  devAddr: z.string().nullable(),
  class: z.enum(DEVICE_CLASSES),
  supportClassB: z.boolean(),
  supportClassC: z.boolean(),
  macVersion: z.string(),
  productType,
  region: z.string(),
  subnet: z.string().nullable(),
  autoSubnet: z.boolean(),
  tagsId: z.array(z.number()),
  tags: z.array(z.string()),
  remarks: z.string(),
  fCntUp: z.number(),
  fCntDown: z.number(),
  lastSeen: z.number().nullable(),
  rssi: z.number().nullable(),
  snr: z.number().nullable(),
  /** joined: ABP devices always; OTAA devices once a session exists. */
  status: z.enum(['joined', 'notJoined']),
  username: z.string(),
  createtime: z.number(),
});
export type DeviceRow = z.infer<typeof deviceRow>;

export const deviceDetail = deviceRow.extend({
  appKey: z.string().nullable(),
  appSKey: z.string().nullable(),
  nwkSKey: z.string().nullable(),
  freq: z.number().nullable(),
  dr: z.number().nullable(),
  battery: z.number().nullable(),
  margin: z.number().nullable(),
  /** ADR: the TXPower index the device confirmed (0 = the region's maximum) and its EIRP in dBm. */
  txPower: z.number(),
  txPowerDbm: z.number().nullable(),
  nbTrans: z.number(),
  fPort: z.number().nullable(),
  updatetime: z.number(),
});
export type DeviceDetail = z.infer<typeof deviceDetail>;
