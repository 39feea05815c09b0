/**
 * The one place that reads database errors. node-postgres throws a DatabaseError and PGlite its
 * own class, but both carry PostgreSQL's SQLSTATE `code`, a `severity` and, for a violated
 * constraint or unique index, its name in `constraint`. Drizzle wraps either in a
 * DrizzleQueryError whose `cause` is the driver's error, so causes are followed.
 */

/** The fields of a driver error this server acts on or logs. */
export interface DatabaseError {
  code: string;
  severity: string;
  constraint?: string;
  table?: string;
}

/** A violated constraint; `constraint` is the constraint's or unique index's name when the driver names it. */
export interface Violation {
  constraint?: string;
  table?: string;
}

const UNIQUE_VIOLATION = '23505';
const FOREIGN_KEY_VIOLATION = '23503';
/** Drizzle wraps once, a transaction may wrap again: a few levels are plenty and stop a cycle. */
const MAX_CAUSES = 5;

/** Whether `e` itself is a driver's error (not a wrapper around one). */
export function isDatabaseError(e: unknown): e is DatabaseError {
  if (!e || typeof e !== 'object') return false;
  const { code, severity } = e as Record<string, unknown>;
  return typeof code === 'string' && typeof severity === 'string';
}

/** The driver's error in `err` or its chain of causes. */
export function databaseError(err: unknown): DatabaseError | undefined {
  let e = err;
  for (let i = 0; i <= MAX_CAUSES && e && typeof e === 'object'; i++) {
    if (isDatabaseError(e)) return e;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

function violation(err: unknown, code: string): Violation | undefined {
  const e = databaseError(err);
  if (e?.code !== code) return undefined;
  // Drivers leave absent fields undefined or empty: both mean "not named".
  return { constraint: e.constraint || undefined, table: e.table || undefined };
}

/** The unique constraint or index a write ran into; undefined for any other error. */
export const uniqueViolation = (err: unknown): Violation | undefined => violation(err, UNIQUE_VIOLATION);

/** The foreign key a write or delete broke; undefined for any other error. */
export const foreignKeyViolation = (err: unknown): Violation | undefined => violation(err, FOREIGN_KEY_VIOLATION);
