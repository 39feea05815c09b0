import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import pg from 'pg';
import { deallocateWhenRemoved, PREPARED_PER_CONNECTION, preparingClient } from './prepared';

/** PGlite running in a worker thread, reached over the wire protocol by a pool of a few connections. */
export interface PgliteThread {
  pool: pg.Pool;
  close(): Promise<void>;
}

const WORKER = new URL('./pglite-worker.mjs', import.meta.url);
/**
 * Connections of the main thread's pool. They share PGlite's one session (the worker serves them
 * in turns, a transaction as a whole), but with more than one the main thread sends the next
 * statement while PGlite runs this one, and reads one answer while PGlite runs the next.
 */
const PGLITE_CONNECTIONS = 4;
/** The file name node-postgres connects to in a socket directory: `.s.PGSQL.<port>`. */
const PORT = 5432;

const require = createRequire(import.meta.url);
let compiled: Promise<{ pgliteWasmModule: WebAssembly.Module; initdbWasmModule: WebAssembly.Module }> | undefined;

/**
 * PGlite's WASM, compiled once per process and handed to each worker: a worker is a fresh isolate
 * and would otherwise compile the 9 MB module again (seconds on a busy host, at every open).
 */
function wasmModules() {
  const compile = async (file: string) =>
    WebAssembly.compile(await fs.promises.readFile(require.resolve(`@electric-sql/pglite/${file}`)));
  compiled ??= Promise.all([compile('pglite.wasm'), compile('initdb.wasm')]).then(([pglite, initdb]) => ({
    pgliteWasmModule: pglite,
    initdbWasmModule: initdb,
  }));
  return compiled;
}

const SOCKET_DIR_PREFIX = 'lns-pg-';
/** A socket directory is named after its process: `lns-pg-<pid>-<random>`. */
const ORPHAN = new RegExp(`^${SOCKET_DIR_PREFIX}(\\d+)-`);

/** Whether process `pid` still runs (EPERM: it runs as another user). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Socket directories of processes that were killed before they could remove theirs. */
export function removeOrphanSocketDirs(tmp = os.tmpdir()): void {
  for (const name of fs.readdirSync(tmp)) {
    const pid = Number(ORPHAN.exec(name)?.[1]);
    if (pid && pid !== process.pid && !alive(pid)) fs.rmSync(path.join(tmp, name), { recursive: true, force: true });
  }
}

type WorkerMessage = { type: 'ready' } | { type: 'error'; message: string } | { type: 'closed'; error?: string };

/** Start PGlite (in memory without `dataDir`) in a worker; rejects with the worker's error if it cannot open. */
export async function startPgliteThread(dataDir?: string, startParams?: string[]): Promise<PgliteThread> {
  removeOrphanSocketDirs();
  // A short private directory of our own: Unix socket paths are limited to about 100 bytes.
  const socketDir = fs.mkdtempSync(path.join(os.tmpdir(), `${SOCKET_DIR_PREFIX}${process.pid}-`));
  const removeSocketDir = () => fs.rmSync(socketDir, { recursive: true, force: true });
  const worker = new Worker(WORKER, {
    workerData: {
      dataDir,
      startParams,
      socketPath: path.join(socketDir, `.s.PGSQL.${PORT}`),
      // Slack for replacements: node-postgres's pool connects a new client after a failed query,
      // while the old one's socket may still be closing.
      maxConnections: PGLITE_CONNECTIONS + 2,
      ...(await wasmModules()),
    },
  });
  try {
    await reply(worker, 'ready');
  } catch (err) {
    await worker.terminate();
    removeSocketDir();
    throw err;
  }
  // Idle connections stay open (no reconnect churn against the worker's connection limit).
  const pool = new pg.Pool({
    host: socketDir,
    port: PORT,
    user: 'postgres',
    database: 'postgres',
    max: PGLITE_CONNECTIONS,
    idleTimeoutMillis: 0,
    Client: preparingClient(PREPARED_PER_CONNECTION),
  });
  pool.on('error', () => {}); // a dropped connection is reported by the query that hits it
  deallocateWhenRemoved(pool);
  return {
    pool,
    close: async () => {
      await pool.end();
      const exited = new Promise((resolve) => worker.once('exit', resolve));
      worker.postMessage({ type: 'close' });
      try {
        await reply(worker, 'closed');
      } finally {
        // Wait for the thread to end so no handle outlives close (tests and the process can exit).
        await exited;
        removeSocketDir();
      }
    },
  };
}

/** The worker's next answer of `type`; an error message, a crash or an early exit reject. */
function reply(worker: Worker, type: 'ready' | 'closed'): Promise<void> {
  return new Promise((resolve, reject) => {
    const done = () => {
      worker.off('message', onMessage);
      worker.off('error', onError);
      worker.off('exit', onExit);
    };
    const onMessage = (m: WorkerMessage) => {
      done();
      if (m.type === 'error' || (m.type === 'closed' && m.error)) {
        reject(new Error(`PGlite worker: ${m.type === 'error' ? m.message : m.error}`));
      } else if (m.type === type) resolve();
    };
    const onError = (err: Error) => {
      done();
      reject(new Error(`PGlite worker failed: ${err.message}`, { cause: err }));
    };
    const onExit = (code: number) => {
      done();
      reject(new Error(`PGlite worker exited (code ${code}) before it was ${type}`));
    };
    worker.on('message', onMessage);
    worker.on('error', onError);
    worker.on('exit', onExit);
  });
}
