/**
 * A program replaced in place, the old one kept as `<path>.previous` to be put back. The new one
 * is copied beside the old and renamed over it: the path always holds a whole program, and a
 * running one (whose file is open) is not disturbed.
 */
import { chmodSync, copyFileSync, existsSync, renameSync, statSync } from 'node:fs';

export const previousOf = (path: string) => `${path}.previous`;

/** With `keepPrevious`, `.previous` stays as it is (it is the program that runs, the path one never started). */
export function replaceProgram(path: string, file: string, keepPrevious = false): void {
  const mode = statSync(path).mode & 0o7777;
  const previous = previousOf(path);
  if (!keepPrevious || !existsSync(previous)) {
    copyFileSync(path, previous);
    chmodSync(previous, mode);
  }
  const next = `${path}.new`;
  copyFileSync(file, next);
  chmodSync(next, mode);
  renameSync(next, path);
}

/** Puts `<path>.previous` back; false when there is none. */
export function restorePrevious(path: string): boolean {
  const previous = previousOf(path);
  if (!existsSync(previous)) return false;
  renameSync(previous, path);
  return true;
}
