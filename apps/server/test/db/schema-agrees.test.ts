/**
 * The SQL migrations build the database; the Drizzle schema is what the repositories query it
 * through. Both are written by hand, so this applies the migrations to a fresh database (PGlite,
 * or a throwaway PostgreSQL database under server-pg) and checks every table, column, type,
 * nullability, default, primary key and unique key against the Drizzle declarations.
 */
import { sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client';
import { freshDatabase } from '../harness';
import { databaseShape, drizzleShape, drizzleTablesIn, normalizeKey, schemaDifferences } from './schema-shape';

const SCHEMA_DIR = new URL('../../src/db/schema', import.meta.url).pathname;

describe('the migrations and the Drizzle schema', () => {
  let fresh: { database: Database; drop(): Promise<void> };
  let tables: PgTable[];

  beforeAll(async () => {
    fresh = await freshDatabase();
    tables = await drizzleTablesIn(SCHEMA_DIR);
  });
  afterAll(async () => {
    await fresh.database.close();
    await fresh.drop();
  });

  it('declare the same tables, columns, keys and unique indexes', async () => {
    const migrations = await databaseShape(fresh.database.db);
    // Guards against reading nothing: both sides must see the known tables.
    for (const name of ['users', 'devices', 'gateways', 'device_frames', 'audit_log', 'outbox']) {
      expect(migrations.has(name), name).toBe(true);
    }
    expect(schemaDifferences(migrations, drizzleShape(tables))).toEqual([]);
  });

  it('names the table and column of each kind of drift', async () => {
    // A database of its own, so the drift does not reach the other test.
    const drifted = await freshDatabase();
    try {
      for (const statement of [
        'ALTER TABLE devices ADD COLUMN drifted integer',
        'ALTER TABLE gateways ALTER COLUMN tx_power DROP DEFAULT',
        'ALTER TABLE users ALTER COLUMN api_token DROP NOT NULL',
        'ALTER TABLE audit_log ALTER COLUMN method TYPE varchar(10)',
        'ALTER TABLE downlinks DROP CONSTRAINT downlinks_msg_id_key',
        'CREATE UNIQUE INDEX drifted_uq ON outbox (lower(target)) WHERE NOT decode',
        'ALTER TABLE settings DROP CONSTRAINT settings_pkey',
        'CREATE TABLE drifted_table (id integer)',
      ]) {
        await drifted.database.db.execute(sql.raw(statement));
      }
      const found = schemaDifferences(await databaseShape(drifted.database.db), drizzleShape(tables));
      expect(found.sort()).toEqual(
        [
          'audit_log.method: migrations varchar(10) not null without default, Drizzle varchar(8) not null without default',
          'devices.drifted: column only in the migrations',
          'downlinks: unique (msg_id) only in the Drizzle schema',
          'drifted_table: table only in the migrations',
          'gateways.tx_power: migrations smallint not null without default, Drizzle smallint not null with default',
          'outbox: unique (lower target where not decode) only in the migrations',
          'settings: primary key () in the migrations, (key) in Drizzle',
          'users.api_token: migrations varchar(64) null without default, Drizzle varchar(64) not null without default',
        ].sort(),
      );
    } finally {
      await drifted.database.close();
      await drifted.drop();
    }
  });

  it('spells index keys alike from pg_get_indexdef and from Drizzle', () => {
    expect(normalizeKey('lower((name)::text)')).toBe(normalizeKey('lower("name")'));
    expect(normalizeKey('(dev_addr IS NOT NULL)')).toBe(normalizeKey('"dev_addr" is not null'));
    expect(normalizeKey('created_at desc')).not.toBe(normalizeKey('created_at'));
  });
});
