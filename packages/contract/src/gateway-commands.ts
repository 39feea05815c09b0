/**
 * Gateway remote operations (docs/product/gateway-operations.md): commands run by the gateway
 * agent and their records, log files, the web shell and noise scans. What travels to the agent is
 * in gateway-agent.ts (docs/protocols/gateway-agent.md).
 */
import { z } from 'zod';
import { GATEWAY_COMMANDS, type GatewayCommand } from './gateway-agent';
import { eui64 } from './hex';
import { queryId } from './input';
import { queryInt } from './paging';

/**
 * What a command record is in: `running` until the agent answers; `done` it ran; `skipped` it
 * need not run (12007); `error` the gateway refused or failed (12002); `timeout` no answer in time.
 */
export const COMMAND_STATES = ['running', 'done', 'skipped', 'error', 'timeout'] as const;
export type CommandState = (typeof COMMAND_STATES)[number];
export const FINISHED_COMMAND_STATES: readonly CommandState[] = ['done', 'skipped', 'error', 'timeout'];

/** Records beside the console's commands: a web shell session, a noise scan, a log download, an upgrade, a packet-forwarder configuration push. */
export const RECORD_KINDS = [
  ...GATEWAY_COMMANDS,
  'webShell',
  'frequencyScan',
  'logDownload',
  'upgrade',
  'pfConfig',
] as const;
export type RecordKind = (typeof RECORD_KINDS)[number];

/**
 * Commands that only read: called with GET (the others are POST) and answered even while another
 * command runs (never 12008).
 */
export const QUERY_COMMANDS: readonly GatewayCommand[] = ['queryRssh', 'queryWssh'];

/** How long the server waits for the agent's answer by default (s); GATEWAY_COMMAND_TIMEOUT_S. */
export const COMMAND_TIMEOUT_DEFAULT_S = 60;

/** A command's `extra`: at most this many bytes of JSON. */
export const EXTRA_MAX_BYTES = 2048;
const extra = z
  .record(z.string().max(64), z.unknown())
  .refine((v) => JSON.stringify(v).length <= EXTRA_MAX_BYTES, `at most ${EXTRA_MAX_BYTES} bytes of JSON`);

/** startRssh: where the gateway opens its reverse tunnel; missing fields come from the server's RSSH_* settings. */
export const rsshExtra = z
  .object({
    host: z
      .string()
      .min(1)
      .max(253)
      .regex(/^[A-Za-z0-9.-]+$/, 'a host name or IPv4 address'),
    port: z.coerce.number().int().min(1).max(65535),
    user: z
      .string()
      .min(1)
      .max(32)
      .regex(/^[a-z_][a-z0-9_-]*$/, 'a Unix user name'),
    remotePort: z.coerce.number().int().min(1024).max(65535),
  })
  .partial();
export type RsshExtra = z.infer<typeof rsshExtra>;

/** Body of every POST /api/gatewayCommand/<cmdType>. */
export const commandBody = z.object({ gatewayId: eui64, extra: extra.optional() });
/** Query of the GET commands (queryRssh, queryWssh). */
export const commandQuery = z.object({ gatewayId: eui64 });

/** POST /api/gwcmd/create: any command by name; cToken is the caller's when given (unique per gateway). */
export const gwcmdCreateBody = z.object({
  gwID: eui64,
  cmdType: z.enum(GATEWAY_COMMANDS),
  cToken: z
    .string()
    .regex(/^[A-Za-z0-9_-]{8,64}$/, '8 to 64 letters, digits, _ or -')
    .optional(),
  extra: extra.optional(),
});

export const commandRecord = z.object({
  id: z.number(),
  gatewayId: z.string(),
  cmdType: z.enum(RECORD_KINDS),
  cToken: z.string(),
  extra: z.record(z.string(), z.unknown()).nullable(),
  state: z.enum(COMMAND_STATES),
  /** What the agent answered (command output, tunnel state, …). */
  result: z.unknown().nullable(),
  error: z.string().nullable(),
  /** Who asked. */
  userName: z.string(),
  createdAt: z.number(),
  finishedAt: z.number().nullable(),
});
export type CommandRecord = z.infer<typeof commandRecord>;

