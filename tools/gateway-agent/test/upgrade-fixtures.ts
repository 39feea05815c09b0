import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export function writeProgram(path: string, text: string): void {
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, text);
  chmodSync(path, 0o755);
}

/** A real Debian package (one file, /opt/lns-hello/hello.txt) built with dpkg-deb. */
export function buildDeb(dir: string, version: string): Buffer {
  const tree = join(dir, 'deb-tree');
  writeProgram(
    join(tree, 'DEBIAN', 'control'),
    `Package: lns-hello\nVersion: ${version}\nArchitecture: all\nMaintainer: Test <test@example.net>\nDescription: upgrade test package\n`,
  );
  mkdirSync(join(tree, 'opt', 'lns-hello'), { recursive: true });
  writeFileSync(join(tree, 'opt', 'lns-hello', 'hello.txt'), `hello ${version}\n`);
  const out = join(dir, `lns-hello_${version}_all.deb`);
  execFileSync('dpkg-deb', ['--build', '--root-owner-group', tree, out], { stdio: 'ignore' });
  return readFileSync(out);
}

/**
 * An empty dpkg database under `root` and the install command that uses it: dpkg installs there
 * instead of into this machine, without root rights.
 */
export function dpkgRoot(root: string): { command: string; status(): string } {
  for (const d of ['info', 'updates']) mkdirSync(join(root, 'var', 'lib', 'dpkg', d), { recursive: true });
  writeFileSync(join(root, 'var', 'lib', 'dpkg', 'status'), '');
  return {
    command: `dpkg --root='${root}' --force-not-root --force-bad-path --log=/dev/null -i {file}`,
    status: () => readFileSync(join(root, 'var', 'lib', 'dpkg', 'status'), 'utf8'),
  };
}

/** A stand-in for opkg: its arguments appended to `calls`; `fail` there makes it refuse. */
export function fakeOpkg(dir: string): { command: string; calls(): string[] } {
  const program = join(dir, 'opkg');
  const calls = join(dir, 'opkg-calls');
  writeProgram(
    program,
    `#!/bin/sh\necho "$*" >> '${calls}'\nif [ -f '${dir}/fail' ]; then echo "Collected errors: * pkg_hash_check_unresolved: cannot find dependency libc" >&2; exit 255; fi\n`,
  );
  return {
    command: `'${program}' install {file}`,
    calls: () => readLines(calls),
  };
}

export function readLines(file: string): string[] {
  try {
    return readFileSync(file, 'utf8').trim().split('\n').filter(Boolean);
  } catch {
    return [];
  }
}

/**
 * A packet forwarder as a program that says whether it runs: the restart command runs it, its
 * output is the status the check command reads (`grep -q running`), each restart is logged.
 */
export function fakeForwarder(dir: string): { path: string; restart: string; check: string; restarts(): string[] } {
  const path = join(dir, 'pf', 'lora_pkt_fwd');
  const status = join(dir, 'pf', 'status');
  const log = join(dir, 'pf', 'restarts');
  writeProgram(path, forwarderBuild('old', true));
  return {
    path,
    restart: `'${path}' > '${status}' 2>&1; echo restart >> '${log}'`,
    check: `grep -q running '${status}'`,
    restarts: () => readLines(log),
  };
}

/** A forwarder build: a good one says it runs, a bad one crashes. */
export const forwarderBuild = (name: string, good: boolean) =>
  good ? `#!/bin/sh\necho "${name} running"\n` : `#!/bin/sh\necho "${name}: SX1302 not found" >&2\nexit 1\n`;
