// PGlite in a worker thread (started by db/pglite-thread.ts): its SQL runs here, so it never blocks
// the main thread's UDP socket and HTTP. The main thread reaches it with node-postgres over the
// PostgreSQL wire protocol on a Unix socket. Plain JavaScript so it loads without a TypeScript
// loader, under tsx, vitest and `npm start` alike.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { serveWire } from './pglite-wire.mjs';

/** @type {{ dataDir?: string, startParams?: string[], socketPath: string, maxConnections: number, pgliteWasmModule: WebAssembly.Module, initdbWasmModule: WebAssembly.Module }} */
const { dataDir, startParams, socketPath, maxConnections, pgliteWasmModule, initdbWasmModule } = workerData;
/** @type {PGlite | undefined} */
let db;
/** @type {{ stop(): Promise<void> } | undefined} */
let server;

/** PGlite's file-system errors are plain objects with an errno, not Errors. */
function describe(err) {
  if (err instanceof Error) return err.message;
  const errno = err && typeof err === 'object' && 'errno' in err ? err.errno : undefined;
  return errno === undefined ? String(err) : `cannot use the data directory (errno ${errno})`;
}

async function shutdown() {
  await server?.stop().catch(() => {});
  // Closing PGlite flushes and leaves the data directory consistent for the next open.
  if (db && !db.closed) await db.close();
}

try {
  // The WASM comes compiled from the main thread (compiled once per process, not per worker).
  db = await PGlite.create({ dataDir, startParams, pgliteWasmModule, initdbWasmModule });
  server = await serveWire(db, { path: socketPath, maxConnections });
  parentPort?.postMessage({ type: 'ready' });
} catch (err) {
  await shutdown().catch(() => {});
  parentPort?.postMessage({ type: 'error', message: describe(err) });
  parentPort?.close();
}

parentPort?.on('message', async (msg) => {
  if (msg?.type !== 'close') return;
  let error;
  try {
    await shutdown();
  } catch (err) {
    error = describe(err);
  }
  parentPort?.postMessage({ type: 'closed', error });
  // Nothing left to keep this thread: let it end.
  parentPort?.close();
});
