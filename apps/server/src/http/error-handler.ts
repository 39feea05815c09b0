import { C, httpStatusOf, isCode, normalizeLocale } from '@lns/contract/codes';
import { BODY_LIMITS } from '@lns/contract/request-limits';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { DomainError } from '../errors';
import { bodyLimitText } from './body-limits';
import { errorEnvelope } from './errors';

/**
 * One place that maps every failure to the envelope: contract codes as they are, validation
 * errors to 1006 (missing/empty), 1007 (format) or the code a contract rule names, with the
 * field, and anything unexpected to 1001 with a request id — never a stack trace or SQL in the answer.
 */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | DomainError, req: FastifyRequest, reply: FastifyReply) => {
    const locale = normalizeLocale(req.headers['accept-language']);
    if (err instanceof DomainError) {
      return reply.status(err.status).send(errorEnvelope(err.code, locale, { detail: err.detail, field: err.field }));
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const first = err.validation[0]!;
      const path = first.instancePath.split('/').filter(Boolean);
      const field = path.join('.') || err.validationContext || 'body';
      const source =
        err.validationContext === 'querystring'
          ? req.query
          : err.validationContext === 'params'
            ? req.params
            : req.body;
      const at = (depth: number) =>
        path
          .slice(0, depth)
          .reduce<unknown>(
            (o, k) => (o && typeof o === 'object' ? (o as Record<string, unknown>)[k] : undefined),
            source,
          );
      const isEmpty = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');
      // "tagsId=x" fails at tagsId.0 after preprocessing: its raw parent is a string, so it is a format error.
      const parent = at(path.length - 1);
      const empty = isEmpty(at(path.length)) && (path.length < 2 || (typeof parent === 'object' && parent !== null));
      // A contract rule with its own response code (the password policy) names it in params.code.
      const named = (first.params as { params?: { code?: unknown } } | undefined)?.params?.code;
      const code = typeof named === 'number' && isCode(named) ? named : empty ? C.PARAM_EMPTY : C.PARAM_FORMAT;
      const status = typeof named === 'number' && isCode(named) ? httpStatusOf(named) : 400;
      return reply.status(status).send(errorEnvelope(code, locale, { field, detail: first.message }));
    }
    if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || err.statusCode === 413) {
      // Also multipart's file, part and field limits.
      const limit = req.routeOptions.bodyLimit ?? BODY_LIMITS.anonymous;
      return reply
        .status(413)
        .send(errorEnvelope(C.BODY_TOO_LARGE, locale, { field: 'body', detail: bodyLimitText(limit) }));
    }
    if (err.statusCode === 429) {
      return reply.status(429).send(errorEnvelope(C.BUSY, locale));
    }
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      // Malformed JSON, wrong content type, empty body with a JSON content type...
      return reply.status(400).send(errorEnvelope(C.PARAM_FORMAT, locale, { field: 'body', detail: err.message }));
    }
    req.log.error({ err }, 'unexpected error');
    return reply.status(500).send(errorEnvelope(C.SYSTEM_BUSY, locale, { requestId: String(req.id) }));
  });
}

/**
 * Errors the router raises before any route or hook runs (a URL that does not decode, a path
 * parameter past its length): the envelope, like every other refusal.
 */
export function frameworkErrors(err: FastifyError, req: FastifyRequest, reply: FastifyReply): void {
  const locale = normalizeLocale(req.headers['accept-language']);
  const detail = err.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 'path segment too long' : 'malformed URL';
  const status = err.statusCode && err.statusCode < 500 ? err.statusCode : 400;
  reply.status(status).send(errorEnvelope(C.PARAM_FORMAT, locale, { field: 'path', detail }));
}
