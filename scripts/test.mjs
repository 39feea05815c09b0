// `npm test`: lint + format check, import rules (dependency-cruiser), type check, unit/API/component tests (Vitest), console build,
// browser journeys (Playwright in Chromium). Last line: `N passed, N failed`.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

const root = new URL('..', import.meta.url).pathname;
const out = `${root}.test-output`;
fs.mkdirSync(out, { recursive: true });
const only = process.argv[2]; // optional: lint | types | unit | e2e
let passed = 0;
let failed = 0;

function run(title, cmd, args, env = {}) {
  console.log(`\n=== ${title}: ${cmd} ${args.join(' ')}`);
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return r.status === 0;
}

function check(title, cmd, args) {
  if (run(title, cmd, args)) passed++;
  else {
    failed++;
    console.log(`--- ${title} FAILED`);
  }
}

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

if (!only || only === 'lint') {
  check('lint and format', 'npx', ['biome', 'check', '.']);
  check('import cycles and feature boundaries', 'npx', [
    'depcruise',
    'apps',
    'packages',
    'tools',
    '--config',
    '.dependency-cruiser.cjs',
  ]);
}
if (!only || only === 'types') check('type check', 'npx', ['tsc', '-p', 'tsconfig.json']);

if (!only || only === 'unit') {
  const file = `${out}/vitest.json`;
  fs.rmSync(file, { force: true });
  const ok = run('unit, API and component tests', 'npx', [
    'vitest',
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${file}`,
  ]);
  const r = readJson(file);
  if (r) {
    passed += r.numPassedTests;
    failed += r.numFailedTests + (ok || r.numFailedTests > 0 ? 0 : 1);
  } else failed++;
}

if (!only || only === 'e2e') {
  check('console build', 'npm', ['run', 'build', '-w', 'apps/console']);
  const file = `${out}/playwright.json`;
  fs.rmSync(file, { force: true });
  const ok = run(
    'browser journeys',
    'npx',
    ['playwright', 'test', '-c', 'e2e/playwright.config.ts', '--reporter=list,json'],
    {
      PLAYWRIGHT_JSON_OUTPUT_NAME: file,
    },
  );
  const r = readJson(file);
  if (r?.stats) {
    passed += r.stats.expected + (r.stats.flaky ?? 0);
    failed += r.stats.unexpected + (ok || r.stats.unexpected > 0 ? 0 : 1);
  } else failed++;
}

console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
