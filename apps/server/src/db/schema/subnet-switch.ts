import type { SubnetSwitchStatus } from '@lns/contract/subnet-switch';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';

// Mirrors migrations/0019_subnet_switch.sql; the SQL file is the source of truth.
export const switchTasks = pgTable(
  'subnet_switch_tasks',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 64 }).notNull(),
    intervalS: integer('interval_s').notNull(),
    switchTime: bigint('switch_time', { mode: 'number' }).notNull(),
    graceS: integer('grace_s').notNull(),
    currentPlan: varchar('current_plan', { length: 64 }).notNull(),
    nextPlan: varchar('next_plan', { length: 64 }).notNull(),
    status: smallint('status').notNull().default(1).$type<SubnetSwitchStatus>(),
    triggerCount: integer('trigger_count').notNull().default(0),
    nextTime: bigint('next_time', { mode: 'number' }).notNull(),
    switchedAt: bigint('switched_at', { mode: 'number' }),
    errorMessage: text('error_message'),
    leaseUntil: bigint('lease_until', { mode: 'number' }).notNull().default(0),
    leaseOwner: varchar('lease_owner', { length: 40 }).notNull().default(''),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
    updatedAt: bigint('updated_at', { mode: 'number' }).notNull(),
  },
  (t) => [uniqueIndex('subnet_switch_tasks_name_key').on(t.name)],
);

export const switchGateways = pgTable(
  'subnet_switch_gateways',
  {
    taskId: integer('task_id').notNull(),
    gwId: varchar('gw_id', { length: 16 }).notNull(),
    gwName: varchar('gw_name', { length: 64 }).notNull(),
    manual: boolean('manual').notNull().default(false),
    status: smallint('status').notNull().default(1).$type<SubnetSwitchStatus>(),
    tries: smallint('tries').notNull().default(0),
    error: text('error'),
    nextAt: bigint('next_at', { mode: 'number' }).notNull().default(0),
    updatedAt: bigint('updated_at', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.taskId, t.gwId] }),
    uniqueIndex('subnet_switch_gateways_open_uq').on(t.gwId).where(sql`${t.status} <= 3`),
  ],
);

export const switchDevices = pgTable(
  'subnet_switch_devices',
  {
    taskId: integer('task_id').notNull(),
    devEui: varchar('dev_eui', { length: 16 }).notNull(),
    devName: varchar('dev_name', { length: 64 }).notNull(),
    appId: integer('app_id').notNull(),
    status: smallint('status').notNull().default(1).$type<SubnetSwitchStatus>(),
    phase: smallint('phase').notNull().default(0),
    triggerCount: integer('trigger_count').notNull().default(0),
    nextSendAt: bigint('next_send_at', { mode: 'number' }).notNull().default(0),
    lastSentAt: bigint('last_sent_at', { mode: 'number' }),
    revert: boolean('revert').notNull().default(false),
    error: text('error'),
    updatedAt: bigint('updated_at', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.taskId, t.devEui] }),
    uniqueIndex('subnet_switch_devices_open_uq').on(t.devEui).where(sql`${t.status} <= 3`),
  ],
);
