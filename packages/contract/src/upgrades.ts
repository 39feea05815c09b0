/**
 * Gateway upgrades (docs/product/gateway-upgrades.md): package versions in the file store, upgrade
 * tasks over gateway types, and a record per gateway and task. The gateway's agent downloads,
 * checks and installs (docs/protocols/gateway-agent.md, `upgrade`). Our decisions:
 * - deb and opkg versions and agent versions are "bridge" entries (8001–8004), packet-forwarder
 *   versions "pktfwd" entries (9001–9004); a version used by a task that is not over is kept (8101).
 * - A task upgrades the gateways of its types (and of the version's arch, for agent and packet
 *   forwarder) that exist when it is created; at most `maxLimit` at once.
 */
import { z } from 'zod';
import { GW_ARCHS } from './gateway-types';
import { eui64 } from './hex';
import { queryId, text } from './input';
import { NAME_CHARS, NAME_MAX, VERSION_NAME_MAX } from './limits';
import { queryInt } from './paging';
import { V } from './validation';

/** Upgrade types as the console numbers them. */
export const UPGRADE_TYPE = { deb: 1, agent: 2, packetForwarder: 3, opkg: 4 } as const;
export type UpgradeKind = keyof typeof UPGRADE_TYPE;
export const UPGRADE_KINDS = Object.keys(UPGRADE_TYPE) as UpgradeKind[];
export type UpgradeType = (typeof UPGRADE_TYPE)[UpgradeKind];
export const upgradeKindOf = (t: number): UpgradeKind | undefined => UPGRADE_KINDS.find((k) => UPGRADE_TYPE[k] === t);
/** Kinds whose versions carry an architecture (the others `restartAfterInstall`). */
export const ARCH_KINDS: readonly UpgradeKind[] = ['agent', 'packetForwarder'];

/** Package install status as the agent reports it. */
export const INSTALL_STATUS = {
  initial: 1,
  downloading: 2,
  updating: 3,
  phases: 4,
  installSuccess: 9,
  installFail: 10,
  normalRun: 11,
  abnormalRun: 12,
  skip: 13,
} as const;
export type InstallStatus = (typeof INSTALL_STATUS)[keyof typeof INSTALL_STATUS];
export const INSTALL_STATUSES = Object.values(INSTALL_STATUS) as InstallStatus[];

/** A gateway's upgrade within a task. */
export const GATEWAY_UPGRADE_STATES = [
  'waiting',
  'upgrading',
  'retry',
  'sdkDownloading',
  'rebooting',
  'completed',
  'skipped',
  'error',
] as const;
export type GatewayUpgradeState = (typeof GATEWAY_UPGRADE_STATES)[number];
export const FINISHED_UPGRADE_STATES: readonly GatewayUpgradeState[] = ['completed', 'skipped', 'error'];

export const UPGRADE_TASK_STATES = ['waiting', 'upgrading', 'completed', 'abnormal'] as const;
export type UpgradeTaskState = (typeof UPGRADE_TASK_STATES)[number];

export const MAX_LIMIT_DEFAULT = 5;
export const MAX_LIMIT_RANGE = [1, 200] as const;
/** Tries of one gateway (a lost connection, an install that failed to download) before it is an error. */
export const UPGRADE_TRIES = 3;
/** Package files may be this large (MB); UPGRADE_FILE_MAX_MB on the server changes it. */
export const UPGRADE_FILE_DEFAULT_MAX_MB = 64;

export const versionName = text()
  .trim()
  .min(1, V.versionNameEmpty)
  .max(VERSION_NAME_MAX)
  .regex(NAME_CHARS, V.nameChars);

const page = z.preprocess(
  (v) =>
    v && typeof v === 'object' && 'page' in v && !('pageNo' in v) ? { ...v, pageNo: (v as { page: unknown }).page } : v,
  z.object({ pageNo: queryInt(1, 1_000_000).default(1), pageSize: queryInt(1, 1000).default(50) }),
);
export const pageQuery = page;

/** createNewVersion of deb and opkg. */
export const packageVersionBody = z.object({
  name: versionName,
  fileUrl: z.string().min(1, V.upgradeFileEmpty).max(256),
  restartAfterInstall: z.boolean().default(false),
});
/** createNewVersion of agent and packet forwarder. */
export const archVersionBody = z.object({
  name: versionName,
  fileUrl: z.string().min(1, V.upgradeFileEmpty).max(256),
  arch: z.enum(GW_ARCHS),
});
export const versionIdBody = z.object({ versionId: queryId() });

export const upgradeVersion = z.object({
  id: z.number(),
  versionName: z.string(),
  upgradeType: z.number(),
  fileUrl: z.string(),
  fileName: z.string(),
  size: z.number(),
  digest: z.string(),
  restartAfterInstall: z.boolean().optional(),
  arch: z.enum(GW_ARCHS).optional(),
  createdAt: z.number(),
});
export type UpgradeVersion = z.infer<typeof upgradeVersion>;

