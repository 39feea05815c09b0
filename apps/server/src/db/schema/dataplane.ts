import { DOWNLINK_STATUS, type DownlinkStatus } from '@lns/contract/frames';
import { RELAY_LINK } from '@lns/contract/relay';
import {
  bigint,
  bigserial,
  boolean,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  smallint,
  text,
  varchar,
} from 'drizzle-orm/pg-core';

// Mirrors migrations/0004_dataplane.sql; the SQL file is the source of truth.
export const deviceFrames = pgTable('device_frames', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  msgId: varchar('msg_id', { length: 32 }).notNull(),
  devEui: varchar('dev_eui', { length: 16 }).notNull(),
  createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  devAddr: varchar('dev_addr', { length: 8 }).notNull().default(''),
  msgType: smallint('msg_type').notNull(),
  uplink: boolean('uplink').notNull(),
  confirmed: boolean('confirmed').notNull().default(false),
  fCnt: bigint('f_cnt', { mode: 'number' }),
  fPort: smallint('f_port'),
  phy: text('phy').notNull(),
  data: text('data').notNull().default(''),
  macCommands: jsonb('mac_commands').$type<Record<string, unknown>[]>().notNull().default([]),
  adr: boolean('adr'),
  ack: boolean('ack'),
  gwId: varchar('gw_id', { length: 16 }),
  sf: smallint('sf'),
  bw: smallint('bw'),
  freq: bigint('freq', { mode: 'number' }),
  rssi: real('rssi'),
  snr: real('snr'),
  rxInfo: jsonb('rx_info').$type<unknown[]>().notNull().default([]),
  /** Migration 0021: 1 through a relay, 2 heard by a gateway (RELAY_LINK), and the relay's DevEUI. */
  link: smallint('link').notNull().default(RELAY_LINK.GATEWAY),
  relayDevEui: varchar('relay_dev_eui', { length: 16 }),
});

export const deviceMessages = pgTable('device_messages', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  msgId: varchar('msg_id', { length: 32 }).notNull(),
  devEui: varchar('dev_eui', { length: 16 }).notNull(),
  createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  type: varchar('type', { length: 8 }).$type<'uplink' | 'join' | 'downlink'>().notNull(),
  devAddr: varchar('dev_addr', { length: 8 }).notNull().default(''),
  fCnt: bigint('f_cnt', { mode: 'number' }),
  fPort: smallint('f_port'),
  confirmed: boolean('confirmed').notNull().default(false),
  data: text('data').notNull().default(''),
  object: jsonb('object'),
  decodeError: text('decode_error'),
  dr: smallint('dr'),
  sf: smallint('sf'),
  bw: smallint('bw'),
  freq: bigint('freq', { mode: 'number' }),
  rssi: real('rssi'),
  snr: real('snr'),
  gwId: varchar('gw_id', { length: 16 }),
  rxInfo: jsonb('rx_info').$type<unknown[]>().notNull().default([]),
  /** Migration 0021: 1 through a relay, 2 heard by a gateway (RELAY_LINK), and the relay's DevEUI. */
  link: smallint('link').notNull().default(RELAY_LINK.GATEWAY),
  relayDevEui: varchar('relay_dev_eui', { length: 16 }),
});

export const downlinks = pgTable('downlinks', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  msgId: varchar('msg_id', { length: 32 }).notNull().unique(),
  devEui: varchar('dev_eui', { length: 16 }).notNull(),
  createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  updatedAt: bigint('updated_at', { mode: 'number' }).notNull(),
  fPort: smallint('f_port').notNull(),
  data: text('data').notNull(),
  confirmed: boolean('confirmed').notNull().default(false),
  macCommands: boolean('mac_commands').notNull().default(false),
  fCnt: bigint('f_cnt', { mode: 'number' }),
  status: smallint('status').$type<DownlinkStatus>().notNull().default(DOWNLINK_STATUS.ENQUEUED),
  delivery: varchar('delivery', { length: 8 })
    .$type<'not_sent' | 'sent' | 'success' | 'error'>()
    .notNull()
    .default('not_sent'),
  responseError: varchar('response_error', { length: 32 }),
  gwId: varchar('gw_id', { length: 16 }),
  dltime: bigint('dltime', { mode: 'number' }),
  ack: varchar('ack', { length: 4 }).$type<'ACK' | 'NACK'>(),
  retries: integer('retries').notNull().default(0),
});

export const gatewayFrames = pgTable('gateway_frames', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  msgId: varchar('msg_id', { length: 32 }).notNull(),
  gwId: varchar('gw_id', { length: 16 }).notNull(),
  createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  uplink: boolean('uplink').notNull(),
  msgType: smallint('msg_type'),
  devAddr: varchar('dev_addr', { length: 8 }),
  devEui: varchar('dev_eui', { length: 16 }),
  phy: text('phy').notNull(),
  data: text('data').notNull().default(''),
  sf: smallint('sf'),
  bw: smallint('bw'),
  freq: bigint('freq', { mode: 'number' }),
  rssi: real('rssi'),
  snr: real('snr'),
  size: integer('size').notNull(),
});

export const gatewayConnections = pgTable('gateway_connections', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  gwId: varchar('gw_id', { length: 16 }).notNull(),
  createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  online: boolean('online').notNull(),
  mqtt: boolean('mqtt').notNull().default(false),
});

export const gatewayStats = pgTable('gateway_stats', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  gwId: varchar('gw_id', { length: 16 }).notNull(),
  createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  stat: jsonb('stat').$type<Record<string, unknown>>().notNull(),
});

export const deviceNonces = pgTable(
  'device_nonces',
  {
    devEui: varchar('dev_eui', { length: 16 }).notNull(),
    devNonce: integer('dev_nonce').notNull(),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.devEui, t.devNonce] })],
);
