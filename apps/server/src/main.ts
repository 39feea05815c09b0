import fs from 'node:fs';
import path from 'node:path';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { keepAsTemplate, startFromTemplate } from './db/pglite-template';
import { boundHeapGrowth } from './heap-growth';
import { busyPort } from './ports';

/** One line on stderr and exit 1: how configuration and port problems are reported. */
function die(message: string): never {
  process.stderr.write(`error: ${message}\n`);
  process.exit(1);
}

async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) die(err.message);
    throw err;
  }
  boundHeapGrowth(config.DATABASE_URL);
  const busy = await busyPort(config).catch((err: Error) => `cannot check the ports: ${err.message}`);
  if (busy) die(busy);
  const dataDir = config.DATABASE_URL ? undefined : path.join(config.dataDir, 'pg');
  const open = () =>
    openDatabase({
      url: config.DATABASE_URL,
      dataDir,
      pgliteThread: config.PGLITE_THREAD,
      pgliteSharedBuffers: config.PGLITE_SHARED_BUFFERS,
    }).catch((err: Error) =>
      die(
        config.DATABASE_URL
          ? `cannot open DATABASE_URL: ${err.message}`
          : `cannot open the database in DATA_DIR=${config.dataDir}: ${err.message}`,
      ),
    );
  const fresh = dataDir !== undefined && !fs.existsSync(path.join(dataDir, 'PG_VERSION'));
  // A new data directory is a copy of the template (db/pglite-template.ts), or runs initdb and
  // becomes the template. PGlite keeps the memory its initdb used (~350 MB RSS) while the instance
  // lives; opening the new directory again drops it (docs/performance.md, memory and start).
  const initialised = async () => {
    const first = await open();
    await first.close();
    await keepAsTemplate(dataDir!);
    return open();
  };
  // The database opens (PGlite in its worker) while the rest of the server loads: together they
  // are most of a start. So the app's modules are imported only now.
  const opening = (async () => (fresh && !(await startFromTemplate(dataDir!)) ? initialised() : open()))();
  const { buildApp } = await import('./app');
  const { installLastResortGuard } = await import('./last-resort');
  const database = await opening;
  const { app, services } = await buildApp(config, database, { checkResponses: false });
  installLastResortGuard(app.log, services.metrics);
  if (!config.LOGIN_CAPTCHA)
    app.log.warn('LOGIN_CAPTCHA=false: the login captcha is OFF; use this only for scripted access');

  // Installed before listening: a SIGTERM while the gateway links still start stops cleanly too.
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info(`${signal}: stopping`);
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    try {
      await app.close(); // stops accepting, waits for in-flight requests, runs close hooks
      await database.close();
    } finally {
      process.exit(0);
    }
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));

  try {
    await app.listen({ port: config.PORT, host: config.HOST });
  } catch (err) {
    await database.close().catch(() => {});
    if ((err as NodeJS.ErrnoException).code === 'EADDRINUSE')
      die(`PORT ${config.PORT} is already in use; set PORT to a free port`);
    throw err;
  }
  for (const start of services.starters) {
    try {
      await start();
    } catch (err) {
      await app.close().catch(() => {});
      await database.close().catch(() => {});
      die((err as Error).message);
    }
  }
}

main().catch((err) => {
  process.stderr.write(`error: ${(err as Error).stack ?? err}\n`);
  process.exit(1);
});
