/**
 * The shape of the database two ways, in one comparable form: as the SQL migrations built it (read
 * from information_schema and pg_index) and as the Drizzle schema objects declare it. The
 * repositories query through Drizzle, so a column, type, nullability, default, primary key or
 * unique key the two disagree on is a query that compiles but fails (or silently differs) at run time.
 */
import fs from 'node:fs';
import path from 'node:path';
import { is, type SQL, sql } from 'drizzle-orm';
import { getTableConfig, IndexedColumn, PgDialect, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../src/db/client';

export interface ColumnShape {
  /** Canonical type: integer, bigint, varchar(16), char(1), integer[], double precision... */
  type: string;
  notNull: boolean;
  hasDefault: boolean;
}

export interface TableShape {
  columns: Map<string, ColumnShape>;
  /** Primary key columns in key order; empty when the table has none. */
  primaryKey: string[];
  /** Unique constraints and unique indexes, each as its normalised key list and predicate. */
  uniques: string[];
}

export type SchemaShape = Map<string, TableShape>;

/** Bookkeeping of the migration runner, not part of the application's schema. */
const IGNORED_TABLES = new Set(['_migrations']);

const UDT_TYPES: Record<string, string> = {
  int2: 'smallint',
  int4: 'integer',
  int8: 'bigint',
  float4: 'real',
  float8: 'double precision',
  bool: 'boolean',
  bpchar: 'char',
};
const SERIAL_TYPES: Record<string, string> = { smallserial: 'smallint', serial: 'integer', bigserial: 'bigint' };

/** A type as information_schema names it (udt_name, length) in the canonical form. */
function typeOfUdt(udt: string, length: number | null): string {
  if (udt.startsWith('_')) return `${typeOfUdt(udt.slice(1), null)}[]`;
  const base = UDT_TYPES[udt] ?? udt;
  return length === null ? base : `${base}(${length})`;
}

/** A type as Drizzle's getSQLType() prints it, in the canonical form (a serial is its integer type). */
function typeOfDrizzle(sqlType: string): string {
  if (sqlType.endsWith('[]')) return `${typeOfDrizzle(sqlType.slice(0, -2))}[]`;
  return SERIAL_TYPES[sqlType] ?? sqlType;
}

/** One spelling for index keys and predicates from either side: no quotes, casts, parentheses or case. */
export function normalizeKey(expr: string): string {
  return expr
    .toLowerCase()
    .replace(/"/g, '')
    .replace(/::(character varying|double precision|[a-z_0-9]+)(\[\])?/g, '')
    .replace(/[()]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

const uniqueOf = (keys: string[], predicate?: string | null) =>
  keys.map(normalizeKey).join(', ') + (predicate ? ` where ${normalizeKey(predicate)}` : '');

const emptyTable = (): TableShape => ({ columns: new Map(), primaryKey: [], uniques: [] });

async function rowsOf<T>(db: Db, query: string): Promise<T[]> {
  const result = (await db.execute(sql.raw(query))) as unknown as { rows: T[] };
  return result.rows;
}

/** The schema as the migrations left it in the database's current schema. */
export async function databaseShape(db: Db): Promise<SchemaShape> {
  const shape: SchemaShape = new Map();
  const tables = await rowsOf<{ table_name: string }>(
    db,
    `SELECT table_name FROM information_schema.tables
     WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'`,
  );
  for (const t of tables) if (!IGNORED_TABLES.has(t.table_name)) shape.set(t.table_name, emptyTable());

  const columns = await rowsOf<{
    table_name: string;
    column_name: string;
    udt_name: string;
    character_maximum_length: number | null;
    is_nullable: 'YES' | 'NO';
    column_default: string | null;
  }>(
    db,
    `SELECT table_name, column_name, udt_name, character_maximum_length, is_nullable, column_default
     FROM information_schema.columns WHERE table_schema = current_schema() ORDER BY table_name, ordinal_position`,
  );
  for (const c of columns) {
    shape.get(c.table_name)?.columns.set(c.column_name, {
      type: typeOfUdt(c.udt_name, c.character_maximum_length === null ? null : Number(c.character_maximum_length)),
      notNull: c.is_nullable === 'NO',
      hasDefault: c.column_default !== null,
    });
  }

  const keys = await rowsOf<{ table_name: string; column_name: string }>(
    db,
    `SELECT tc.table_name, kcu.column_name
     FROM information_schema.table_constraints tc
     JOIN information_schema.key_column_usage kcu
       ON kcu.constraint_schema = tc.constraint_schema AND kcu.constraint_name = tc.constraint_name
     WHERE tc.table_schema = current_schema() AND tc.constraint_type = 'PRIMARY KEY'
     ORDER BY tc.table_name, kcu.ordinal_position`,
  );
  for (const k of keys) shape.get(k.table_name)?.primaryKey.push(k.column_name);

  // Unique indexes are not in information_schema; pg_index holds them and the UNIQUE constraints alike.
  const uniques = await rowsOf<{ table_name: string; keys: string[]; predicate: string | null }>(
    db,
    `SELECT t.relname AS table_name, pg_get_expr(ix.indpred, ix.indrelid) AS predicate,
       array(SELECT pg_get_indexdef(ix.indexrelid, k, true)
                    || CASE WHEN ix.indoption[k - 1] & 1 = 1 THEN ' desc' ELSE '' END
             FROM generate_series(1, ix.indnkeyatts) AS k ORDER BY k) AS keys
     FROM pg_index ix
     JOIN pg_class t ON t.oid = ix.indrelid
     JOIN pg_namespace n ON n.oid = t.relnamespace
     WHERE n.nspname = current_schema() AND ix.indisunique AND NOT ix.indisprimary`,
  );
  for (const u of uniques) shape.get(u.table_name)?.uniques.push(uniqueOf(u.keys, u.predicate));
  for (const t of shape.values()) t.uniques.sort();
  return shape;
}

const dialect = new PgDialect();
const render = (expr: SQL) => dialect.sqlToQuery(expr, 'indexes').sql;

/** The schema the Drizzle table objects declare. */
export function drizzleShape(tables: PgTable[]): SchemaShape {
  const shape: SchemaShape = new Map();
  for (const table of tables) {
    const config = getTableConfig(table);
    const t = emptyTable();
    for (const c of config.columns) {
      t.columns.set(c.name, { type: typeOfDrizzle(c.getSQLType()), notNull: c.notNull, hasDefault: c.hasDefault });
      if (c.primary) t.primaryKey.push(c.name);
      if (c.isUnique) t.uniques.push(uniqueOf([c.name]));
    }
    for (const pk of config.primaryKeys) t.primaryKey.push(...pk.columns.map((c) => c.name));
    for (const u of config.uniqueConstraints) t.uniques.push(uniqueOf(u.columns.map((c) => c.name)));
    for (const index of config.indexes) {
      if (!index.config.unique) continue;
      const keys = index.config.columns.map((c) =>
        is(c, IndexedColumn) ? `${c.name}${c.indexConfig.order === 'desc' ? ' desc' : ''}` : render(c as SQL),
      );
      t.uniques.push(uniqueOf(keys, index.config.where ? render(index.config.where) : null));
    }
    t.uniques.sort();
    shape.set(config.name, t);
  }
  return shape;
}

/** Every table exported by a module of the schema folder, so a new schema file is checked too. */
export async function drizzleTablesIn(dir: string): Promise<PgTable[]> {
  const tables: PgTable[] = [];
  for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))) {
    const mod: Record<string, unknown> = await import(path.join(dir, file));
    for (const value of Object.values(mod)) if (is(value, PgTable)) tables.push(value);
  }
  return tables;
}

const describeColumn = (c: ColumnShape) =>
  `${c.type} ${c.notNull ? 'not null' : 'null'}${c.hasDefault ? ' with default' : ' without default'}`;

/** Each difference as one line that starts with the table (and column) it is about; empty when they agree. */
export function schemaDifferences(migrations: SchemaShape, drizzle: SchemaShape): string[] {
  const out: string[] = [];
  for (const name of new Set([...migrations.keys(), ...drizzle.keys()])) {
    const m = migrations.get(name);
    const d = drizzle.get(name);
    if (!m || !d) {
      out.push(`${name}: table only in ${m ? 'the migrations' : 'the Drizzle schema'}`);
      continue;
    }
    for (const col of new Set([...m.columns.keys(), ...d.columns.keys()])) {
      const mc = m.columns.get(col);
      const dc = d.columns.get(col);
      if (!mc || !dc) out.push(`${name}.${col}: column only in ${mc ? 'the migrations' : 'the Drizzle schema'}`);
      else if (describeColumn(mc) !== describeColumn(dc)) {
        out.push(`${name}.${col}: migrations ${describeColumn(mc)}, Drizzle ${describeColumn(dc)}`);
      }
    }
    if (m.primaryKey.join(', ') !== d.primaryKey.join(', ')) {
      out.push(
        `${name}: primary key (${m.primaryKey.join(', ')}) in the migrations, (${d.primaryKey.join(', ')}) in Drizzle`,
      );
    }
    for (const u of m.uniques) if (!d.uniques.includes(u)) out.push(`${name}: unique (${u}) only in the migrations`);
    for (const u of d.uniques)
      if (!m.uniques.includes(u)) out.push(`${name}: unique (${u}) only in the Drizzle schema`);
  }
  return out;
}
