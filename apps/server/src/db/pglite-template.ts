import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * A new embedded database starts from a copy of the first one this install created, kept right
 * after its initdb and migrations (before any data): PGlite's initdb takes seconds (3.7-4.2 s on
 * a busy 2-CPU host), the copy a fraction of one (docs/performance.md, memory and start). The
 * copy lives next to PGlite in node_modules/.cache, keyed by PGlite's version (its data format);
 * a reinstall drops it. Migrations newer than the copy apply when it opens, as on any restart.
 */
export function pgliteTemplateDir(): string {
  // node_modules/@electric-sql/pglite/dist/pglite.wasm (its package.json is not exported)
  const root = path.resolve(
    path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite/pglite.wasm')),
    '..',
  );
  const { version } = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { version: string };
  return path.resolve(root, '..', '..', '.cache', 'lns-server', `pglite-${version}`);
}

/** Copies `from` to `to` whole or not at all: into a sibling first, then renamed into place. */
function copyWhole(from: string, to: string): boolean {
  const tmp = `${to}.${process.pid}.tmp`;
  try {
    fs.mkdirSync(path.dirname(to), { recursive: true });
    fs.cpSync(from, tmp, { recursive: true });
    fs.renameSync(tmp, to);
    return true;
  } catch {
    fs.rmSync(tmp, { recursive: true, force: true });
    return false;
  }
}

/**
 * Fills the new data directory `dataDir` from the template; false (nothing written) when there
 * is no template yet or `dataDir` already holds files: the caller then runs initdb.
 */
export function startFromTemplate(dataDir: string, template = pgliteTemplateDir()): boolean {
  if (!fs.existsSync(path.join(template, 'PG_VERSION'))) return false;
  if (fs.existsSync(dataDir) && fs.readdirSync(dataDir).length > 0) return false;
  fs.rmSync(dataDir, { recursive: true, force: true }); // an empty directory: renamed over below
  return copyWhole(template, dataDir);
}

/**
 * Keeps a copy of `dataDir`, just initialised, migrated and closed, as the template. Another
 * instance may keep one at the same time (the first rename wins), and an unwritable cache only
 * means the next new directory runs initdb too.
 */
export function keepAsTemplate(dataDir: string, template = pgliteTemplateDir()): void {
  if (!fs.existsSync(template)) copyWhole(dataDir, template);
}
