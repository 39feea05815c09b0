import type { GwArch } from '@lns/contract/gateway-types';
import type { GatewayUpgradeState, UpgradeTaskState } from '@lns/contract/upgrades';
import {
  bigint,
  boolean,
  char,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';

// Mirrors migrations/0015_upgrades.sql; the SQL file is the source of truth.
export const upgradeVersions = pgTable(
  'upgrade_versions',
  {
    id: serial('id').primaryKey(),
    kind: smallint('kind').notNull(),
    name: varchar('name', { length: 20 }).notNull(),
    digest: char('digest', { length: 64 }).notNull(),
    fileName: varchar('file_name', { length: 128 }).notNull(),
    size: integer('size').notNull(),
    restartAfterInstall: boolean('restart_after_install').notNull().default(false),
    arch: varchar('arch', { length: 8 }).$type<GwArch>(),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  },
  (t) => [uniqueIndex('upgrade_versions_name_uq').on(t.kind, t.name)],
);

export const upgradeTasks = pgTable(
  'upgrade_tasks',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 64 }).notNull(),
    kind: smallint('kind').notNull(),
    versionId: integer('version_id').notNull(),
    versionName: varchar('version_name', { length: 20 }).notNull(),
    gatewayTypes: jsonb('gateway_types').notNull().$type<string[]>(),
    maxLimit: smallint('max_limit').notNull(),
    state: varchar('state', { length: 16 }).notNull().default('waiting').$type<UpgradeTaskState>(),
    leaseUntil: bigint('lease_until', { mode: 'number' }).notNull().default(0),
    leaseOwner: varchar('lease_owner', { length: 40 }).notNull().default(''),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
    updatedAt: bigint('updated_at', { mode: 'number' }).notNull(),
  },
  (t) => [uniqueIndex('upgrade_tasks_name_key').on(t.name)],
);

export const upgradeRecords = pgTable(
  'upgrade_records',
  {
    id: serial('id').primaryKey(),
    taskId: integer('task_id').notNull(),
    gatewayId: varchar('gateway_id', { length: 16 }).notNull(),
    gatewayName: varchar('gateway_name', { length: 64 }).notNull(),
    kind: smallint('kind').notNull(),
    versionId: integer('version_id').notNull(),
    versionName: varchar('version_name', { length: 20 }).notNull(),
    fromVersion: varchar('from_version', { length: 128 }).notNull().default(''),
    state: varchar('state', { length: 16 }).notNull().default('waiting').$type<GatewayUpgradeState>(),
    installStatus: smallint('install_status').notNull().default(1),
    progress: smallint('progress').notNull().default(0),
    tries: smallint('tries').notNull().default(0),
    error: text('error'),
    nextAt: bigint('next_at', { mode: 'number' }).notNull().default(0),
    startedAt: bigint('started_at', { mode: 'number' }),
    finishedAt: bigint('finished_at', { mode: 'number' }),
    updatedAt: bigint('updated_at', { mode: 'number' }).notNull(),
  },
  (t) => [uniqueIndex('upgrade_records_task_gateway_uq').on(t.taskId, t.gatewayId)],
);

export const gatewaySdks = pgTable(
  'gateway_sdks',
  {
    id: serial('id').primaryKey(),
    version: varchar('version', { length: 20 }).notNull(),
    controlType: varchar('control_type', { length: 16 }).notNull().$type<'Pico'>(),
    digest: char('digest', { length: 64 }).notNull(),
    fileName: varchar('file_name', { length: 128 }).notNull(),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
    updatedAt: bigint('updated_at', { mode: 'number' }).notNull(),
  },
  (t) => [uniqueIndex('gateway_sdks_version_uq').on(t.controlType, t.version)],
);

export const picoFirmware = pgTable(
  'pico_firmware',
  {
    id: serial('id').primaryKey(),
    gwType: varchar('gw_type', { length: 20 }).notNull(),
    version: varchar('version', { length: 20 }).notNull(),
    digest: char('digest', { length: 64 }).notNull(),
    fileName: varchar('file_name', { length: 128 }).notNull(),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  },
  (t) => [uniqueIndex('pico_firmware_version_uq').on(t.gwType, t.version)],
);
