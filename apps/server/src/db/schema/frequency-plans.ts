import { bigint, char, integer, pgTable, serial, smallint, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

// Mirrors migrations/0017_frequency_plans.sql; the SQL file is the source of truth.
export const globalConfs = pgTable(
  'global_confs',
  {
    id: serial('id').primaryKey(),
    region: varchar('region', { length: 16 }).notNull(),
    subnet: varchar('subnet', { length: 32 }).notNull(),
    digest: char('digest', { length: 64 }).notNull(),
    fileName: varchar('file_name', { length: 128 }).notNull(),
    chip: varchar('chip', { length: 8 }).notNull().$type<'SX130x' | 'SX1301'>(),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
    updatedAt: bigint('updated_at', { mode: 'number' }).notNull(),
  },
  (t) => [uniqueIndex('global_confs_region_subnet_uq').on(t.region, t.subnet)],
);

export const txLuts = pgTable(
  'tx_luts',
  {
    id: serial('id').primaryKey(),
    gwTypeId: integer('gw_type_id').notNull(),
    region: varchar('region', { length: 16 }).notNull(),
    digest: char('digest', { length: 64 }).notNull(),
    fileName: varchar('file_name', { length: 128 }).notNull(),
    entries: smallint('entries').notNull(),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
    updatedAt: bigint('updated_at', { mode: 'number' }).notNull(),
  },
  (t) => [uniqueIndex('tx_luts_type_region_uq').on(t.gwTypeId, t.region)],
);

export const pfConfPushes = pgTable('pf_conf_pushes', {
  gatewayId: varchar('gateway_id', { length: 16 }).primaryKey(),
  sha256: char('sha256', { length: 64 }).notNull(),
  state: varchar('state', { length: 16 }).notNull().$type<'applying' | 'applied' | 'error'>(),
  error: text('error'),
  appliedSha256: char('applied_sha256', { length: 64 }),
  appliedAt: bigint('applied_at', { mode: 'number' }),
  deadline: bigint('deadline', { mode: 'number' }).notNull().default(0),
  updatedAt: bigint('updated_at', { mode: 'number' }).notNull(),
});
