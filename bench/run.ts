/**
 * `npm run bench`: runs every benchmark in this folder one after another, each in its own
 * process, and prints their figures. `npm run bench -- devices` runs the files whose name
 * contains "devices". Figures go to docs/performance.md by hand; nothing here asserts time.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

const dir = new URL('.', import.meta.url).pathname;
const filter = process.argv[2];
const files = fs
  .readdirSync(dir)
  .filter((f) => f.endsWith('.ts') && f !== 'run.ts' && !f.endsWith('.d.ts'))
  .filter((f) => !filter || f.includes(filter))
  .sort();

let failed = 0;
for (const file of files) {
  console.log(`\n### ${file}`);
  const r = spawnSync(process.execPath, ['--import', 'tsx', file], { cwd: dir, stdio: 'inherit' });
  if (r.status !== 0) {
    failed++;
    console.log(`(${file} exited with ${r.status})`);
  }
}
process.exit(failed ? 1 : 0);
