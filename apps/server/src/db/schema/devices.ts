import type { AdrTarget } from '@lns/lorawan/adr';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  char,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  serial,
  smallint,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';

// Mirrors migrations/0002_applications_devices.sql; the SQL file is the source of truth.
// Columns apart from their tables keep the unique indexes (declared with the table) short to read.
const applicationColumns = {
  id: serial('id').primaryKey(),
  ownerId: integer('owner_id').notNull(),
  name: varchar('name', { length: 64 }).notNull(),
  productType: varchar('product_type', { length: 16 }).notNull().default('lorawan'),
  protocol: varchar('protocol', { length: 64 }).notNull().default(''),
  pushUrls: jsonb('push_urls').$type<string[]>().notNull().default([]),
  headers: jsonb('headers').$type<Record<string, string>>().notNull().default({}),
  enableMqtt: boolean('enable_mqtt').notNull().default(false),
  mqName: varchar('mq_name', { length: 64 }).notNull().unique(),
  mqPassword: varchar('mq_password', { length: 64 }).notNull(),
  decoder: jsonb('decoder').$type<{ name: string; type: string; content: string } | null>(),
  createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  updatedAt: bigint('updated_at', { mode: 'number' }).notNull(),
};
export const applications = pgTable('applications', applicationColumns, (t) => [
  uniqueIndex('applications_owner_name_uq').on(t.ownerId, sql`lower(${t.name})`),
]);

const deviceTagColumns = {
  id: serial('id').primaryKey(),
  ownerId: integer('owner_id').notNull(),
  groupName: varchar('group_name', { length: 64 }).notNull(),
  name: varchar('name', { length: 30 }).notNull(),
  createdAt: bigint('created_at', { mode: 'number' }).notNull(),
};
export const deviceTags = pgTable('device_tags', deviceTagColumns, (t) => [
  uniqueIndex('device_tags_owner_group_name_uq').on(t.ownerId, t.groupName, t.name),
]);

const deviceColumns = {
  devEui: varchar('dev_eui', { length: 16 }).primaryKey(),
  appId: integer('app_id').notNull(),
  ownerId: integer('owner_id').notNull(),
  name: varchar('name', { length: 64 }).notNull(),
  authType: varchar('auth_type', { length: 4 }).$type<'otaa' | 'abp'>().notNull(),
  appEui: varchar('app_eui', { length: 16 }).notNull(),
  appKey: varchar('app_key', { length: 32 }),
  devAddr: varchar('dev_addr', { length: 8 }),
  appSKey: varchar('app_s_key', { length: 32 }),
  nwkSKey: varchar('nwk_s_key', { length: 32 }),
  class: char('class', { length: 1 }).$type<'A' | 'B' | 'C'>().notNull().default('A'),
  macVersion: varchar('mac_version', { length: 8 }).notNull().default('1.0.3'),
  productType: varchar('product_type', { length: 16 }).notNull().default('lorawan'),
  region: varchar('region', { length: 20 }).notNull(),
  subnet: varchar('subnet', { length: 32 }),
  autoSubnet: boolean('auto_subnet').notNull().default(false),
  tagIds: integer('tag_ids').array().notNull().default([]),
  remarks: varchar('remarks', { length: 50 }).notNull().default(''),
  fCntUp: bigint('f_cnt_up', { mode: 'number' }).notNull().default(0),
  fCntDown: bigint('f_cnt_down', { mode: 'number' }).notNull().default(0),
  joinedAt: bigint('joined_at', { mode: 'number' }),
  lastSeen: bigint('last_seen', { mode: 'number' }),
  rssi: real('rssi'),
  snr: real('snr'),
  freq: bigint('freq', { mode: 'number' }),
  dr: smallint('dr'),
  fPort: smallint('f_port'),
  battery: smallint('battery'),
  margin: smallint('margin'),
  /** The best gateway of the last uplink: where a class C downlink goes. */
  lastGwId: varchar('last_gw_id', { length: 16 }),
  /** ADR state (see ns/adr.ts): recent best SNRs, confirmed TX power / NbTrans, the request awaiting its answer. */
  adrSnr: real('adr_snr').array().notNull().default([]),
  txPower: smallint('tx_power').notNull().default(0),
  nbTrans: smallint('nb_trans').notNull().default(1),
  adrReq: jsonb('adr_req').$type<AdrTarget>(),
  /** Class B: the periodicity of PingSlotInfoReq (migration 0011); null until the device tells it. */
  pingSlotPeriodicity: smallint('ping_slot_periodicity'),
  /** The relay that carried the last uplink (migration 0021); null when a gateway heard it. */
  relayDevEui: varchar('relay_dev_eui', { length: 16 }),
  createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  updatedAt: bigint('updated_at', { mode: 'number' }).notNull(),
};
export const devices = pgTable('devices', deviceColumns, (t) => [
  uniqueIndex('devices_addr_key_uq').on(t.devAddr, t.nwkSKey).where(sql`${t.devAddr} IS NOT NULL`),
]);

