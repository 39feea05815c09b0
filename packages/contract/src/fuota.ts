/**
 * Firmware updates over the air (docs/product/fuota.md, docs/protocols/fuota.md): a firmware image
 * sent to every device of a multicast group with LoRaWAN TS004 fragmentation over the group's
 * TS005 session. Our decisions, recorded here and in those pages:
 * - Who: admins only (the console's `fuota` access string is granted to admins). An image flashes
 *   code into devices; a platform operator decides that.
 * - One task at a time per group (16001). A running task is aborted, not deleted (16002); a finished
 *   one cannot be aborted (16003).
 * - Versions: typed in the form, or read from the image's optional 16-byte header (FIRMWARE_HEADER).
 * - The task's status is derived from its session state: waiting (0), upgrading (1–5), completed
 *   (6 without error), abnormal (6 with an error: aborted, no member joined, no gateway, …).
 * - The multicast upgrade kind of a task is the phase it is in: 2 sync status (waiting for the members'
 *   multicast session), 1 switch status (switching them into the fragmentation session), 3 file
 *   transfer (fragments and after).
 */
import { z } from 'zod';
import { text } from './input';
import { FIRMWARE_MAX_BYTES, NAME_MAX } from './limits';
import { mcEUI } from './multicast';
import { pagingQuery, queryInt } from './paging';
import { V } from './validation';

export const FUOTA_SESSION_STATE = {
  CREATED: 0,
  SEND_FRAG_SESS_SETUP: 1,
  ENQUEUE_FRAGMENT: 2,
  SEND_FRAG_SESS_STATUS: 3,
  SEND_FRAG_SESS_DEL: 4,
  CLEANUP: 5,
  DONE: 6,
} as const;
export type FuotaSessionState = (typeof FUOTA_SESSION_STATE)[keyof typeof FUOTA_SESSION_STATE];
export const FUOTA_SESSION_STATES = Object.values(FUOTA_SESSION_STATE);

export const FUOTA_DEVICE_STATE = {
  MC_NOT_JOINED: 0,
  MC_JOINED: 1,
  FRAG_SESSION_SETUP_ANS: 2,
  FRAG_SESS_STATUS_ANS: 3,
  FRAG_SESS_DEL_ANS: 4,
  DONE: 5,
} as const;
export type FuotaDeviceState = (typeof FUOTA_DEVICE_STATE)[keyof typeof FUOTA_DEVICE_STATE];
export const FUOTA_DEVICE_STATES = Object.values(FUOTA_DEVICE_STATE);

export const FUOTA_TASK_STATUSES = ['waiting', 'upgrading', 'completed', 'abnormal'] as const;
export type FuotaTaskStatus = (typeof FUOTA_TASK_STATUSES)[number];

export const MC_UPGRADE_KIND = { SWITCH_STATUS: 1, SYNC_STATUS: 2, FILE_TRANSFER: 3 } as const;
export type McUpgradeKind = (typeof MC_UPGRADE_KIND)[keyof typeof MC_UPGRADE_KIND];

export const REDUNDANCY_PERCENT = { min: 1, max: 100, default: 30 } as const;
export const VERSION_TEXT_MAX = 32;

/**
 * How the server runs a session (docs/protocols/fuota.md). Requests to single devices (setup,
 * delete) travel as ordinary downlinks on TS004's port; fragments and the status request go to the
 * whole group as multicast frames.
 */
export const FUOTA = {
  /** TS004 FPort; TS003 (clock sync) answers on 202. */
  port: 201,
  /** The session index used in every request (a device offers 0..3). */
  fragIndex: 0,
  /** fragAlgo 0: the TS004 parity-check matrix. */
  fragAlgo: 0,
  /** Devices answer a multicast status request after a random 2^(d+4)..2^(d+5) s. */
  blockAckDelay: 0,
  /** A DataFragment frame carries CID and the 2-byte index before the fragment. */
  fragmentOverhead: 3,
  /** A unicast request unanswered after this many uplinks of the device is sent again. */
  retryAfterUplinks: 2,
} as const;

/** Seconds the session waits for status answers: the longest random delay, and some slack for the air. */
export const statusWaitS = (blockAckDelay: number): number => 2 ** (blockAckDelay + 5) + 10;

/**
 * The optional header of a firmware image (16 bytes at the start): "LFW1", the version the image
 * replaces (major, minor, patch, 0) and the version it installs (the same). Without it the versions
 * are typed in the form.
 */
