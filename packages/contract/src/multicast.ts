/**
 * Multicast groups (docs/product/multicast.md): the group, its member devices and gateways, the
 * route chart, and multicast downlinks. Our own decisions are recorded here
 * and in that page:
 * - A device and a gateway belong to at most one group (14011, 14013); members share the group's
 *   region (14014, 14015); a group holds at most MC_DEVICES_MAX devices (14004).
 * - With remote setup (enableMCRemote, LoRaWAN TS005) the server keeps a group key (McKey) of its
 *   own: McAppSKey and McNwkSKey are derived from it and McAddr, and are not entered; the group's
 *   GenAppKey gives each member's McKEKey. Without remote setup the operator provisions the
 *   members with the entered McAppSKey and McNwkSKey (their sync state is 'manual').
 * - Multicast downlinks are unconfirmed (LoRaWAN has no multicast acknowledgement); `confirmed`
 *   is accepted (the API has the field) but must be false.
 */
import { z } from 'zod';
import { pushHeaders, pushUrls } from './applications';
import type { Args } from './endpoint';
import { isHex, normalizeHex } from './hex';
import { text } from './input';
import { NAME_MAX } from './limits';
import { orderType, pagingQuery, queryInt, queryList } from './paging';
import { regionId } from './regions';
import { V } from './validation';

export const MC_CLASSES = ['B', 'C'] as const;
export type McClass = (typeof MC_CLASSES)[number];
export const MC_CLASS_DEFAULT: McClass = 'C';
/** Class B ping periods in seconds (TS005 periodicity 0..7 is log2 of it). */
export const PING_SLOT_PERIODS = [1, 2, 4, 8, 16, 32, 64, 128] as const;
/** What switching a group to class B sets; class C has 0. */
export const PING_SLOT_PERIOD_DEFAULT = 32;
/** TS005 McGroupIDs a device offers; 256 means none (no remote setup). */
export const MC_GROUP_IDS = [0, 1, 2, 3] as const;
export const MC_GROUP_ID_NONE = 256;
/** Extension time slots: level 0..15, each 300 ms apart (gateway i of the group sends i slots later). */
export const TIME_SLOT = { min: 0, max: 15, stepMs: 300 } as const;
/** Multicast downlinks use FPort 1..128. */
export const MC_FPORT = { min: 1, max: 128 } as const;
/** Our limit: members of one group. */
export const MC_DEVICES_MAX = 5000;
/** One bind or unbind request names at most this many devices or gateways. */
export const MC_BIND_MAX = 1000;
/** Class B beacon period (s). */
export const BEACON_PERIOD_S = 128;

/**
 * How the server runs TS005 remote setup (docs/protocols/ts005-remote-multicast.md): a session
 * lasts 2^timeoutExp s and starts MC_SESSION_LEAD_S (server setting, 30 s) after the request leaves;
 * it is renewed once less than a quarter is left; a request unanswered after `retryAfter` uplinks is sent again, and after
 * `giveUpAfter` such uplinks the member has failed ('noAnswer').
 */
export const MC_SETUP = {
  port: 200,
  timeoutExp: 15,
  renewAtFraction: 0.25,
  retryAfter: 2,
  giveUpAfter: 6,
} as const;

/** Form rules: switching class sets the ping period; remote toggles reset group ID and extension. */
export const pingPeriodFor = (cls: McClass): number => (cls === 'B' ? PING_SLOT_PERIOD_DEFAULT : 0);
/** TS005 periodicity of a ping period (1 s → 0 … 128 s → 7). */
export const periodicityOf = (pingSlotPeriod: number): number => Math.log2(pingSlotPeriod);

/**
 * A member's setup state. manual: a group without remote setup (the operator provisioned it);
 * pending: setup queued, waiting for the device's next uplink; setup: McGroupSetupReq sent;
 * session: setup answered, session request sent; joined: the device runs the group's session;
 * failed: the device refused (see `error`) or did not answer after the retries.
 */
export const MC_SYNC_STATES = ['manual', 'pending', 'setup', 'session', 'joined', 'failed'] as const;
export type McSyncState = (typeof MC_SYNC_STATES)[number];
/** Why a member failed: TS005 answer bits, or no answer after the retries. */
export const MC_SYNC_ERRORS = ['idError', 'mcGroupUndefined', 'drError', 'freqError', 'noAnswer'] as const;
export type McSyncError = (typeof MC_SYNC_ERRORS)[number];