/** GET /api/gatewayCommand/list: newest first; `page` is the console's name for pageNo. */
export const commandListQuery = z.preprocess(
  (v) =>
    v && typeof v === 'object' && 'page' in v && !('pageNo' in v) ? { ...v, pageNo: (v as { page: unknown }).page } : v,
  z.object({
    gatewayId: eui64.optional(),
    cmdType: z.enum(RECORD_KINDS).optional(),
    pageNo: queryInt(1, 1_000_000).default(1),
    pageSize: queryInt(1, 200).default(50),
  }),
);

// ---- Log files -------------------------------------------------------------------------------

/** The two directories the console lists; the agent maps each to a directory it is allowed to read. */
export const LOG_DIRS = { '/var/log/': 'log', '/var/rlog/': 'rlog' } as const;
export type LogDirKey = (typeof LOG_DIRS)[keyof typeof LOG_DIRS];
const logDir = z.preprocess(
  (v) => (typeof v === 'string' && !v.endsWith('/') ? `${v}/` : v),
  z.enum(Object.keys(LOG_DIRS) as ['/var/log/', '/var/rlog/']),
);
/** A file name under the directory: one level of subdirectory at most, no `..`. */
export const logName = z
  .string()
  .min(1)
  .max(255)
  .regex(/^(?!.*\.\.)[A-Za-z0-9._@+-]+(\/[A-Za-z0-9._@+-]+)?$/, 'a file name under the directory');

export const logListQuery = z.object({ log_file_dir: logDir, gateway_id: eui64 });
export const logDownloadQuery = logListQuery.extend({ logName });
export const logFile = z.object({
  logName: z.string(),
  /** KB, one decimal. */
  logSize: z.number(),
  modifiedAt: z.number(),
});
export type LogFile = z.infer<typeof logFile>;
/** A file larger than this is refused for download (12102); LOG_DOWNLOAD_MAX_MB changes it. */
export const LOG_DOWNLOAD_DEFAULT_MAX_MB = 16;
/** Bytes the agent sends per readLog answer (before base64). */
export const LOG_CHUNK_BYTES = 96 * 1024;

// ---- Noise scan ------------------------------------------------------------------------------

/** A scan covers at most this many frequencies. */
export const SCAN_MAX_POINTS = 500;
export const SCAN_FREQ_RANGE_HZ = [100_000_000, 1_000_000_000] as const;
export const SCAN_STEP_RANGE_HZ = [25_000, 5_000_000] as const;
/** Default step: the SX1302 spectral scan's own resolution. */
export const SCAN_DEFAULT_STEP_HZ = 200_000;

const hz = z.coerce.number().int().min(SCAN_FREQ_RANGE_HZ[0]).max(SCAN_FREQ_RANGE_HZ[1]);
export const scanStartBody = z
  .object({
    gatewayId: eui64,
    frequencyMin: hz,
    frequencyMax: hz,
    frequencyStep: z.coerce.number().int().min(SCAN_STEP_RANGE_HZ[0]).max(SCAN_STEP_RANGE_HZ[1]),
  })
  .superRefine((b, ctx) => {
    if (b.frequencyMax <= b.frequencyMin)
      ctx.addIssue({ code: 'custom', path: ['frequencyMax'], message: 'must be above frequencyMin' });
    else if (scanPointCount(b) > SCAN_MAX_POINTS)
      ctx.addIssue({ code: 'custom', path: ['frequencyStep'], message: `at most ${SCAN_MAX_POINTS} frequencies` });
  });
export type ScanRange = Pick<z.infer<typeof scanStartBody>, 'frequencyMin' | 'frequencyMax' | 'frequencyStep'>;

