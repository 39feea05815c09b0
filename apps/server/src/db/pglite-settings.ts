import { PGlite } from '@electric-sql/pglite';

/**
 * PGlite's shared_buffers. Its WASM memory grows to hold them and never shrinks, so they set most of
 * an embedded server's RSS: 128 MB (PostgreSQL's default) took a server to ~500 MB idle. Pages not
 * in them are read from the data directory through the OS page cache (docs/performance.md).
 */
export const PGLITE_SHARED_BUFFERS_DEFAULT = '16MB';

/** PGlite's own start parameters plus ours. */
export function pgliteStartParams(sharedBuffers = PGLITE_SHARED_BUFFERS_DEFAULT): string[] {
  return [...PGlite.defaultStartParams, '-c', `shared_buffers=${sharedBuffers}`];
}