/** Multicast downlink states: waiting (class B: for its ping slot), sent, done (every gateway acknowledged), failed. */
export const MC_DOWNLINK_STATUS = { WAITING: 0, SENT: 1, DONE: 2, FAILED: 4 } as const;
export type McDownlinkStatus = (typeof MC_DOWNLINK_STATUS)[keyof typeof MC_DOWNLINK_STATUS];

const flag = z.preprocess((v) => (v === 1 || v === '1' ? true : v === 0 || v === '0' ? false : v), z.boolean());
const queryFlag = z.preprocess(
  (v) => (v === '1' || v === 'true' ? true : v === '0' || v === 'false' ? false : v === '' ? undefined : v),
  z.boolean().optional(),
);

const hexField = (digits: 8 | 16 | 32, empty: string, format: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? normalizeHex(v) : v),
    text({ error: empty })
      .min(1, empty)
      .refine((s) => isHex(s, digits), format),
  );
const optionalHexField = (digits: 8 | 16 | 32, format: string) =>
  z.preprocess(
    (v) => (v === '' || v === null ? undefined : typeof v === 'string' ? normalizeHex(v) : v),
    text()
      .refine((s) => isHex(s, digits), format)
      .optional(),
  );

export const mcEUI = hexField(16, V.mcEUIEmpty, V.mcEUIFormat);
export const mcName = text({ error: V.mcNameEmpty }).trim().min(1, V.mcNameEmpty).max(NAME_MAX);

const groupFields = {
  mcName,
  mcEUI,
  autoSubnet: flag.default(true),
  region: regionId,
  /** Ignored with autoSubnet (stored and shown as "auto"). */
  subnet: z.preprocess((v) => (v === null ? undefined : v), text().trim().max(32).optional()),
  mcClass: z.enum(MC_CLASSES).default(MC_CLASS_DEFAULT),
  /** Class B: one of PING_SLOT_PERIODS; class C: 0. */
  pingSlotPeriod: z.coerce.number().int().default(0),
  enableMCRemote: flag.default(false),
  groupID: z.coerce.number().int().default(MC_GROUP_ID_NONE),
  genAppKey: hexField(32, V.genAppKeyEmpty, V.genAppKeyFormat),
  enableMCExt: flag.default(false),
  timeSlotLength: z.coerce.number().int().min(TIME_SLOT.min).max(TIME_SLOT.max).default(0),
  mcAddr: hexField(8, V.mcAddrEmpty, V.mcAddrFormat),
  /** Required without remote setup; with it they are derived from the server's McKey (ignored here). */
  mcAppSKey: optionalHexField(32, V.mcAppSKeyFormat),
  mcNwkSKey: optionalHexField(32, V.mcNwkSKeyFormat),
  enableMQTT: flag.default(false),
  pushUrls: pushUrls.default([]),
  headers: pushHeaders.default({}),
};

type GroupShape = {
  autoSubnet: boolean;
  subnet?: string;
  mcClass: McClass;
  pingSlotPeriod: number;
  enableMCRemote: boolean;
  groupID: number;
  enableMCExt: boolean;
  timeSlotLength: number;
  mcAppSKey?: string;
  mcNwkSKey?: string;
};

/** The rules between fields (each refusal names its field). */
export function checkGroup(g: GroupShape, ctx: z.RefinementCtx): void {
  const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
  if (!g.autoSubnet && !g.subnet) issue('subnet', V.subnetEmpty);
  if (g.mcClass === 'B' && !(PING_SLOT_PERIODS as readonly number[]).includes(g.pingSlotPeriod))
    issue('pingSlotPeriod', V.pingSlotPeriod);
  if (g.mcClass === 'C' && g.pingSlotPeriod !== 0) issue('pingSlotPeriod', V.pingSlotPeriod);
  // Remote setup with 256 (none) is the server's 14019, not a format error.
  if (![...MC_GROUP_IDS, MC_GROUP_ID_NONE].includes(g.groupID)) issue('groupID', V.mcGroupID);
  if (!g.enableMCExt && g.timeSlotLength !== 0) issue('timeSlotLength', V.timeSlotWithoutExt);
  if (!g.enableMCRemote) {
    if (!g.mcAppSKey) issue('mcAppSKey', V.mcAppSKeyEmpty);
    if (!g.mcNwkSKey) issue('mcNwkSKey', V.mcNwkSKeyEmpty);
  }
}

