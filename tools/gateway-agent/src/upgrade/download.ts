/**
 * A package's download: streamed to a file, resumed with `Range` from what the file holds after
 * a broken connection (a gateway's link may be a flaky LTE one), a few tries with back-off.
 */
import { once } from 'node:events';
import { createWriteStream, rmSync, statSync } from 'node:fs';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { setTimeout as sleep } from 'node:timers/promises';

export interface DownloadJob {
  url: string;
  /** The partial file: what it holds already is asked for no more. */
  file: string;
  /** The package's length: a longer answer is stopped at once. */
  size: number;
  signal: AbortSignal;
  /** Bytes in the file so far, after each chunk. */
  onProgress(received: number): void;
  /** Failed tries in a row (without a byte received) before giving up. */
  tries?: number;
  /** Wait before the first retry (ms), doubled each time up to 30 s. */
  retryDelayMs?: number;
  /** A connection without a byte for this long is broken (ms). */
  idleMs?: number;
}

export const DOWNLOAD_TRIES = 5;
const RETRY_MAX_MS = 30_000;
const MAX_REDIRECTS = 5;

/** Not worth another try: the address is refused, the answer is not the package. */
export class FatalDownloadError extends Error {}
/** The server's package has another length than the one expected (said as verify.ts says it). */
export class SizeMismatchError extends FatalDownloadError {}

export async function download(job: DownloadJob): Promise<void> {
  const tries = job.tries ?? DOWNLOAD_TRIES;
  let delay = job.retryDelayMs ?? 1000;
  let failures = 0;
  for (;;) {
    let have = fileSize(job.file);
    if (have > job.size) {
      // Left by another package under the same name, or a server that sent too much: start over.
      rmSync(job.file, { force: true });
      have = 0;
    }
    if (have === job.size && have > 0) return;
    let error: Error | undefined;
    try {
      await fetchInto(job, job.url, have, 0);
    } catch (err) {
      if (job.signal.aborted) throw new Error('stopped: the time for the upgrade is up');
      if (err instanceof FatalDownloadError) throw err;
      error = err as Error;
    }
    const now = fileSize(job.file);
    if (!error && now === job.size) return;
    error ??= new Error(`the connection ended after ${now} of ${job.size} bytes`);
    failures = now > have ? 1 : failures + 1;
    if (now > have) delay = job.retryDelayMs ?? 1000;
    if (failures >= tries) throw new Error(`${error.message} (${failures} tries)`);
    try {
      await sleep(delay, undefined, { signal: job.signal });
    } catch {
      throw new Error('stopped: the time for the upgrade is up');
    }
    delay = Math.min(delay * 2, RETRY_MAX_MS);
  }
}

/** One GET from byte `from`, appended to the file (or written anew when the server ignores Range). */
async function fetchInto(job: DownloadJob, url: string, from: number, redirects: number): Promise<void> {
  const res = await get(url, from, job);
  const status = res.statusCode ?? 0;
  const location = res.headers.location;
  if (status >= 300 && status < 400 && location) {
    res.resume();
    if (redirects >= MAX_REDIRECTS) throw new FatalDownloadError(`more than ${MAX_REDIRECTS} redirects`);
    return fetchInto(job, new URL(location, url).toString(), from, redirects + 1);
  }
  if (status === 416) {
    // The partial file does not fit the package on the server: the next try starts from 0.
    res.resume();
    rmSync(job.file, { force: true });
    throw new Error('HTTP 416: the partial download does not match');
  }
  if (status !== 200 && status !== 206) {
    res.resume();
    const msg = `HTTP ${status}${res.statusMessage ? ` ${res.statusMessage}` : ''}`;
    // A refused or expired address stays so; a busy or failing server may answer the next try.
    if (status >= 400 && status < 500 && status !== 408 && status !== 429) throw new FatalDownloadError(msg);
    throw new Error(msg);
  }
  const total =
    status === 206 ? /\/(\d+)$/.exec(res.headers['content-range'] ?? '')?.[1] : res.headers['content-length'];
  if (total !== undefined && Number(total) !== job.size) {
    res.resume();
    throw new SizeMismatchError(`size ${total} bytes, expected ${job.size}`);
  }
  let at = 0;
  if (status === 206) {
    const start = Number(/^bytes (\d+)-/.exec(res.headers['content-range'] ?? '')?.[1]);
    if (start !== from) {
      res.resume();
      rmSync(job.file, { force: true });
      throw new Error(`asked for bytes from ${from}, got ${res.headers['content-range'] ?? 'no Content-Range'}`);
    }
    at = from;
  }
  const out = createWriteStream(job.file, { flags: status === 206 ? 'a' : 'w' });
  let diskError: Error | undefined;
  out.on('error', (err) => {
    diskError = err;
  });
  try {
    for await (const chunk of res as AsyncIterable<Buffer>) {
      at += chunk.length;
      if (at > job.size) throw new SizeMismatchError(`the server sends more than ${job.size} bytes`);
      job.onProgress(at);
      if (diskError) throw diskError;
      if (!out.write(chunk)) await once(out, 'drain');
    }
  } finally {
    // What arrived before a drop is flushed, not thrown away: the next try resumes after it.
    await new Promise<void>((resolve) => out.end(() => resolve()));
  }
  if (diskError) throw diskError;
}

function get(url: string, from: number, job: DownloadJob): Promise<IncomingMessage> {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    throw new FatalDownloadError('the package address is not a URL');
  }
  const lib = u.protocol === 'https:' ? https : u.protocol === 'http:' ? http : null;
  if (!lib) throw new FatalDownloadError(`the package address is ${u.protocol}, not http(s)`);
  const idleMs = job.idleMs ?? 30_000;
  return new Promise((resolve, reject) => {
    const req = lib.get(u, { headers: from > 0 ? { range: `bytes=${from}-` } : {}, signal: job.signal }, resolve);
    req.setTimeout(idleMs, () => req.destroy(new Error(`no data for ${idleMs / 1000} s`)));
    req.on('error', reject);
  });
}

function fileSize(file: string): number {
  return statSync(file, { throwIfNoEntry: false })?.size ?? 0;
}
