import { timingSafeEqual } from 'node:crypto';
import { C } from '@lns/contract/codes';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Counter, collectDefaultMetrics, Histogram, Registry } from 'prom-client';
import { DomainError } from '../errors';

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;

/** Throws 1003/1004 (no or wrong token) or 1010 (not a local client) unless the caller may read metrics. */
function metricsAccess(req: FastifyRequest, token: string | undefined): void {
  if (token) {
    const given = /^Bearer (.+)$/i.exec(req.headers.authorization ?? '')?.[1];
    if (!given) throw new DomainError(C.TOKEN_MISSING, 'Authorization: Bearer <METRICS_TOKEN>');
    const a = Buffer.from(given);
    const b = Buffer.from(token);
    if (a.length !== b.length || !timingSafeEqual(a, b)) throw new DomainError(C.TOKEN_INVALID);
    return;
  }
  // The socket's address, not X-Forwarded-For; a request relayed by a proxy is not local even
  // when the proxy runs on this host.
  const relayed = req.headers['x-forwarded-for'] !== undefined || req.headers.forwarded !== undefined;
  if (relayed || !LOOPBACK.test(req.socket.remoteAddress ?? '')) {
    throw new DomainError(C.FORBIDDEN, 'set METRICS_TOKEN to read metrics from another host');
  }
}

/**
 * Prometheus metrics; one registry per app so tests can build several apps in one process.
 * /metrics wants `Authorization: Bearer <METRICS_TOKEN>` when that is set, and otherwise answers
 * only clients on this host.
 */
export function installMetrics(app: FastifyInstance, registry = new Registry(), token?: string): Registry {
  collectDefaultMetrics({ register: registry });
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests by route and status',
    labelNames: ['method', 'route', 'status'],
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request duration by route',
    labelNames: ['method', 'route'],
    buckets: [0.005, 0.01, 0.02, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [registry],
  });
  // Each series' child kept: finding it from a labels object hashes the sorted labels on every
  // call (prom-client's cost was 2 % of the server's CPU under 100 clients on the device list).
  // Routes are the declared patterns (or 'unmatched') and statuses few, so the map stays small.
  const series = new Map<
    string,
    { requests: ReturnType<typeof requests.labels>; duration: ReturnType<typeof duration.labels> }
  >();
  app.addHook('onResponse', async (req, reply) => {
    const route = req.routeOptions.url ?? 'unmatched';
    const key = `${req.method} ${reply.statusCode} ${route}`;
    let s = series.get(key);
    if (!s) {
      s = {
        requests: requests.labels({ method: req.method, route, status: reply.statusCode }),
        duration: duration.labels({ method: req.method, route }),
      };
      series.set(key, s);
    }
    s.requests.inc();
    s.duration.observe(reply.elapsedTime / 1000);
  });
  app.get('/metrics', { config: { access: 'public' }, schema: { hide: true } }, async (req, reply) => {
    metricsAccess(req, token);
    reply.type(registry.contentType);
    return registry.metrics();
  });
  return registry;
}