export const mcGroupCreateBody = z.object(groupFields).superRefine(checkGroup);
export type McGroupCreateBody = Args<typeof mcGroupCreateBody>;
/** The group as the server reads it (defaults applied). */
export type McGroupFields = z.output<typeof mcGroupCreateBody>;
/** The whole group again; mcEUI names it and cannot change. */
export const mcGroupUpdateBody = mcGroupCreateBody;
export const mcEUIsBody = z.object({ mcEUIs: z.array(mcEUI).min(1).max(1000) });
export const mcEUIBody = z.object({ mcEUI });
export const mcEUIQuery = z.object({ mcEUI });

export const MC_ORDER_FIELDS = ['createtime', 'mcName', 'deviceNums', 'syncNums'] as const;
export const mcGroupListQuery = pagingQuery(MC_ORDER_FIELDS).extend({ regions: queryList(regionId) });

export const mcGroupRow = z.object({
  mcEUI: z.string(),
  mcName: z.string(),
  region: z.string(),
  /** "auto" with autoSubnet. */
  subnet: z.string(),
  autoSubnet: z.boolean(),
  mcClass: z.enum(MC_CLASSES),
  pingSlotPeriod: z.number().int(),
  enableMCRemote: z.boolean(),
  groupID: z.number().int(),
  enableMCExt: z.boolean(),
  timeSlotLength: z.number().int(),
  mcAddr: z.string(),
  enableMQTT: z.boolean(),
  pushUrls: z.array(z.string()),
  deviceNums: z.number().int(),
  gatewayNums: z.number().int(),
  /** Members in state 'joined'. */
  syncNums: z.number().int(),
  /** Every member joined (at least one member); null without remote setup, where the server cannot know. */
  joined: z.boolean().nullable(),
  /** The group's next multicast FCnt (members are set up to accept it and above). */
  syncFCnt: z.number().int(),
  username: z.string(),
  createtime: z.number(),
  updatetime: z.number(),
});
export type McGroupRow = z.infer<typeof mcGroupRow>;

export const mcGroupDetail = mcGroupRow.extend({
  genAppKey: z.string(),
  /** Entered, or derived from McKey with remote setup. */
  mcAppSKey: z.string(),
  mcNwkSKey: z.string(),
  headers: z.record(z.string(), z.string()),
});
export type McGroupDetail = z.infer<typeof mcGroupDetail>;

/** GET /api/mcgroup/status: the group's setup progress. */
export const mcGroupStatus = z.object({
  mcEUI: z.string(),
  deviceNums: z.number().int(),
  states: z.record(z.enum(MC_SYNC_STATES), z.number().int()),
  syncFCnt: z.number().int(),
  /** When the first of the joined members' class B/C sessions ends (epoch ms), if any. */
  sessionEnds: z.number().nullable(),
});

// Members

export const mcMemberListQuery = pagingQuery(['createtime', 'devEUI', 'devName'] as const).extend({
  mcEUI,
  joined: queryFlag,
});
export const mcAvailableQuery = z.object({
  mcEUI,
  pageNo: queryInt(1, 1_000_000).default(1),
  pageSize: queryInt(1, 1000).default(50),
  orderType: orderType.default('desc'),
  /** devEUI/gwID (any EUI form) or name fragment. */
  keyword: text().trim().max(64).optional(),
});
const euiList = (empty: string) =>
  z
    .array(hexField(16, empty, V.hex16))
    .min(1, empty)
    .max(MC_BIND_MAX)
    .transform((ids) => [...new Set(ids)]);
export const mcDevicesBody = z.object({ mcEUI, devEUIs: euiList(V.selectDevices) });
export const mcGatewaysBody = z.object({ mcEUI, gwIDs: euiList(V.gwIDsEmpty) });

export const mcDeviceRow = z.object({
  devEUI: z.string(),
  devName: z.string(),
  appID: z.number().int(),
  appName: z.string(),
  region: z.string(),
  class: z.string(),
  joined: z.boolean(),
  syncState: z.enum(MC_SYNC_STATES),
  syncError: z.enum(MC_SYNC_ERRORS).nullable(),
  /** The first FCnt the device accepts (TS005 minMcFCount) once set up. */
  syncFCnt: z.number().int().nullable(),
  lastSeen: z.number().nullable(),
  /** When it was bound. */
  createtime: z.number(),
  updatetime: z.number(),
});
export type McDeviceRow = z.infer<typeof mcDeviceRow>;
/** A device that could join: visible to the caller, in the group's region, in no group. */
export const mcAvailableDevice = z.object({
  devEUI: z.string(),
  devName: z.string(),
  appName: z.string(),
  region: z.string(),
  class: z.string(),
});

