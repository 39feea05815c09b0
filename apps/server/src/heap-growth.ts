import v8 from 'node:v8';

/** How far the old generation may grow past its live size before the next major collection, %. */
const EMBEDDED_HEAP_GROWING_PERCENT = 100;

/**
 * With the embedded database, the old generation may at most double its live size between two
 * major collections. V8's own factor (up to 4×, by how fast it collects) let RSS peak at 408–437 MB
 * under 1,000 uplinks/s at 100,000 devices, against a budget of 400; doubled at most, 318–329 MB,
 * for 1–3 % more CPU per API call or uplink. Half (50 %) gave ~305 MB but cost the PGlite device
 * list a fifth of its calls (docs/performance.md, memory and start). V8 reads the flag at each
 * collection, so setting it once the process runs applies; a --heap-growing-percent given to node wins.
 * With PostgreSQL (`databaseUrl`) nothing changes: the process holds no database.
 */
export function boundHeapGrowth(databaseUrl: string | undefined): void {
  if (databaseUrl || process.execArgv.some((a) => a.startsWith('--heap-growing-percent'))) return;
  v8.setFlagsFromString(`--heap-growing-percent=${EMBEDDED_HEAP_GROWING_PERCENT}`);
}
