import { bigint, pgTable, serial, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

// Mirrors migrations/0016_network_servers.sql; the SQL file is the source of truth.
export const networkServers = pgTable(
  'network_servers',
  {
    id: serial('id').primaryKey(),
    region: varchar('region', { length: 16 }).notNull(),
    subnet: varchar('subnet', { length: 32 }).notNull(),
    nsUrl: varchar('ns_url', { length: 256 }).notNull(),
    color: varchar('color', { length: 7 }).notNull().default('#666666'),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
    updatedAt: bigint('updated_at', { mode: 'number' }).notNull(),
  },
  (t) => [uniqueIndex('network_servers_subnet_uq').on(t.region, t.subnet)],
);