/** The frequencies a scan measures: min, min + step, … up to max. */
export const scanPointCount = (r: ScanRange) => Math.floor((r.frequencyMax - r.frequencyMin) / r.frequencyStep) + 1;
export const scanFrequencies = (r: ScanRange) =>
  Array.from({ length: scanPointCount(r) }, (_, i) => r.frequencyMin + i * r.frequencyStep);

/** One measured frequency: RSSI in dBm, average and extremes over the samples taken there. */
export const scanPoint = z.object({
  frequency: z.number().int(),
  rssiAvg: z.number(),
  rssiMin: z.number(),
  rssiMax: z.number(),
});
export type ScanPoint = z.infer<typeof scanPoint>;

export const scanRecord = z.object({
  id: z.number(),
  gatewayId: z.string(),
  frequencyMin: z.number(),
  frequencyMax: z.number(),
  frequencyStep: z.number(),
  state: z.enum(COMMAND_STATES),
  progress: z.number(),
  error: z.string().nullable(),
  userName: z.string(),
  createdAt: z.number(),
  finishedAt: z.number().nullable(),
  /** Only in `query` and `latestRecord`. */
  points: z.array(scanPoint).optional(),
});
export type ScanRecord = z.infer<typeof scanRecord>;

export const scanGatewayQuery = z.object({ gatewayId: eui64 });
export const scanIdQuery = z.object({ id: queryId() });
export const scanListQuery = z.object({
  gatewayId: eui64.optional(),
  pageNo: queryInt(1, 1_000_000).default(1),
  pageSize: queryInt(1, 200).default(50),
});
/** GET …/status: whether the gateway scans now, and the latest scan's progress. */
export const scanStatus = z.object({ scanning: z.boolean(), latest: scanRecord.nullable() });

// ---- Web shell -------------------------------------------------------------------------------

/** The console's terminal size; the user may resize it. */
export const SHELL_DEFAULT_SIZE = { cols: 90, rows: 40 } as const;
export const SHELL_SIZE_LIMITS = { cols: [10, 500], rows: [4, 200] } as const;
/** A session with no keystroke for this long is closed; SHELL_IDLE_S changes it. */
export const SHELL_IDLE_DEFAULT_S = 900;
/** Bytes of one message either way. */
export const SHELL_MESSAGE_MAX = 64 * 1024;

export const shellStreamQuery = z.object({
  gatewayId: eui64,
  cols: queryInt(SHELL_SIZE_LIMITS.cols[0], SHELL_SIZE_LIMITS.cols[1]).default(SHELL_DEFAULT_SIZE.cols),
  rows: queryInt(SHELL_SIZE_LIMITS.rows[0], SHELL_SIZE_LIMITS.rows[1]).default(SHELL_DEFAULT_SIZE.rows),
});

const size = {
  cols: z.number().int().min(SHELL_SIZE_LIMITS.cols[0]).max(SHELL_SIZE_LIMITS.cols[1]),
  rows: z.number().int().min(SHELL_SIZE_LIMITS.rows[0]).max(SHELL_SIZE_LIMITS.rows[1]),
};
/** Browser → server on the shell socket (besides the text `ping`). */
export const shellClientMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('input'), data: z.string().max(SHELL_MESSAGE_MAX) }),
  z.object({ type: z.literal('resize'), ...size }),
]);
export type ShellClientMessage = z.infer<typeof shellClientMessage>;

/** Why a shell session ended, as the browser is told. */
export const SHELL_END_REASONS = [
  'exited',
  'closedByGateway',
  'idle',
  'offline',
  'refused',
  'timeout',
  'server',
] as const;
export type ShellEndReason = (typeof SHELL_END_REASONS)[number];

/** Server → browser on the shell socket (besides the text `pong`). */
export type ShellServerMessage =
  | { type: 'opened'; session: string }
  | { type: 'output'; data: string }
  | { type: 'closed'; reason: ShellEndReason; detail?: string };

export const SHELL_STREAM_PATH = '/ws/gateway/shell';
