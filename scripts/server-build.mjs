// Bundle the server (apps/server/src/main.ts and the workspace packages it imports) into one ES
// module, apps/server/dist/main.mjs, when it is missing or its sources changed. `npm start` runs
// the bundle: loading ~1,000 TypeScript modules through a loader at every start took seconds and
// ~70 MB of memory (docs/performance.md, memory and start). Dependencies stay in node_modules.
import fs from 'node:fs';
import path from 'node:path';
import { newest } from './console-build.mjs';

const root = new URL('..', import.meta.url).pathname;
const src = `${root}apps/server/src`;
const dist = `${root}apps/server/dist`;
const SOURCES = ['apps/server/src', 'packages'];

/**
 * Files the server finds beside its own module (`new URL('./x', import.meta.url)`): in the bundle
 * that module is main.mjs, so they are copied next to it. config.ts and version.ts reach `../../`,
 * the same place from src/ and from dist/.
 */
const BESIDE = [
  'db/pglite-worker.mjs',
  'db/pglite-wire.mjs',
  'db/migrations',
  'integrations/decoders/sandbox-worker.mjs',
  'spreadsheets/sheet-worker.mjs',
];

/** Bundles the server into `outDir` (main.mjs, its chunks and the files beside it). */
export async function buildServer(outDir) {
  // Loaded here, not at the top: a start that finds the bundle current never holds esbuild's API.
  const esbuild = await import('esbuild');
  await esbuild
    .build({
      entryPoints: [`${src}/main.ts`],
      outdir: outDir,
      outExtension: { '.js': '.mjs' },
      // main.ts imports the app only once the database is opening: a chunk of its own, so the
      // dependencies it loads load while PGlite starts in its worker.
      splitting: true,
      chunkNames: 'chunk-[hash]',
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      logLevel: 'error',
      plugins: [
        {
          // The workspace packages are TypeScript and go into the bundle; the rest loads from node_modules.
          name: 'dependencies-stay-external',
          setup(build) {
            build.onResolve({ filter: /^[^./]/ }, (a) =>
              a.path.startsWith('@lns/') ? undefined : { path: a.path, external: true },
            );
          },
        },
      ],
    })
    // esbuild's service process (~65 MB) would otherwise live as long as the server.
    .finally(() => esbuild.stop());
  for (const file of BESIDE) fs.cpSync(`${src}/${file}`, `${outDir}/${path.basename(file)}`, { recursive: true });
  return `${outDir}/main.mjs`;
}

/** Builds dist/ unless its bundle is newer than every source; returns the bundle's path. */
export async function ensureServerBuilt() {
  const bundle = `${dist}/main.mjs`;
  const current = () => {
    const built = fs.statSync(bundle, { throwIfNoEntry: false })?.mtimeMs;
    return built !== undefined && newest(SOURCES.map((p) => root + p)) <= built;
  };
  if (current()) return bundle;
  const tmp = `${dist}.tmp-${process.pid}`;
  fs.rmSync(tmp, { recursive: true, force: true });
  await buildServer(tmp);
  // Another start (a cluster's, a second test run) may have built meanwhile and be running it:
  // keep that one. Otherwise replace dist/ whole, so no start sees half a build.
  if (current()) {
    fs.rmSync(tmp, { recursive: true, force: true });
    return bundle;
  }
  fs.rmSync(dist, { recursive: true, force: true });
  try {
    fs.renameSync(tmp, dist);
  } catch {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
  return bundle;
}
