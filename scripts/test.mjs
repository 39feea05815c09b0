// `npm test`: lint + format check, import rules (dependency-cruiser), type check, unit/API/component tests (Vitest), console build,
// browser journeys (Playwright in Chromium). Last line: `N passed, N failed`.
import { spawn } from 'node:child_process';
import fs from 'node:fs';

const root = new URL('..', import.meta.url).pathname;
const out = `${root}.test-output`;
fs.mkdirSync(out, { recursive: true });
const only = process.argv[2]; // optional: lint | types | unit | e2e
let passed = 0;
let failed = 0;
// What failed, printed again just above the last line: CI keeps only the tail of a long log.
const failures = [];

/** Runs a step, its output shown live and kept in `.test-output/<log>` when a log name is given. */
function run(title, cmd, args, env = {}, log = undefined) {
  console.log(`\n=== ${title}: ${cmd} ${args.join(' ')}`);
  const file = log ? fs.createWriteStream(`${out}/${log}`) : undefined;
  const child = spawn(cmd, args, {
    cwd: root,
    stdio: ['inherit', file ? 'pipe' : 'inherit', file ? 'pipe' : 'inherit'],
    env: { ...process.env, ...env },
  });
  for (const [stream, sink] of [
    [child.stdout, process.stdout],
    [child.stderr, process.stderr],
  ]) {
    stream?.on('data', (chunk) => {
      sink.write(chunk);
      file?.write(chunk);
    });
  }
  return new Promise((resolve) =>
    child.on('close', (code) => {
      if (file) file.end(() => resolve(code === 0));
      else resolve(code === 0);
    }),
  );
}

async function check(title, cmd, args) {
  if (await run(title, cmd, args)) passed++;
  else {
    failed++;
    failures.push(`${title} failed (its output is above)`);
    console.log(`--- ${title} FAILED`);
  }
}

/**
 * Why Vitest failed a run whose tests all passed: the block it prints for a failed suite (a failing
 * `beforeAll`/`afterAll` hook, a file that did not load) or for errors outside any test.
 */
function runErrors(log) {
  const text = fs.existsSync(log) ? fs.readFileSync(log, 'utf8').replace(/\x1b\[[0-9;]*m/g, '') : '';
  const blocks = ['Failed Suites', 'Unhandled Error', 'Unhandled Rejection', 'Source Errors']
    .map((heading) => text.indexOf(heading))
    .filter((at) => at >= 0)
    .map((at) => text.slice(at, at + 3000));
  return blocks.length > 0 ? blocks.join('\n') : `no error block in its output; its last lines:\n${text.slice(-3000)}`;
}

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

if (!only || only === 'lint') {
  await check('lint and format', 'npx', ['biome', 'check', '.']);
  await check('import cycles and feature boundaries', 'npx', [
    'depcruise',
    'apps',
    'packages',
    'tools',
    '--config',
    '.dependency-cruiser.cjs',
  ]);
}
if (!only || only === 'types') await check('type check', 'npx', ['tsc', '-p', 'tsconfig.json']);

if (!only || only === 'unit') {
  const file = `${out}/vitest.json`;
  fs.rmSync(file, { force: true });
  const ok = await run(
    'unit, API and component tests',
    'npx',
    ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${file}`],
    {},
    'vitest.log',
  );
  const r = readJson(file);
  if (r) {
    passed += r.numPassedTests;
    failed += r.numFailedTests + (ok || r.numFailedTests > 0 ? 0 : 1);
    for (const suite of r.testResults ?? []) {
      const name = suite.name.replace(root, '');
      const failedTests = (suite.assertionResults ?? []).filter((t) => t.status === 'failed');
      for (const t of failedTests) failures.push(`vitest: ${name} > ${t.fullName}`);
      // A hook that failed or a file that did not load fails the file with no failed test.
      if (suite.status === 'failed' && failedTests.length === 0) {
        failures.push(`vitest: ${name} failed outside its tests: ${suite.message ?? ''}`);
      }
    }
    if (!ok && r.numFailedTests === 0) failures.push(`vitest exited non-zero: ${runErrors(`${out}/vitest.log`)}`);
  } else {
    failed++;
    failures.push('vitest wrote no report');
  }
}

if (!only || only === 'e2e') {
  await check('console build', 'npm', ['run', 'build', '-w', 'apps/console']);
  const file = `${out}/playwright.json`;
  fs.rmSync(file, { force: true });
  const ok = await run(
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
    if (!ok && r.stats.unexpected === 0) failures.push('playwright exited non-zero with no failed test');
    for (const title of failedJourneys(r.suites ?? [])) failures.push(`playwright: ${title}`);
  } else {
    failed++;
    failures.push('playwright wrote no report');
  }
}

/** Titles of the journeys whose final result was a failure. */
function failedJourneys(suites, path = []) {
  const titles = [];
  for (const s of suites) {
    const here = s.title ? [...path, s.title] : path;
    titles.push(...failedJourneys(s.suites ?? [], here));
    for (const spec of s.specs ?? []) {
      if (!spec.ok) titles.push([...here, spec.title].join(' > '));
    }
  }
  return titles;
}

if (failures.length > 0) console.log(`\n=== what failed\n${failures.join('\n')}`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
