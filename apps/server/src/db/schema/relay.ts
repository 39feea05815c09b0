import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';

// Mirrors migrations/0020_relay.sql; the SQL file is the source of truth.

export const relayDevices = pgTable('relay_devices', {
  devEui: varchar('dev_eui', { length: 16 }).primaryKey(),
  nextToken: smallint('next_token').notNull().default(0),
  nextFrameId: smallint('next_frame_id').notNull().default(0),
  status: jsonb('status').$type<Record<string, number>>(),
  reportedAt: bigint('reported_at', { mode: 'number' }),
  workMode: smallint('work_mode'),
  backwardMode: smallint('backward_mode'),
  link: smallint('link').notNull().default(2),
  srcFwVersion: bigint('src_fw_version', { mode: 'number' }),
  destFwVersion: bigint('dest_fw_version', { mode: 'number' }),
  fwSign: bigint('fw_sign', { mode: 'number' }),
  config: jsonb('config').$type<Record<string, unknown>>(),
  configAt: bigint('config_at', { mode: 'number' }),
  updatedAt: bigint('updated_at', { mode: 'number' }).notNull(),
});

export const relayRequests = pgTable(
  'relay_requests',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    devEui: varchar('dev_eui', { length: 16 }).notNull(),
    kind: varchar('kind', { length: 16 }).notNull(),
    token: smallint('token').notNull(),
    state: varchar('state', { length: 8 }).notNull(),
    result: smallint('result'),
    body: jsonb('body').$type<Record<string, unknown>>(),
    msgId: varchar('msg_id', { length: 40 }),
    attempts: smallint('attempts').notNull().default(0),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
    updatedAt: bigint('updated_at', { mode: 'number' }).notNull(),
  },
  // At most one waiting request of a kind per device (18005).
  (t) => [
    uniqueIndex('relay_requests_waiting_uq').on(t.devEui, t.kind).where(sql`state = any (array['queued', 'sent'])`),
  ],
);

export const relaySlaves = pgTable(
  'relay_slaves',
  {
    relayEui: varchar('relay_eui', { length: 16 }).notNull(),
    slaveDevEui: varchar('slave_dev_eui', { length: 16 }).notNull(),
    slaveDevAddr: varchar('slave_dev_addr', { length: 8 }),
    status: smallint('status').notNull(),
    receive: integer('receive').notNull().default(0),
    lastRelayed: bigint('last_relayed', { mode: 'number' }),
    updatedAt: bigint('updated_at', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.relayEui, t.slaveDevEui] })],
);

export const relaySlaveRecords = pgTable('relay_slave_records', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  relayEui: varchar('relay_eui', { length: 16 }).notNull(),
  slaveDevEui: varchar('slave_dev_eui', { length: 16 }).notNull(),
  fromStatus: smallint('from_status'),
  toStatus: smallint('to_status').notNull(),
  createdAt: bigint('created_at', { mode: 'number' }).notNull(),
});

export const relayEvents = pgTable('relay_events', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  devEui: varchar('dev_eui', { length: 16 }).notNull(),
  event: smallint('event').notNull(),
  slaveDevEui: varchar('slave_dev_eui', { length: 16 }),
  uptime: bigint('uptime', { mode: 'number' }).notNull(),
  createdAt: bigint('created_at', { mode: 'number' }).notNull(),
});

export const relayRejoins = pgTable(
  'relay_rejoins',
  {
    relayEui: varchar('relay_eui', { length: 16 }).notNull(),
    slaveDevEui: varchar('slave_dev_eui', { length: 16 }).notNull(),
    slaveDevAddr: varchar('slave_dev_addr', { length: 8 }).notNull(),
    updatedAt: bigint('updated_at', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.relayEui, t.slaveDevEui] })],
);

export const relayStatusHistory = pgTable('relay_status_history', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  devEui: varchar('dev_eui', { length: 16 }).notNull(),
  vals: jsonb('vals').$type<Record<string, number | null>>().notNull(),
  createdAt: bigint('created_at', { mode: 'number' }).notNull(),
});

export const relayPayloads = pgTable('relay_payloads', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  devEui: varchar('dev_eui', { length: 16 }).notNull(),
  direction: varchar('direction', { length: 4 }).$type<'up' | 'down'>().notNull(),
  fPort: smallint('f_port').notNull(),
  data: text('data').notNull(),
  msgIds: jsonb('msg_ids').$type<string[]>().notNull().default([]),
  parts: smallint('parts').notNull().default(1),
  readAt: bigint('read_at', { mode: 'number' }),
  createdAt: bigint('created_at', { mode: 'number' }).notNull(),
});

export const relayParts = pgTable(
  'relay_parts',
  {
    devEui: varchar('dev_eui', { length: 16 }).notNull(),
    frameId: smallint('frame_id').notNull(),
    total: smallint('total').notNull(),
    /** Hex pieces by index (null where missing). */
    pieces: jsonb('pieces').$type<(string | null)[]>().notNull(),
    firstAt: bigint('first_at', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.devEui, t.frameId] })],
);
