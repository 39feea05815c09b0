import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { removeOrphanSocketDirs } from './pglite-thread';

it('removes the socket directories of processes that are gone, and only those', () => {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'socket-dirs-'));
  const gone = spawnSync('true').pid!; // has exited by now
  const names = [`lns-pg-${gone}-a1b2`, `lns-pg-${process.pid}-c3d4`, 'lns-pg-1-e5f6', 'lns-pg-x9', 'other-7'];
  for (const n of names) fs.mkdirSync(path.join(tmp, n));
  fs.writeFileSync(path.join(tmp, names[0]!, '.s.PGSQL.5432'), '');
  removeOrphanSocketDirs(tmp);
  expect(fs.readdirSync(tmp).sort()).toEqual(names.slice(1).sort());
  fs.rmSync(tmp, { recursive: true, force: true });
});