/** A gateway type a task may target: its arch and how many gateways it has. */
export const upgradeGatewayType = z.object({ gatewayType: z.string(), arch: z.enum(GW_ARCHS), gateways: z.number() });

export const upgradeTaskBody = z.object({
  name: text().trim().min(1, V.taskNameEmpty).max(NAME_MAX),
  /** Gateway type names, or `{ gatewayType, arch }` as the console's form holds them. */
  gatewayTypes: z
    .array(
      z.preprocess(
        (v) => (v && typeof v === 'object' && 'gatewayType' in v ? (v as { gatewayType: unknown }).gatewayType : v),
        z.string().trim().min(1).max(20),
      ),
    )
    .min(1, V.gatewayTypesEmpty)
    .max(100),
  upgradeType: z.coerce.number().pipe(z.union(Object.values(UPGRADE_TYPE).map((n) => z.literal(n)))),
  versionId: queryId(),
  maxLimit: z.coerce.number().int().min(MAX_LIMIT_RANGE[0]).max(MAX_LIMIT_RANGE[1]).default(MAX_LIMIT_DEFAULT),
});
export const taskIdBody = z.object({ taskId: queryId() });
export const taskIdQuery = z.object({ taskId: queryId() });

export const upgradeTask = z.object({
  taskId: z.number(),
  taskName: z.string(),
  upgradeType: z.number(),
  versionId: z.number(),
  version: z.string(),
  gatewayTypes: z.array(z.string()),
  maxLimit: z.number(),
  state: z.enum(UPGRADE_TASK_STATES),
  /** Gateways by state. */
  counts: z.record(z.enum(GATEWAY_UPGRADE_STATES), z.number()),
  total: z.number(),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type UpgradeTask = z.infer<typeof upgradeTask>;

export const upgradeRecord = z.object({
  id: z.number(),
  taskId: z.number(),
  taskName: z.string(),
  gatewayId: z.string(),
  gatewayName: z.string(),
  upgradeType: z.number(),
  versionId: z.number(),
  version: z.string(),
  /** The version the gateway reported before. */
  fromVersion: z.string(),
  state: z.enum(GATEWAY_UPGRADE_STATES),
  installStatus: z.number(),
  progress: z.number(),
  tries: z.number(),
  error: z.string().nullable(),
  startedAt: z.number().nullable(),
  finishedAt: z.number().nullable(),
  updatedAt: z.number(),
});
export type UpgradeRecord = z.infer<typeof upgradeRecord>;

export const recordsByVersionQuery = z.intersection(
  page,
  z.object({ versionId: queryId(), upgradeType: queryInt(1, 4).optional() }),
);
export const recordsByGatewayQuery = z.intersection(page, z.object({ gatewayId: eui64.optional() }));
export const recordsByTaskQuery = z.intersection(page, z.object({ taskId: queryId() }));

// ---- Agent side (docs/protocols/gateway-agent.md, `upgrade`) ---------------------------------

/** What the agent is asked: fetch `url` (signed, Range-capable), check it, install it. */
export const upgradeExtra = z.object({
  kind: z.enum(['deb', 'agent', 'packetForwarder', 'opkg']),
  version: z.string(),
  url: z.string(),
  digest: z.string(),
  size: z.number().int().min(0),
  fileName: z.string(),
  restartAfterInstall: z.boolean(),
});
export type UpgradeExtra = z.infer<typeof upgradeExtra>;
/** `result` of the agent's progress and final answers. */
export const upgradeProgress = z.object({
  installStatus: z.number().int(),
  /** What it does now, in words (downloading 40 %, dpkg -i …, restarting …). */
  phase: z.string().max(200).optional(),
  version: z.string().max(128).optional(),
});

// ---- SDK versions and pico firmware (catalogues for pico gateways) ---------------------------

export const SDK_CONTROL_TYPES = ['Pico'] as const;
export const sdkBody = z.object({
  version: versionName,
  filestore: z.string().min(1, V.upgradeFileEmpty).max(256),
  controlType: z.enum(SDK_CONTROL_TYPES).default('Pico'),
});
export const sdkUpdateBody = sdkBody.extend({ sdkID: queryId() });
export const sdkIdBody = z.object({ sdkID: queryId() });
export const sdkRow = z.object({
  sdkID: z.number(),
  version: z.string(),
  filestore: z.string(),
  fileName: z.string(),
  controlType: z.enum(SDK_CONTROL_TYPES),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export const picoFirmwareBody = z.object({
  gwType: text().trim().min(1, V.gwTypeEmpty).max(20),
  version: versionName,
  fileUrl: z.string().min(1, V.upgradeFileEmpty).max(256),
});
export const picoFirmwareRow = z.object({
  id: z.number(),
  gwType: z.string(),
  version: z.string(),
  fileUrl: z.string(),
  fileName: z.string(),
  createdAt: z.number(),
});
export const picoIdBody = z.object({ id: queryId() });

export const UPGRADE_ARCHS = GW_ARCHS;
