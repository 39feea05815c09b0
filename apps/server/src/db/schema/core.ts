import { bigint, char, integer, jsonb, pgTable, serial, smallint, text, varchar } from 'drizzle-orm/pg-core';

// Mirrors migrations/0001_core.sql; the SQL files are the source of truth for the database.
export const users = pgTable('users', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 64 }).notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  admin: smallint('admin').notNull().default(0),
  apiToken: varchar('api_token', { length: 64 }).notNull().unique(),
  mqUsername: varchar('mq_username', { length: 64 }).notNull().unique(),
  mqPassword: varchar('mq_password', { length: 64 }).notNull(),
  createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  updatedAt: bigint('updated_at', { mode: 'number' }).notNull(),
});

export const sessions = pgTable('sessions', {
  tokenHash: char('token_hash', { length: 64 }).primaryKey(),
  userId: integer('user_id').notNull(),
  createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  expiresAt: bigint('expires_at', { mode: 'number' }).notNull(),
});

export const settings = pgTable('settings', {
  key: varchar('key', { length: 64 }).primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: bigint('updated_at', { mode: 'number' }).notNull(),
});
