import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A package as the test's server gives it. */
export interface ServedPackage {
  body: Buffer;
  /** The first GET ends the connection after this many bytes of its answer. */
  dropAfter?: number;
  /** Every GET sends this many bytes and then waits for `release()`. */
  holdAfter?: number;
  /** Answers 200 and the whole file whatever Range says. */
  ignoreRange?: boolean;
  /** Sends the answer in this many pieces, `everyMs` apart (a slow link). */
  trickle?: { pieces: number; everyMs: number };
}

export interface PackageServer {
  url(name: string): string;
  /** Each GET: the path and its Range header. */
  requests: { path: string; range?: string }[];
  /** Lets held answers go on. */
  release(): void;
  close(): Promise<void>;
}

export const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/**
 * The server's file store as the agent sees it: GET with `Range: bytes=N-` answered 206 with
 * Content-Range, what the test asks for (a connection dropped mid-file, an answer held).
 */
export async function startPackageServer(files: Record<string, ServedPackage>): Promise<PackageServer> {
  const requests: PackageServer['requests'] = [];
  const dropped = new Set<string>();
  let release!: () => void;
  const released = new Promise<void>((r) => {
    release = r;
  });
  const server = http.createServer(async (req, res) => {
    const path = req.url ?? '/';
    requests.push({ path, ...(req.headers.range ? { range: req.headers.range } : {}) });
    const p = files[path.slice(1)];
    if (!p) return res.writeHead(404).end('no such package');
    const m = /^bytes=(\d+)-$/.exec(req.headers.range ?? '');
    const from = m && !p.ignoreRange ? Number(m[1]) : 0;
    if (from >= p.body.length && from > 0) {
      return res.writeHead(416, { 'content-range': `bytes */${p.body.length}` }).end();
    }
    const part = p.body.subarray(from);
    res.writeHead(from > 0 ? 206 : 200, {
      'content-length': part.length,
      'content-type': 'application/octet-stream',
      ...(from > 0 ? { 'content-range': `bytes ${from}-${p.body.length - 1}/${p.body.length}` } : {}),
    });
    if (p.dropAfter !== undefined && !dropped.has(path)) {
      dropped.add(path);
      res.write(part.subarray(0, p.dropAfter), () => res.socket?.destroy());
      return;
    }
    if (p.trickle) {
      const size = Math.ceil(part.length / p.trickle.pieces);
      for (let at = 0; at < part.length; at += size) {
        if (at > 0) await new Promise((r) => setTimeout(r, p.trickle!.everyMs));
        res.write(part.subarray(at, at + size));
      }
      return res.end();
    }
    if (p.holdAfter !== undefined) {
      res.write(part.subarray(0, p.holdAfter));
      await released;
      return res.end(part.subarray(p.holdAfter));
    }
    res.end(part);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (name) => `http://127.0.0.1:${port}/${name}`,
    requests,
    release,
    close: () =>
      new Promise<void>((resolve) => {
        release();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
