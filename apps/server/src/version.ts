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

let cached: { version: string; git_version: string; build_time: string } | undefined;

/** version from package.json, git commit, build time (BUILD_TIME or the process start). */
export function buildInfo() {
  if (!cached) {
    const pkg = JSON.parse(fs.readFileSync(`${root}package.json`, 'utf8')) as { version: string };
    cached = { version: pkg.version, git_version: git(), build_time: process.env.BUILD_TIME ?? started };
  }
  return cached;
}
