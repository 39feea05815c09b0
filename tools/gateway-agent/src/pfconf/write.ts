/**
 * The packet forwarder's configuration file replaced as a whole or not at all: the new content is
 * written beside it, flushed and renamed over it (a crash leaves the old or the new file, never
 * half of one), after the old one was copied to `<file>.bak`.
 */
import { closeSync, copyFileSync, existsSync, fsyncSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';

export const backupOf = (path: string) => `${path}.bak`;

function writeWhole(path: string, content: Buffer): void {
  const tmp = `${path}.tmp`;
  const fd = openSync(tmp, 'w', 0o644);
  try {
    writeSync(fd, content);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(tmp, path);
}

/** Writes `content` to `path`; the previous file (if any) is kept at the returned backup path. */
export function replaceKeepingBackup(path: string, content: Buffer): string | null {
  let backup: string | null = null;
  if (existsSync(path)) {
    backup = backupOf(path);
    copyFileSync(path, backup);
  }
  try {
    writeWhole(path, content);
  } catch (err) {
    rmSync(`${path}.tmp`, { force: true });
    throw err;
  }
  return backup;
}

/** Puts the backup back (atomically too); without one, the new file is removed. */
export function restoreBackup(path: string, backup: string | null): void {
  if (!backup) {
    rmSync(path, { force: true });
    return;
  }
  const tmp = `${path}.restore`;
  copyFileSync(backup, tmp);
  renameSync(tmp, path);
}
