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

/** Copies the tree `from` to `to`, 8 files at a time (fs.promises.cp took 2.3 s where this takes 1.4). */
async function copyTree(from: string, to: string): Promise<void> {
  const files: [string, string][] = [];
  const walk = async (src: string, dst: string) => {
    await fs.promises.mkdir(dst, { recursive: true });
    for (const e of await fs.promises.readdir(src, { withFileTypes: true })) {
      if (e.isDirectory()) await walk(path.join(src, e.name), path.join(dst, e.name));
      else files.push([path.join(src, e.name), path.join(dst, e.name)]);
    }
  };
  await walk(from, to);
  let next = 0;
  const copier = async () => {
    while (next < files.length) {
      const [src, dst] = files[next++]!;
      await fs.promises.copyFile(src, dst);
    }
  };
  await Promise.all(Array.from({ length: 8 }, copier));
}

/**
 * Copies `from` to `to` whole or not at all: into a sibling first, then renamed into place.
 * Asynchronous: the ~1,300 files take over a second of file creation on a slow disk, which the
 * server's start spends loading its modules meanwhile.
 */
async function copyWhole(from: string, to: string): Promise<boolean> {
  const tmp = `${to}.${process.pid}.tmp`;
  try {
    await copyTree(from, tmp);
    await fs.promises.rename(tmp, to);
    return true;
  } catch {
    await fs.promises.rm(tmp, { recursive: true, force: true });
    return false;
  }
}

/**
 * Fills the new data directory `dataDir` from the template; false (nothing written) when there
 * is no template yet or `dataDir` already holds files: the caller then runs initdb.
 */
export async function startFromTemplate(dataDir: string, template = pgliteTemplateDir()): Promise<boolean> {
  if (!fs.existsSync(path.join(template, 'PG_VERSION'))) return false;
  if (fs.existsSync(dataDir) && fs.readdirSync(dataDir).length > 0) return false;
  await fs.promises.rm(dataDir, { recursive: true, force: true }); // empty: renamed over below
  return copyWhole(template, dataDir);
}

/**
 * Keeps a copy of `dataDir`, just initialised, migrated and closed, as the template. Another
 * instance may keep one at the same time (the first rename wins), and an unwritable cache only
 * means the next new directory runs initdb too.
 */
export async function keepAsTemplate(dataDir: string, template = pgliteTemplateDir()): Promise<void> {
  if (!fs.existsSync(template)) await copyWhole(dataDir, template);
}
