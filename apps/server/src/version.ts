import { execSync } from 'node:child_process';
import fs from 'node:fs';

const root = new URL('../../../', import.meta.url).pathname;
const started = new Date().toISOString();

function git(): string {
  if (process.env.GIT_VERSION) return process.env.GIT_VERSION;
  try {
    return execSync('git rev-parse --short HEAD', { cwd: root, stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .trim();
  } catch {
    return 'unknown';
  }
}

/** When the console was last built (its index.html), else the commit time, else the process start. */
function buildTime(): string {
  if (process.env.BUILD_TIME) return process.env.BUILD_TIME;
  try {
    return fs.statSync(`${root}apps/console/dist/index.html`).mtime.toISOString();
  } catch {}
  try {
    const committed = execSync('git log -1 --format=%cI', { cwd: root, stdio: ['ignore', 'pipe', 'ignore'] });
    return new Date(committed.toString().trim()).toISOString();
  } catch {
    return started;
  }
}

let cached: { version: string; git_version: string; build_time: string } | undefined;

/** version from package.json, git commit, build time (BUILD_TIME, the console build, the commit, or the process start). */
export function buildInfo() {
  if (!cached) {
    const pkg = JSON.parse(fs.readFileSync(`${root}package.json`, 'utf8')) as { version: string };
    cached = { version: pkg.version, git_version: git(), build_time: buildTime() };
  }
  return cached;
}
