/**
 * listLogs and readLog: the regular files of a directory the file allows and of its direct
 * subdirectories. A name is refused unless its real path (symbolic links resolved) stays inside
 * that directory and is a regular file, so no request reads anything else on the gateway.
 */
import { constants, type Dirent } from 'node:fs';
import { lstat, open, readdir, realpath } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { RequestError } from '../handler';

export interface LogFileEntry {
  name: string;
  size: number;
  mtime: number;
}

/** The protocol's bound on one listing. */
export const LIST_MAX = 2000;

/** One or two path segments of ordinary characters, none of them `.` or `..`. */
const SEGMENT = /^[A-Za-z0-9._@+-]{1,255}$/;
const validName = (name: string) => {
  const parts = name.split('/');
  return parts.length <= 2 && parts.every((p) => SEGMENT.test(p) && p !== '.' && p !== '..');
};

const refused = (name: string) => new RequestError(`${JSON.stringify(name)} is not a file of the directory`);

/** The newest LIST_MAX regular files, sorted by name; a directory that does not exist lists nothing. */
export async function listLogFiles(dir: string): Promise<LogFileEntry[]> {
  let root: string;
  try {
    root = await realpath(dir);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
  const files: LogFileEntry[] = [];
  const add = async (name: string) => {
    try {
      const st = await lstat(join(root, name));
      if (st.isFile()) files.push({ name, size: st.size, mtime: Math.round(st.mtimeMs) });
    } catch {
      // Rotated away between readdir and lstat.
    }
  };
  const entries = await readdir(root, { withFileTypes: true });
  for (const e of entries) {
    if (e.isFile()) await add(e.name);
    else if (e.isDirectory()) {
      let inner: Dirent[] = [];
      try {
        inner = await readdir(join(root, e.name), { withFileTypes: true });
      } catch {
        continue; // not readable: left out
      }
      for (const f of inner) if (f.isFile()) await add(`${e.name}/${f.name}`);
    }
  }
  files.sort((a, b) => b.mtime - a.mtime);
  return files.slice(0, LIST_MAX).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

export interface LogChunk {
  /** The bytes read, base64. */
  data: string;
  size: number;
  eof: boolean;
}

/** `length` bytes from `offset` of a file under `dir`, after the checks above. */
export async function readLogChunk(dir: string, name: string, offset: number, length: number): Promise<LogChunk> {
  if (!validName(name)) throw refused(name);
  let root: string;
  let real: string;
  try {
    root = await realpath(dir);
    real = await realpath(join(root, name));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') throw new RequestError(`no file ${JSON.stringify(name)}`);
    throw err;
  }
  const inside = relative(root, real);
  if (!real.startsWith(root + sep) || inside.split(sep).length > 2) throw refused(name);
  // O_NOFOLLOW: the resolved path must not have become a link since; O_NONBLOCK: a FIFO must not hang the read.
  const fh = await open(real, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK).catch(() => {
    throw refused(name);
  });
  try {
    const st = await fh.stat();
    if (!st.isFile()) throw refused(name);
    const want = Math.max(0, Math.min(length, st.size - offset));
    const buf = Buffer.alloc(want);
    const { bytesRead } = want > 0 ? await fh.read(buf, 0, want, offset) : { bytesRead: 0 };
    return {
      data: buf.subarray(0, bytesRead).toString('base64'),
      size: st.size,
      eof: offset + bytesRead >= st.size,
    };
  } finally {
    await fh.close();
  }
}
