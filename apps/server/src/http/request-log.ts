import type { FastifyInstance } from 'fastify';

/** How often the info-level summary of HTTP traffic is written (only when there was traffic). */
export const REQUEST_SUMMARY_MS = 5 * 60_000;

/**
 * One debug line per request (method, URL, status, time), and at info one summary line per
 * period. Fastify's own two info lines per request filled an operator's log with thousands of
 * lines an hour for a single user; errors are still logged where they happen.
 */
export function installRequestLog(app: FastifyInstance, periodMs = REQUEST_SUMMARY_MS): () => void {
  let count = 0;
  let clientErrors = 0;
  let serverErrors = 0;
  let slowest = { ms: 0, what: '' };
  app.addHook('onResponse', async (req, reply) => {
    const ms = Math.round(reply.elapsedTime);
    req.log.debug({ method: req.method, url: req.url, status: reply.statusCode, ms }, 'request');
    count++;
    if (reply.statusCode >= 500) serverErrors++;
    else if (reply.statusCode >= 400) clientErrors++;
    if (ms > slowest.ms) slowest = { ms, what: `${req.method} ${req.routeOptions.url ?? req.url}` };
  });
  const summarise = () => {
    if (count === 0) return;
    app.log.info(
      `HTTP in the last ${periodMs / 60_000} min: ${count} requests, ${clientErrors} answered 4xx, ${serverErrors} answered 5xx; slowest ${slowest.ms} ms (${slowest.what})`,
    );
    count = clientErrors = serverErrors = 0;
    slowest = { ms: 0, what: '' };
  };
  const timer = setInterval(summarise, periodMs);
  timer.unref();
  return () => {
    clearInterval(timer);
    summarise();
  };
}
