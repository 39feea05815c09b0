import type { CommandState, RecordKind, ScanPoint } from '@lns/contract/gateway-commands';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';

// Mirrors migrations/0014_gateway_commands.sql; the SQL file is the source of truth.
export const gatewayCommands = pgTable(
  'gateway_commands',
  {
    id: serial('id').primaryKey(),
    gatewayId: varchar('gateway_id', { length: 16 }).notNull(),
    cmdType: varchar('cmd_type', { length: 32 }).notNull().$type<RecordKind>(),
    cToken: varchar('c_token', { length: 64 }).notNull(),
    extra: jsonb('extra').$type<Record<string, unknown>>(),
    state: varchar('state', { length: 16 }).notNull().$type<CommandState>(),
    exclusive: boolean('exclusive').notNull(),
    result: jsonb('result'),
    error: text('error'),
    userName: varchar('user_name', { length: 64 }).notNull(),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
    deadline: bigint('deadline', { mode: 'number' }).notNull(),
    finishedAt: bigint('finished_at', { mode: 'number' }),
  },
  (t) => [
    uniqueIndex('gateway_commands_token_uq').on(t.gatewayId, t.cToken),
    uniqueIndex('gateway_commands_running_uq').on(t.gatewayId).where(sql`state = 'running' AND exclusive`),
    index('gateway_commands_gateway_idx').on(t.gatewayId, t.id.desc()),
  ],
);

export const gatewayScans = pgTable(
  'gateway_scans',
  {
    id: serial('id').primaryKey(),
    commandId: integer('command_id').notNull(),
    gatewayId: varchar('gateway_id', { length: 16 }).notNull(),
    frequencyMin: integer('frequency_min').notNull(),
    frequencyMax: integer('frequency_max').notNull(),
    frequencyStep: integer('frequency_step').notNull(),
    progress: smallint('progress').notNull().default(0),
    points: jsonb('points').$type<ScanPoint[]>(),
  },
  (t) => [index('gateway_scans_gateway_idx').on(t.gatewayId, t.id.desc())],
);
