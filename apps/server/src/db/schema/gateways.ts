import {
  bigint,
  boolean,
  doublePrecision,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  unique,
  varchar,
} from 'drizzle-orm/pg-core';

// Mirrors migrations/0003_gateways.sql; the SQL files are the source of truth for the database.
export const gatewayTypes = pgTable('gateway_types', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 20 }).notNull().unique(),
  arch: varchar('arch', { length: 8 }).notNull().$type<'arm' | 'mipsle' | 'stm32l4'>(),
  color: varchar('color', { length: 7 }).notNull().default('#666666'),
  supportGps: boolean('support_gps').notNull().default(false),
  submodels: jsonb('submodels').notNull().default([]).$type<{ model: string; lte: boolean; wifi: boolean }[]>(),
  createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  updatedAt: bigint('updated_at', { mode: 'number' }).notNull(),
});

// Columns apart from their tables keep the unique keys (declared with the table) short to read.
const gatewayColumns = {
  gwId: varchar('gw_id', { length: 16 }).primaryKey(),
  ownerId: integer('owner_id').notNull(),
  name: varchar('name', { length: 64 }).notNull(),
  gwTypeId: integer('gw_type_id').notNull(),
  region: varchar('region', { length: 16 }).notNull(),
  subnet: varchar('subnet', { length: 32 }).notNull(),
  pushUrls: jsonb('push_urls').notNull().default([]).$type<string[]>(),
  headers: jsonb('headers').notNull().default({}).$type<Record<string, string>>(),
  txPower: smallint('tx_power').notNull().default(0),
  enableClassB: boolean('enable_class_b').notNull().default(false),
  enableClassC: boolean('enable_class_c').notNull().default(false),
  enableBridgeLog: boolean('enable_bridge_log').notNull().default(false),
  enablePfw: boolean('enable_pfw').notNull().default(false),
  mqttKeepAlive: smallint('mqtt_keep_alive').notNull().default(10),
  statInterval: smallint('stat_interval').notNull().default(300),
  extendedAttr: jsonb('extended_attr').$type<Record<string, unknown> | null>(),
  remarks: varchar('remarks', { length: 50 }).notNull().default(''),
  ntpServer: varchar('ntp_server', { length: 128 }).notNull().default(''),
  mapType: varchar('map_type', { length: 8 }).$type<'gaode' | 'google' | null>(),
  latitude: doublePrecision('latitude'),
  longitude: doublePrecision('longitude'),
  altitude: doublePrecision('altitude'),
  online: boolean('online').notNull().default(false),
  mqtt: boolean('mqtt').notNull().default(false),
  mqttPassword: varchar('mqtt_password', { length: 64 }).notNull().default(''),
  lastSeen: bigint('last_seen', { mode: 'number' }),
  status: jsonb('status').notNull().default({}).$type<Record<string, unknown>>(),
  tagIds: integer('tag_ids').array().notNull().default([]),
  createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  updatedAt: bigint('updated_at', { mode: 'number' }).notNull(),
};
export const gateways = pgTable('gateways', gatewayColumns, (t) => [unique().on(t.ownerId, t.name)]);

const gatewayTagColumns = {
  id: serial('id').primaryKey(),
  ownerId: integer('owner_id').notNull(),
  name: varchar('name', { length: 30 }).notNull(),
  groupName: varchar('group_name', { length: 30 }).notNull().default(''),
  createdAt: bigint('created_at', { mode: 'number' }).notNull(),
};
export const gatewayTags = pgTable('gateway_tags', gatewayTagColumns, (t) => [
  unique().on(t.ownerId, t.groupName, t.name),
]);

export const regionColors = pgTable('region_colors', {
  region: varchar('region', { length: 16 }).primaryKey(),
  color: varchar('color', { length: 7 }).notNull(),
  createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  updatedAt: bigint('updated_at', { mode: 'number' }).notNull(),
});
