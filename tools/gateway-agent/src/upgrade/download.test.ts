import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type PackageServer, type ServedPackage, sha256, startPackageServer } from '../../test/package-server';
import { DOWNLOAD_TRIES, download, FatalDownloadError, SizeMismatchError } from './download';
import { mismatch } from './verify';

const body = randomBytes(300_000);

describe('package download', () => {
  let dir: string;
  let server: PackageServer | undefined;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'gw-dl-'));
  });
  afterEach(async () => {
    await server?.close();
    server = undefined;
    rmSync(dir, { recursive: true, force: true });
  });

  const serve = async (p: Partial<ServedPackage> = {}) => {
    server = await startPackageServer({ 'pkg.deb': { body, ...p } });
    return server.url('pkg.deb');
  };
  const job = (url: string, o: { size?: number; signal?: AbortSignal } = {}) => {
    const seen: number[] = [];
    const file = join(dir, 'pkg.part');
    const done = download({
      url,
      file,
      size: o.size ?? body.length,
      signal: o.signal ?? new AbortController().signal,
      onProgress: (n) => seen.push(n),
      retryDelayMs: 5,
    });
    return { file, seen, done };
  };

  it('resumes with Range after the connection drops mid-file', async () => {
    const url = await serve({ dropAfter: 120_000 });
    const { file, seen, done } = job(url);
    await done;
    expect(readFileSync(file).equals(body)).toBe(true);
    expect(server!.requests).toHaveLength(2);
    expect(server!.requests[0]!.range).toBeUndefined();
    const from = Number(/^bytes=(\d+)-$/.exec(server!.requests[1]!.range ?? '')?.[1]);
    expect(from).toBeGreaterThan(0);
    expect(from).toBeLessThanOrEqual(120_000);
    expect(seen.at(-1)).toBe(body.length);
    expect(await mismatch(file, body.length, sha256(body))).toBeNull();
  });

  it('resumes a partial file of an earlier try, and starts over when the server ignores Range', async () => {
    const file = join(dir, 'pkg.part');
    const url = await serve();
    writeFileSync(file, body.subarray(0, 50_000));
    await job(url).done;
    expect(server!.requests.map((r) => r.range)).toEqual(['bytes=50000-']);
    expect(readFileSync(file).equals(body)).toBe(true);
    await server!.close();

    const url2 = await serve({ ignoreRange: true });
    writeFileSync(file, Buffer.alloc(50_000, 7));
    await job(url2).done;
    expect(readFileSync(file).equals(body)).toBe(true);
  });

  it('gives up at once on a refused address, and on more bytes than the package has', async () => {
    const url = await serve();
    await expect(job(url.replace('pkg.deb', 'gone.deb')).done).rejects.toThrow(
      new FatalDownloadError('HTTP 404 Not Found'),
    );
    expect(server!.requests).toHaveLength(1);
    await expect(job(url, { size: 1000 }).done).rejects.toThrow(
      new SizeMismatchError(`size ${body.length} bytes, expected 1000`),
    );
  });

  it(`gives up after ${DOWNLOAD_TRIES} tries without a byte`, async () => {
    // A port nobody listens on: every try is refused.
    const port = await new Promise<number>((resolve) => {
      const s = createServer().listen(0, '127.0.0.1', () => {
        const p = (s.address() as { port: number }).port;
        s.close(() => resolve(p));
      });
    });
    await expect(job(`http://127.0.0.1:${port}/pkg.deb`).done).rejects.toThrow(
      new RegExp(`ECONNREFUSED.*\\(${DOWNLOAD_TRIES} tries\\)`),
    );
  });

  it('stops when the time is up, the partial file kept', async () => {
    const url = await serve({ holdAfter: 70_000 });
    const ac = new AbortController();
    const { file, seen, done } = job(url, { signal: ac.signal });
    await expect.poll(() => seen.at(-1)).toBe(70_000);
    ac.abort();
    await expect(done).rejects.toThrow('stopped: the time for the upgrade is up');
    expect(readFileSync(file).equals(body.subarray(0, 70_000))).toBe(true);
  });
});
