// Build the console when it has not been built yet or its sources changed since (a pulled update
// must not serve yesterday's console). `npm start` and the cluster script call it before the server.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const index = `${root}apps/console/dist/index.html`;
const SOURCES = [
  'apps/console/src',
  'apps/console/public',
  'apps/console/index.html',
  'apps/console/vite.config.ts',
  'packages/contract/src',
];

/** Newest modification time under these paths (files and directories, recursively; not node_modules). */
export function newest(paths) {
  let t = 0;
  for (const p of paths) {
    if (path.basename(p) === 'node_modules') continue;
    const st = fs.statSync(p, { throwIfNoEntry: false });
    if (!st) continue;
    t = Math.max(t, st.mtimeMs);
    if (st.isDirectory()) t = Math.max(t, newest(fs.readdirSync(p).map((f) => path.join(p, f))));
  }
  return t;
}

/** Builds the console unless CONSOLE_DIR points elsewhere or the build is current; exits on failure. */
export function ensureConsoleBuilt() {
  const built = fs.statSync(index, { throwIfNoEntry: false })?.mtimeMs;
  const stale = built === undefined || newest(SOURCES.map((p) => root + p)) > built;
  if (process.env.CONSOLE_DIR || !stale) return;
  console.log(built === undefined ? 'building the console (first start)...' : 'console sources changed: rebuilding...');
  const r = spawnSync('npm', ['run', 'build', '-w', 'apps/console'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) {
    console.error('error: the console build failed; see above');
    process.exit(1);
  }
}