export const FIRMWARE_HEADER = { magic: 'LFW1', size: 16, oldAt: 4, newAt: 8 } as const;

const versionAt = (b: Uint8Array, at: number) => `${b[at]}.${b[at + 1]}.${b[at + 2]}`;
export function firmwareVersions(bytes: Uint8Array): { oldVersion: string; newVersion: string } | undefined {
  if (bytes.length < FIRMWARE_HEADER.size) return undefined;
  const magic = String.fromCharCode(...bytes.subarray(0, 4));
  if (magic !== FIRMWARE_HEADER.magic) return undefined;
  return { oldVersion: versionAt(bytes, FIRMWARE_HEADER.oldAt), newVersion: versionAt(bytes, FIRMWARE_HEADER.newAt) };
}

/** Progress 0..100 of a task from its state and the fragments sent (100 only when done). */
export function fuotaProgress(t: { state: number; fragsSent: number; nbFrag: number; redundancy: number }): number {
  const S = FUOTA_SESSION_STATE;
  if (t.state === S.DONE) return 100;
  if (t.state <= S.CREATED) return 0;
  if (t.state === S.SEND_FRAG_SESS_SETUP) return 5;
  if (t.state === S.ENQUEUE_FRAGMENT) {
    const total = Math.max(1, t.nbFrag + t.redundancy);
    return 5 + Math.floor((85 * Math.min(t.fragsSent, total)) / total);
  }
  return { [S.SEND_FRAG_SESS_STATUS]: 92, [S.SEND_FRAG_SESS_DEL]: 96, [S.CLEANUP]: 98 }[t.state] ?? 99;
}

export function fuotaStatusOf(state: number, error: string | null): FuotaTaskStatus {
  if (state === FUOTA_SESSION_STATE.CREATED) return 'waiting';
  if (state < FUOTA_SESSION_STATE.DONE) return 'upgrading';
  return error ? 'abnormal' : 'completed';
}

export function mcUpgradeKindOf(state: number): McUpgradeKind {
  if (state === FUOTA_SESSION_STATE.CREATED) return MC_UPGRADE_KIND.SYNC_STATUS;
  if (state === FUOTA_SESSION_STATE.SEND_FRAG_SESS_SETUP) return MC_UPGRADE_KIND.SWITCH_STATUS;
  return MC_UPGRADE_KIND.FILE_TRANSFER;
}

const DATA_URL = /^data:[^;,]*(;[^;,]*)*;base64,([A-Za-z0-9+/=\s]*)$/;
/** The bytes of a Base64 data URL (the `payload` of a task), or undefined when it is not one. */
export function dataUrlBytes(url: string): Uint8Array | undefined {
  const m = DATA_URL.exec(url);
  if (!m) return undefined;
  const b64 = m[2]!.replace(/\s/g, '');
  if (b64.length % 4 !== 0) return undefined;
  const bin = globalThis.atob(b64);
  return Uint8Array.from(bin, (c) => c.charCodeAt(0));
}

export const firmwareName = text({ error: V.firmwareNameEmpty }).trim().min(1, V.firmwareNameEmpty).max(NAME_MAX);
const versionText = z.preprocess(
  (v) => (v === null ? undefined : v),
  text().trim().max(VERSION_TEXT_MAX, V.versionLong).optional(),
);

export const redundancyPercent = z.coerce
  .number({ error: V.redundancyRange })
  .int(V.redundancyRange)
  .min(REDUNDANCY_PERCENT.min, V.redundancyRange)
  .max(REDUNDANCY_PERCENT.max, V.redundancyRange)
  .default(REDUNDANCY_PERCENT.default);
export const firmwarePayload = z.string().max(Math.ceil(FIRMWARE_MAX_BYTES / 3) * 4 + 200, V.firmwareTooLarge);

/** The image is a file-store reference or a data URL of 1..FIRMWARE_MAX_BYTES bytes. */
export function checkFirmware(b: { fileUrl?: string; payload?: string }, ctx: z.RefinementCtx): void {
  const problem = firmwareProblem(b);
  if (problem) ctx.addIssue({ code: 'custom', path: ['payload'], message: problem });
}

function firmwareProblem(b: { fileUrl?: string; payload?: string }): string | undefined {
  if (!b.fileUrl && !b.payload) return V.firmwareEmpty;
  if (!b.payload) return undefined;
  const bytes = dataUrlBytes(b.payload);
  if (!bytes) return V.firmwareDataUrl;
  if (bytes.length === 0) return V.firmwareEmpty;
  if (bytes.length > FIRMWARE_MAX_BYTES) return V.firmwareTooLarge;
  return undefined;
}

