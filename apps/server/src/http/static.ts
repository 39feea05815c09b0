import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { C } from '@lns/contract/codes';
import { isApiPath } from '@lns/contract/endpoint';
import type { FastifyInstance } from 'fastify';
import { errorEnvelope } from './errors';

/**
 * Serves the built console with history-mode fallback to index.html.
 * /api/* and /ws/* never fall back: an unknown API path is a 404 envelope.
 */
export async function installConsole(app: FastifyInstance, consoleDir: string): Promise<void> {
  const index = path.join(consoleDir, 'index.html');
  const built = fs.existsSync(index);
  if (built) {
    await app.register(fastifyStatic, {
      root: consoleDir,
      // Files are looked up when asked for, not listed at start: a console rebuilt while the
      // server runs is served as it now is.
      wildcard: true,
      index: 'index.html',
      // Otherwise its own `public, max-age=0` replaces the cache-control set below.
      cacheControl: false,
      setHeaders: (res, file) => {
        const immutable = file.includes(`${path.sep}assets${path.sep}`);
        res.setHeader('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((req, reply) => {
    const pathname = req.url.split('?')[0]!;
    // HEAD too: monitors and load balancers probe the console's pages that way.
    const read = req.method === 'GET' || req.method === 'HEAD';
    if (isApiPath(pathname) || pathname.startsWith('/ws/') || !read) {
      return reply
        .status(404)
        .send(errorEnvelope(C.NO_ROUTE, req.locale ?? 'en-US', { field: 'path', detail: pathname }));
    }
    if (!built) return reply.status(404).type('text/plain').send('The console is not built: run `npm run build`.');
    // A script or style of another build is missing, not a page: the index in its place would fail
    // as a script with a confusing error.
    if (pathname.startsWith('/assets/')) return reply.status(404).type('text/plain').send('Not found');
    return reply.sendFile('index.html');
  });
}
