/** Rows of a raw `db.execute` on either driver (node-postgres and PGlite both answer `{ rows }`). */
export const rowsOf = (res: unknown): Record<string, unknown>[] =>
  ((res as { rows?: Record<string, unknown>[] }).rows ?? []) as Record<string, unknown>[];
