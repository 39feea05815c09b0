import { bigint, bigserial, boolean, integer, jsonb, pgTable, varchar } from 'drizzle-orm/pg-core';

// Mirrors migrations/0008_audit_log.sql; the SQL file is the source of truth.
export const auditLog = pgTable('audit_log', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  userId: integer('user_id'),
  userName: varchar('user_name', { length: 64 }).notNull().default(''),
  clientIp: varchar('client_ip', { length: 64 }).notNull().default(''),
  method: varchar('method', { length: 8 }).notNull(),
  route: varchar('route', { length: 200 }).notNull(),
  action: varchar('action', { length: 64 }).notNull(),
  entityType: varchar('entity_type', { length: 32 }).notNull().default(''),
  entityId: varchar('entity_id', { length: 200 }).notNull().default(''),
  code: integer('code').notNull(),
  success: boolean('success').notNull(),
  before: jsonb('before'),
  after: jsonb('after'),
  request: jsonb('request'),
});

export type AuditRecord = typeof auditLog.$inferInsert;
