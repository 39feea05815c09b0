import { C } from '@lns/contract/codes';
import { BODY_LIMITS } from '@lns/contract/request-limits';
import type { FastifyInstance } from 'fastify';
import { DomainError } from '../errors';

/** Detail of a 6101 refusal. */
export const bodyLimitText = (limit: number) => `at most ${limit} bytes`;

/**
 * Request bodies are cut off at the route's `bodyLimit` (HTTP 413, code 6101) before they are
 * buffered: routes open without sign-in get the smallest limit unless they set their own, and a
 * declared Content-Length over the limit is refused before any byte is read; Fastify's own JSON
 * reader enforces it for bodies without one, multipart uploads are capped by their file limits.
 */
export function installBodyLimits(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    if (route.bodyLimit === undefined && route.config?.access === 'public') route.bodyLimit = BODY_LIMITS.anonymous;
  });
  app.addHook('onRequest', async (req) => {
    const declared = Number(req.headers['content-length'] ?? 0);
    // Unknown paths need no body and anybody may call them: the anonymous limit.
    const limit = req.routeOptions.url ? (req.routeOptions.bodyLimit ?? BODY_LIMITS.json) : BODY_LIMITS.anonymous;
    if (declared > limit) throw new DomainError(C.BODY_TOO_LARGE, bodyLimitText(limit), 'body');
  });
}
