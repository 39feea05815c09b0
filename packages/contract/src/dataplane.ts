/**
 * Request schemas of the data plane's history and downlink APIs (devices and gateways). Response
 * shapes are in frames.ts; the endpoints are declared in api/.
 */
import { z } from 'zod';
import { devEUI } from './devices';
import type { Args } from './endpoint';
import { appMessage } from './frames';
import { eui64 } from './hex';
import { text } from './input';
import { pagingQuery, queryList } from './paging';
import { V } from './validation';

const queryFlag = z.preprocess(
  (v) =>
    v === '1' || v === 'true' || v === 1 || v === true
      ? true
      : v === '0' || v === 'false' || v === 0 || v === false
        ? false
        : v,
  z.boolean(),
);
const bodyFlag = queryFlag;
const epochMs = z.coerce.number().int().min(0).max(8.64e15);
/** Times as epoch ms; 10-digit values are seconds (the console's rule). */
const time = z.preprocess((v) => {
  if (v === undefined || v === null || v === '') return undefined;
  const n = Number(v);
  return Number.isFinite(n) && String(Math.trunc(n)).length === 10 ? n * 1000 : v;
}, epochMs.optional());
const range = { startTime: time, endTime: time };

export const HISTORY_ORDER_FIELDS = ['createtime'] as const;

/** A device's application-layer messages. */
export const deviceHistoryQuery = pagingQuery(HISTORY_ORDER_FIELDS).extend({
  devEUI,
  ...range,
  confirmed: queryFlag.optional(),
});

/** A device's protocol-layer frames. `msgTypes` 0..7 (MSG_TYPES), `uplink` 1/0. */
export const deviceLorawanHistoryQuery = pagingQuery(HISTORY_ORDER_FIELDS).extend({
  devEUI,
  ...range,
  msgTypes: queryList(z.coerce.number().int().min(0).max(7)),
  uplink: queryFlag.optional(),
});

/** One stored message: `createtime` narrows the lookup to its partition of time. */
export const deviceDataInfoQuery = z.object({ devEUI, msgID: text().min(1).max(32), createtime: time });

export const downlinkHistoryQuery = pagingQuery(HISTORY_ORDER_FIELDS).extend({
  devEUI,
  ...range,
  confirmed: queryFlag.optional(),
});

/** A downlink to queue. Port 1..255; 0 only with macCommands (then data is MAC commands hex). */
export const downlinkCreateBody = z.object({
  devEUI,
  fport: z.coerce.number({ error: V.fPortNumber }).int().min(0).max(255),
  data: text({ error: V.dataEmpty }).trim().min(1, V.dataEmpty),
  confirmed: bodyFlag.default(false),
  macCommands: bodyFlag.default(false),
});
export type DownlinkCreateBody = Args<typeof downlinkCreateBody>;

/** Frames a gateway heard (uplink) or sent. */
export const gatewayHistoryQuery = pagingQuery(HISTORY_ORDER_FIELDS).extend({
  gwID: eui64,
  ...range,
  msgTypes: queryList(z.coerce.number().int().min(0).max(7)),
  uplink: queryFlag.optional(),
});
export const gatewayDataInfoQuery = z.object({ gwID: eui64, msgID: text().min(1).max(32), createtime: time });

/** A gateway's online/offline transitions. */
export const gwConnectionHistoryQuery = pagingQuery(HISTORY_ORDER_FIELDS).extend({
  gwID: eui64,
  ...range,
  mqtt: queryFlag.optional(),
  online: queryFlag.optional(),
});
export const gwConnectionExcelQuery = z.object({ gwID: eui64, ...range });

export const gwStatsHistoryQuery = pagingQuery(HISTORY_ORDER_FIELDS).extend({ gwID: eui64, ...range });
export const gwStatsExcelQuery = z.object({ gwID: eui64, ...range });

export const gwConnectionRow = z.object({
  gwID: z.string(),
  online: z.boolean(),
  mqtt: z.boolean(),
  createtime: z.number(),
});
export const gwStatRow = z.object({
  gwID: z.string(),
  createtime: z.number(),
  stat: z.record(z.string(), z.unknown()),
});

/** A stored application message with the receiving gateway's signal. */
export const appMessageRow = appMessage.extend({
  rssi: z.number().nullable(),
  snr: z.number().nullable(),
  gwID: z.string().nullable(),
});

/** Excel exports carry at most this many rows (the newest). */
export const MAX_EXCEL_ROWS = 100_000;
