import { bigint, integer, pgTable, varchar } from 'drizzle-orm/pg-core';

// Mirrors migrations/0018_usage.sql; the SQL file is the source of truth.
export const usageDaily = pgTable('usage_daily', {
  day: varchar('day', { length: 10 }).primaryKey(),
  uplinks: bigint('uplinks', { mode: 'number' }).notNull().default(0),
  downlinks: bigint('downlinks', { mode: 'number' }).notNull().default(0),
  joins: bigint('joins', { mode: 'number' }).notNull().default(0),
  devices: integer('devices'),
  gateways: integer('gateways'),
  storageBytes: bigint('storage_bytes', { mode: 'number' }),
});
