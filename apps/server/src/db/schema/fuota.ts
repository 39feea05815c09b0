import { sql } from 'drizzle-orm';
import {
  bigint,
  char,
  customType,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';

// Mirrors migrations/0012_files_fuota.sql; the SQL file is the source of truth.
export const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

export const files = pgTable('files', {
  digest: char('digest', { length: 64 }).primaryKey(),
  name: varchar('name', { length: 128 }).notNull(),
  size: integer('size').notNull(),
  ownerId: integer('owner_id').notNull(),
  createdAt: bigint('created_at', { mode: 'number' }).notNull(),
});

export const fuotaTasks = pgTable(
  'fuota_tasks',
  {
    fdId: serial('fd_id').primaryKey(),
    mcEui: varchar('mc_eui', { length: 16 }).notNull(),
    ownerId: integer('owner_id').notNull(),
    firmwareName: varchar('firmware_name', { length: 64 }).notNull(),
    oldVersion: varchar('old_version', { length: 32 }).notNull().default(''),
    newVersion: varchar('new_version', { length: 32 }).notNull().default(''),
    digest: char('digest', { length: 64 }).notNull(),
    payload: bytea('payload').notNull(),
    payloadSize: integer('payload_size').notNull(),
    redundancyPercent: smallint('redundancy_percent').notNull(),
    fragSize: smallint('frag_size').notNull(),
    nbFrag: integer('nb_frag').notNull(),
    padding: smallint('padding').notNull(),
    redundancy: integer('redundancy').notNull(),
    fragsSent: integer('frags_sent').notNull().default(0),
    state: smallint('state').notNull().default(0),
    nextStepTime: bigint('next_step_time', { mode: 'number' }).notNull(),
    stepEnds: bigint('step_ends', { mode: 'number' }),
    leaseUntil: bigint('lease_until', { mode: 'number' }).notNull().default(0),
    errorMessage: text('error_message'),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
    updatedAt: bigint('updated_at', { mode: 'number' }).notNull(),
    finishedAt: bigint('finished_at', { mode: 'number' }),
  },
  (t) => [uniqueIndex('fuota_tasks_running_uq').on(t.mcEui).where(sql`state < 6`)],
);

export const fuotaDevices = pgTable(
  'fuota_devices',
  {
    fdId: integer('fd_id').notNull(),
    devEui: varchar('dev_eui', { length: 16 }).notNull(),
    state: smallint('state').notNull().default(0),
    attempts: smallint('attempts').notNull().default(0),
    nbFragReceived: integer('nb_frag_received'),
    nbFragMissing: integer('nb_frag_missing'),
    errorMessage: text('error_message'),
    updatedAt: bigint('updated_at', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.fdId, t.devEui] })],
);
