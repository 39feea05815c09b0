import { bigint, bigserial, boolean, integer, jsonb, pgTable, text, varchar } from 'drizzle-orm/pg-core';

// Mirrors migrations/0009_outbox.sql; the SQL file is the source of truth.
export const outbox = pgTable('outbox', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  messageId: varchar('message_id', { length: 32 }).notNull(),
  createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  kind: varchar('kind', { length: 8 }).$type<OutboxKind>().notNull(),
  event: varchar('event', { length: 12 }).$type<OutboxEvent>().notNull(),
  target: text('target').notNull().default(''),
  headers: jsonb('headers').$type<Record<string, string>>().notNull().default({}),
  body: jsonb('body').$type<Record<string, unknown>>().notNull(),
  devEui: varchar('dev_eui', { length: 16 }),
  decode: boolean('decode').notNull().default(false),
  attempts: integer('attempts').notNull().default(0),
  nextAt: bigint('next_at', { mode: 'number' }).notNull(),
  lastError: text('last_error'),
});

export type OutboxKind = 'http' | 'mqtt' | 'decode';
export type OutboxEvent = 'up' | 'join' | 'status' | 'stats' | 'connection' | 'mcdownlink' | 'mcsync';
export type OutboxRow = typeof outbox.$inferSelect;
export type OutboxInsert = typeof outbox.$inferInsert;
