import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A stand-in for ssh: it appends its arguments to `runs.log` and stays up (as `ssh -N` does)
 * until killed; while a file `drop` exists it complains and exits 255 instead, as ssh does when
 * the link is lost. A key file beside it.
 */
export interface FakeSsh {
  dir: string;
  command: string;
  keyFile: string;
  runs(): string[];
  drop(on: boolean): void;
}

const SCRIPT = (dir: string) => `#!/bin/sh
echo "$*" >> '${dir}/runs.log'
if [ -f '${dir}/drop' ]; then echo "Connection to tunnel.example.net closed by remote host." >&2; exit 255; fi
exec sleep 1000
`;

export function makeFakeSsh(): FakeSsh {
  const dir = mkdtempSync(join(tmpdir(), 'gw-ssh-'));
  const command = join(dir, 'ssh');
  writeFileSync(command, SCRIPT(dir));
  chmodSync(command, 0o755);
  const keyFile = join(dir, 'id_ed25519');
  writeFileSync(keyFile, 'not a real key', { mode: 0o600 });
  return {
    dir,
    command,
    keyFile,
    runs: () => {
      try {
        return readFileSync(join(dir, 'runs.log'), 'utf8').trim().split('\n');
      } catch {
        return [];
      }
    },
    drop: (on) => (on ? writeFileSync(join(dir, 'drop'), '') : rmSync(join(dir, 'drop'), { force: true })),
  };
}