export const mcGatewayListQuery = pagingQuery(['createtime', 'gwID', 'gwName'] as const).extend({
  mcEUI,
  regions: queryList(regionId),
  gwTypes: queryList(text().max(20)),
  online: queryFlag,
});
export const mcGatewayRow = z.object({
  gwID: z.string(),
  gwName: z.string(),
  gwType: z.string(),
  region: z.string(),
  online: z.boolean(),
  enableClassB: z.boolean(),
  enableClassC: z.boolean(),
  lastSeen: z.number().nullable(),
  createtime: z.number(),
});
export const mcAvailableGateway = mcGatewayRow.omit({ createtime: true });

/** Bind/unbind answer; all or nothing (14008/14009 with `failed`, nothing written). */
export const mcBindOutcome = z.object({
  done: z.array(z.string()),
  failed: z.array(z.object({ id: z.string(), code: z.number(), reason: z.string() })),
});

/**
 * Route chart: member devices linked to the gateways that heard them (mean SNR of the last 24 h),
 * from the receptions (`rxInfo`) of their stored uplink frames: none while MAC history is off.
 */
export const ROUTE_WINDOW_MS = 24 * 3600_000;
export const mcRoute = z.object({
  devices: z.array(
    z.object({
      devEUI: z.string(),
      devName: z.string(),
      gateways: z.array(z.object({ gwID: z.string(), snr: z.number(), frames: z.number().int() })),
    }),
  ),
  gateways: z.array(
    z.object({
      gwID: z.string(),
      gwName: z.string(),
      online: z.boolean(),
      /** A member gateway of the group (others heard members but do not send its downlinks). */
      member: z.boolean(),
      /** Member devices it heard. */
      deviceNums: z.number().int(),
    }),
  ),
});
export type McRoute = z.infer<typeof mcRoute>;

// Downlinks

export const mcDownlinkCreateBody = z.object({
  mcEUI,
  fPort: z.coerce.number({ error: V.fPortNumber }).int().min(MC_FPORT.min, V.mcFPort).max(MC_FPORT.max, V.mcFPort),
  /** Hex (the console turns text into hex before sending). */
  data: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() : v),
    text({ error: V.dataEmpty })
      .min(1, V.dataEmpty)
      .refine((s) => s.length % 2 === 0 && /^[0-9a-fA-F]*$/.test(s), V.hexData)
      .transform((s) => s.toLowerCase()),
  ),
  confirmed: flag.default(false).refine((c) => !c, V.mcUnconfirmed),
});
export type McDownlinkCreateBody = Args<typeof mcDownlinkCreateBody>;

const time = z.preprocess((v) => {
  if (v === undefined || v === null || v === '') return undefined;
  const n = Number(v);
  return Number.isFinite(n) && String(Math.trunc(n)).length === 10 ? n * 1000 : v;
}, z.coerce.number().int().min(0).max(8.64e15).optional());

export const mcDownlinkHistoryQuery = pagingQuery(['createtime'] as const).extend({
  mcEUI,
  startTime: time,
  endTime: time,
  confirmed: queryFlag,
});
export const mcDownlinkStatusQuery = z.object({
  mcEUI,
  msgID: text().min(1).max(32),
  createtime: time,
});

export const mcDownlinkRecord = z.object({
  msgID: z.string(),
  createtime: z.number(),
  mcEUI: z.string(),
  fPort: z.number().int(),
  data: z.string(),
  confirmed: z.boolean(),
  fCnt: z.number().int(),
  mcClass: z.enum(MC_CLASSES),
  status: z.literal(Object.values(MC_DOWNLINK_STATUS)),
  /** Gateways it goes out through, and those that acknowledged it (TX_ACK without error). */
  gatewayNums: z.number().int(),
  sentNums: z.number().int(),
  /** When it leaves (class B: the ping slot's time), epoch ms. */
  sendAt: z.number().nullable(),
});
export type McDownlinkRecord = z.infer<typeof mcDownlinkRecord>;

export const mcDownlinkStatus = mcDownlinkRecord.extend({
  gateways: z.array(
    z.object({
      gwID: z.string(),
      delivery: z.enum(['not_sent', 'sent', 'success', 'error']),
      error: z.string().nullable(),
      /** Class B: GPS time (ms) the gateway was told to send at. */
      tmms: z.number().nullable(),
      dltime: z.number().nullable(),
    }),
  ),
});
