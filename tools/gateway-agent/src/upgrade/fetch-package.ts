/**
 * The package of an upgrade in the work dir: downloaded (resumed from a partial file of an earlier
 * try of the same package), then checked against its size and SHA-256.
 */
import { mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { UpgradeExtra } from '@lns/contract/upgrades';
import { formatSeconds } from '../handler';
import { download, SizeMismatchError } from './download';
import { installFailed } from './outcome';
import { mismatch } from './verify';

export interface FetchJob {
  extra: UpgradeExtra;
  workDir: string;
  signal: AbortSignal;
  /** The request's limit, for the message when it is up (ms). */
  timeoutMs: number;
  /** Download progress, 0–100. */
  onPercent(pct: number): void;
  /** After the download, while the file is checked. */
  onCheck(): void;
}

/** Our partial files: the first 16 digits of the package's SHA-256. */
const PART_NAME = /^[0-9a-f]{16}\.part$/;

/** The package's own name reduced to what every tool takes as a file name (opkg wants its `.ipk`). */
export function safeFileName(name: string): string {
  const base = name
    .split('/')
    .pop()!
    .replace(/[^\w.+-]/g, '_');
  return base && !/^\.+$/.test(base) ? base : 'package';
}

/** The checked package's path; it is the caller's to remove. */
export async function fetchPackage(job: FetchJob): Promise<string> {
  const x = job.extra;
  mkdirSync(job.workDir, { recursive: true });
  const partName = `${x.digest.slice(0, 16).toLowerCase()}.part`;
  // Partial files of other packages would only fill a gateway's small disk (and the work dir may be shared).
  for (const name of readdirSync(job.workDir)) {
    if (PART_NAME.test(name) && name !== partName) rmSync(join(job.workDir, name), { force: true });
  }
  const part = join(job.workDir, partName);
  try {
    await download({
      url: x.url,
      file: part,
      size: x.size,
      signal: job.signal,
      onProgress: (n) => job.onPercent(x.size ? (n / x.size) * 100 : 100),
    });
  } catch (err) {
    if (err instanceof SizeMismatchError) {
      rmSync(part, { force: true });
      throw installFailed(`the package is not the one expected: ${err.message}`, `checking: ${err.message}`);
    }
    // Otherwise the partial file stays: the server's next try resumes it.
    const msg = job.signal.aborted
      ? `stopped: timed out after ${formatSeconds(job.timeoutMs / 1000)}`
      : `failed: ${(err as Error).message}`;
    throw installFailed(`download ${msg}`, `downloading: ${msg}`);
  }
  job.onCheck();
  const wrong = await mismatch(part, x.size, x.digest);
  if (wrong) {
    rmSync(part, { force: true });
    throw installFailed(`the package is not the one expected: ${wrong}`, `checking: ${wrong}`);
  }
  const file = join(job.workDir, safeFileName(x.fileName));
  renameSync(part, file);
  return file;
}