export const deviceSignal = pgTable('device_signal', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  devEui: varchar('dev_eui', { length: 16 }).notNull(),
  createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  rssi: real('rssi'),
  snr: real('snr'),
  gwId: varchar('gw_id', { length: 16 }),
});

/** Kept by triggers on devices (see the migration); read by tag-filtered device lists. */
const deviceTagLinkColumns = {
  tagId: integer('tag_id').notNull(),
  appId: integer('app_id').notNull(),
  region: varchar('region', { length: 20 }).notNull(),
  createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  devEui: varchar('dev_eui', { length: 16 }).notNull(),
  name: varchar('name', { length: 64 }).notNull().default(''),
  // Migration 0027: the device's keys for the list's traffic orders (unindexed: HOT on uplinks).
  lastSeen: bigint('last_seen', { mode: 'number' }),
  fCntUp: bigint('f_cnt_up', { mode: 'number' }).notNull().default(0),
  fCntDown: bigint('f_cnt_down', { mode: 'number' }).notNull().default(0),
  devAddr: varchar('dev_addr', { length: 8 }),
};
export const deviceTagLinks = pgTable('device_tag_links', deviceTagLinkColumns, (t) => [
  uniqueIndex('device_tag_links_uq').on(t.tagId, t.appId, t.region, t.createdAt.desc(), t.devEui),
]);

/** Migration 0027: devices per tag, application and region, kept by triggers on the tag links. */
export const deviceTagCounts = pgTable(
  'device_tag_counts',
  {
    tagId: integer('tag_id').notNull(),
    appId: integer('app_id').notNull(),
    region: varchar('region', { length: 20 }).notNull(),
    n: integer('n').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tagId, t.appId, t.region] })],
);

/** Migration 0024: devices per application and region, kept by triggers (the lists' totals). */
export const deviceCounts = pgTable(
  'device_counts',
  {
    appId: integer('app_id').notNull(),
    region: varchar('region', { length: 20 }).notNull(),
    n: integer('n').notNull(),
  },
  (t) => [primaryKey({ columns: [t.appId, t.region] })],
);

/**
 * Migration 0026: the list's last-seen and frame-counter orders, a row per device kept by
 * triggers on devices, so uplinks keep their HOT updates of devices.
 */
export const deviceListKeys = pgTable(
  'device_list_keys',
  {
    devEui: varchar('dev_eui', { length: 16 }).primaryKey(),
    appId: integer('app_id').notNull(),
    region: varchar('region', { length: 20 }).notNull(),
    lastSeen: bigint('last_seen', { mode: 'number' }),
    fCntUp: bigint('f_cnt_up', { mode: 'number' }).notNull(),
    fCntDown: bigint('f_cnt_down', { mode: 'number' }).notNull(),
  },
  (t) => [
    index('device_list_keys_seen_idx').on(t.appId, t.lastSeen, t.devEui),
    index('device_list_keys_up_idx').on(t.appId, t.fCntUp, t.devEui),
    index('device_list_keys_down_idx').on(t.appId, t.fCntDown, t.devEui),
  ],
);
