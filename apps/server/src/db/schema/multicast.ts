import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  char,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';

// Mirrors migrations/0010_multicast.sql; the SQL file is the source of truth.
const groupColumns = {
  mcEui: varchar('mc_eui', { length: 16 }).primaryKey(),
  ownerId: integer('owner_id').notNull(),
  name: varchar('name', { length: 64 }).notNull(),
  region: varchar('region', { length: 16 }).notNull(),
  subnet: varchar('subnet', { length: 32 }),
  autoSubnet: boolean('auto_subnet').notNull().default(true),
  mcClass: char('mc_class', { length: 1 }).$type<'B' | 'C'>().notNull().default('C'),
  pingSlotPeriod: smallint('ping_slot_period').notNull().default(0),
  enableRemote: boolean('enable_remote').notNull().default(false),
  groupId: smallint('group_id').notNull().default(256),
  genAppKey: varchar('gen_app_key', { length: 32 }).notNull(),
  enableExt: boolean('enable_ext').notNull().default(false),
  timeSlotLength: smallint('time_slot_length').notNull().default(0),
  mcAddr: varchar('mc_addr', { length: 8 }).notNull(),
  mcKey: varchar('mc_key', { length: 32 }),
  mcAppSKey: varchar('mc_app_s_key', { length: 32 }).notNull(),
  mcNwkSKey: varchar('mc_nwk_s_key', { length: 32 }).notNull(),
  enableMqtt: boolean('enable_mqtt').notNull().default(false),
  pushUrls: jsonb('push_urls').$type<string[]>().notNull().default([]),
  headers: jsonb('headers').$type<Record<string, string>>().notNull().default({}),
  fCnt: bigint('f_cnt', { mode: 'number' }).notNull().default(0),
  createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  updatedAt: bigint('updated_at', { mode: 'number' }).notNull(),
};
export const mcGroups = pgTable('mc_groups', groupColumns, (t) => [
  uniqueIndex('mc_groups_owner_name_uq').on(t.ownerId, sql`lower(${t.name})`),
  uniqueIndex('mc_groups_addr_key_uq').on(t.mcAddr, t.mcNwkSKey),
]);

export const mcDevices = pgTable('mc_devices', {
  devEui: varchar('dev_eui', { length: 16 }).primaryKey(),
  mcEui: varchar('mc_eui', { length: 16 }).notNull(),
  syncState: varchar('sync_state', { length: 8 }).notNull(),
  syncError: varchar('sync_error', { length: 16 }),
  syncFCnt: bigint('sync_f_cnt', { mode: 'number' }),
  attempts: smallint('attempts').notNull().default(0),
  sessionEnds: bigint('session_ends', { mode: 'number' }),
  createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  updatedAt: bigint('updated_at', { mode: 'number' }).notNull(),
});

export const mcGateways = pgTable('mc_gateways', {
  gwId: varchar('gw_id', { length: 16 }).primaryKey(),
  mcEui: varchar('mc_eui', { length: 16 }).notNull(),
  createdAt: bigint('created_at', { mode: 'number' }).notNull(),
});

export const mcDownlinks = pgTable('mc_downlinks', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  msgId: varchar('msg_id', { length: 32 }).notNull().unique(),
  mcEui: varchar('mc_eui', { length: 16 }).notNull(),
  createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  fPort: smallint('f_port').notNull(),
  data: text('data').notNull(),
  confirmed: boolean('confirmed').notNull().default(false),
  fCnt: bigint('f_cnt', { mode: 'number' }).notNull(),
  mcClass: char('mc_class', { length: 1 }).$type<'B' | 'C'>().notNull(),
  status: smallint('status').notNull().default(0),
  sendAt: bigint('send_at', { mode: 'number' }),
  gatewayNums: integer('gateway_nums').notNull().default(0),
  sentNums: integer('sent_nums').notNull().default(0),
});

export const mcDownlinkGateways = pgTable(
  'mc_downlink_gateways',
  {
    msgId: varchar('msg_id', { length: 32 }).notNull(),
    gwId: varchar('gw_id', { length: 16 }).notNull(),
    delivery: varchar('delivery', { length: 8 }).notNull().default('not_sent'),
    error: varchar('error', { length: 32 }),
    tmms: bigint('tmms', { mode: 'number' }),
    dltime: bigint('dltime', { mode: 'number' }),
  },
  (t) => [primaryKey({ columns: [t.msgId, t.gwId] })],
);