/**
 * A task: the group, the image (a file-store reference from /api/fileupload, or a Base64
 * data URL), its name, redundancy and versions. A data URL decodes to at most FIRMWARE_MAX_BYTES.
 */
export const fuotaCreateBody = z
  .object({
    mcEUI,
    firmwareName,
    redundancyPercent,
    fileUrl: z.string().max(200).optional(),
    payload: firmwarePayload.optional(),
    oldVersion: versionText,
    newVersion: versionText,
  })
  .superRefine(checkFirmware);
export type FuotaCreateBody = z.input<typeof fuotaCreateBody>;

export const fdID = z.coerce.number().int().min(1).max(2_147_483_647);
export const fdIDQuery = z.object({ fdID });
export const fdIDBody = z.object({ fdID });
export const fdIDsBody = z.object({ fdIDs: z.array(fdID).min(1).max(1000) });

export const FUOTA_ORDER_FIELDS = ['createtime', 'firmwareName', 'state'] as const;
export const fuotaListQuery = pagingQuery(FUOTA_ORDER_FIELDS).extend({
  mcEUI: mcEUI.optional(),
  status: z.enum(FUOTA_TASK_STATUSES).optional(),
});

export const fuotaTaskRow = z.object({
  fdID: z.number().int(),
  mcEUI: z.string(),
  mcName: z.string(),
  firmwareName: z.string(),
  oldVersion: z.string(),
  newVersion: z.string(),
  payloadSize: z.number().int(),
  digest: z.string(),
  redundancyPercent: z.number().int(),
  /** Uncoded fragments, their size, the padding of the last one, and the parity fragments sent after them. */
  nbFrag: z.number().int(),
  fragSize: z.number().int(),
  padding: z.number().int(),
  redundancy: z.number().int(),
  fragsSent: z.number().int(),
  state: z.number().int(),
  status: z.enum(FUOTA_TASK_STATUSES),
  kind: z.number().int(),
  progress: z.number().int(),
  deviceNums: z.number().int(),
  /** Devices that rebuilt the image and closed their session. */
  doneNums: z.number().int(),
  /** Devices with an error (refused, did not answer, could not rebuild). */
  failedNums: z.number().int(),
  /** The fewest fragments a device reported received, and the most it still missed (null before any status answer). */
  nbFragReceived: z.number().int().nullable(),
  nbFragMissing: z.number().int().nullable(),
  nextStepTime: z.number(),
  error_message: z.string().nullable(),
  username: z.string(),
  createtime: z.number(),
  updatetime: z.number(),
  finishtime: z.number().nullable(),
});
export type FuotaTaskRow = z.infer<typeof fuotaTaskRow>;

export const FUOTA_DEVICE_ORDER_FIELDS = ['updatetime', 'devEUI', 'state'] as const;
export const fuotaDevicesQuery = pagingQuery(FUOTA_DEVICE_ORDER_FIELDS).extend({
  fdID: fdID.optional(),
  mcEUI: mcEUI.optional(),
  devEUI: z
    .string()
    .regex(/^[0-9a-fA-F]{16}$/, V.devEUIFormat)
    .transform((s) => s.toLowerCase())
    .optional(),
  state: queryInt(0, 5).optional(),
});

export const fuotaDeviceRow = z.object({
  fdID: z.number().int(),
  devEUI: z.string(),
  devName: z.string(),
  mcEUI: z.string(),
  firmwareName: z.string(),
  oldVersion: z.string(),
  newVersion: z.string(),
  state: z.number().int(),
  nbFragReceived: z.number().int().nullable(),
  nbFragMissing: z.number().int().nullable(),
  error_message: z.string().nullable(),
  updatetime: z.number(),
});
export type FuotaDeviceRow = z.infer<typeof fuotaDeviceRow>;

export const firmwareListQuery = pagingQuery(['lasttime', 'firmwareName'] as const);
/** One image (by digest and name) and what it reached. */
export const firmwareRow = z.object({
  firmwareName: z.string(),
  digest: z.string(),
  oldVersion: z.string(),
  newVersion: z.string(),
  payloadSize: z.number().int(),
  tasks: z.number().int(),
  deviceNums: z.number().int(),
  doneNums: z.number().int(),
  lasttime: z.number(),
});
export type FirmwareRow = z.infer<typeof firmwareRow>;
