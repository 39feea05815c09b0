import type { PGlite } from '@electric-sql/pglite';

/** The PostgreSQL wire protocol on the Unix socket `path`, answered by `db` (pglite-wire.mjs). */
export function serveWire(
  db: PGlite,
  opts: { path: string; maxConnections: number },
): Promise<{ stop(): Promise<void> }>;
