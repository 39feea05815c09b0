import { PGlite } from '@electric-sql/pglite';

/**
 * PGlite's shared_buffers. Its WASM memory grows to hold them and never shrinks, so they set most of
 * an embedded server's RSS: 128 MB (PostgreSQL's default) took a server to ~500 MB idle. Pages not
 * in them are read from the data directory through the OS page cache (docs/performance.md).
 */
export const PGLITE_SHARED_BUFFERS_DEFAULT = '16MB';

/**
 * PGlite's own start parameters plus ours. `wal_init_zero=off`: a new 16 MB WAL segment is created
 * at its size instead of written full of zeros first. The zeros only reserve the disk space ahead
 * (a full disk then fails the segment's creation rather than a later WAL write: both stop the
 * database); the records carry their own checksums. Under 6,000 uplinks/s a fresh database made a
 * segment every ~1.2 s: 3 % more uplinks stored, and 16 MB less written to the disk (an SD card on
 * a gateway-side box) each time.
 */
export function pgliteStartParams(sharedBuffers = PGLITE_SHARED_BUFFERS_DEFAULT): string[] {
  return [...PGlite.defaultStartParams, '-c', `shared_buffers=${sharedBuffers}`, '-c', 'wal_init_zero=off'];
}
