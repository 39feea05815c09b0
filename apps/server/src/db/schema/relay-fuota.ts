import { bigint, char, integer, pgTable, primaryKey, serial, smallint, varchar } from 'drizzle-orm/pg-core';

import { bytea } from './fuota';

// Mirrors migrations/0022_relay_fuota.sql; the SQL file is the source of truth.
export const relayFuotaTasks = pgTable('relay_fuota_tasks', {
  fdId: serial('fd_id').primaryKey(),
  mcEui: varchar('mc_eui', { length: 16 }).notNull(),
  ownerId: integer('owner_id').notNull(),
  firmwareName: varchar('firmware_name', { length: 64 }).notNull(),
  srcFwVersion: varchar('src_fw_version', { length: 32 }).notNull(),
  destFwVersion: varchar('dest_fw_version', { length: 32 }).notNull(),
  redundancyPercent: smallint('redundancy_percent').notNull(),
  digest: char('digest', { length: 64 }).notNull(),
  payload: bytea('payload').notNull(),
  payloadSize: integer('payload_size').notNull(),
  state: smallint('state').notNull().default(0),
  enableTime: bigint('enable_time', { mode: 'number' }),
  expectEndTime: bigint('expect_end_time', { mode: 'number' }),
  fuotaTaskId: integer('fuota_task_id'),
  createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  updatedAt: bigint('updated_at', { mode: 'number' }).notNull(),
});

export const relayFuotaDevices = pgTable(
  'relay_fuota_devices',
  {
    fdId: integer('fd_id').notNull(),
    devEui: varchar('dev_eui', { length: 16 }).notNull(),
    fuotaTaskId: integer('fuota_task_id'),
    updatedAt: bigint('updated_at', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.fdId, t.devEui] })],
);
