import { C, normalizeLocale } from '@lns/contract/codes';
import type { FastifyInstance } from 'fastify';
import { errorEnvelope } from './errors';

/**
 * While the server stops (SIGTERM), a request that still reaches it gets the envelope like every
 * other refusal, 503 with code 1009 ("busy, try again"): a client behind a load balancer retries
 * on another instance. Fastify's own answer here is a bare 503 without a code.
 */
export function installClosingRefusal(app: FastifyInstance): void {
  let closing = false;
  app.addHook('preClose', (done) => {
    closing = true;
    done();
  });
  app.addHook('onRequest', (req, reply, done) => {
    if (!closing) return done();
    const locale = normalizeLocale(req.headers['accept-language']);
    reply
      .status(503)
      .header('connection', 'close')
      .header('retry-after', '1')
      .send(errorEnvelope(C.BUSY, locale, { detail: 'the server is stopping' }));
  });
}
