import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { type AuditRecord, auditLog } from '../db/schema/audit';
import { HistoryWriter } from '../ns/writer';

/** One audit entry; every field is present so rows of one batch share their columns. */
export type AuditEntry = Required<Omit<AuditRecord, 'id'>>;

/**
 * Audit entries are queued by the request and inserted in batches (one INSERT per second at
 * most), so recording costs the request no database round trip. `flush` writes what is queued;
 * the app flushes on close, so a clean shutdown loses nothing.
 */
export class AuditLog {
  private readonly writer: HistoryWriter;

  constructor(db: Db, log: FastifyBaseLogger, intervalMs = 1000) {
    this.writer = new HistoryWriter(
      db,
      log,
      (rows) => log.warn({ rows }, 'audit entries not written'),
      intervalMs,
      500,
    );
  }

  add(entry: AuditEntry): void {
    this.writer.add(auditLog, entry);
  }

  /** Resolves when everything queued so far is stored. */
  flush(): Promise<void> {
    return this.writer.flush();
  }
}
