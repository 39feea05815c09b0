import type { Code } from '@lns/contract/codes';
import { httpStatusOf } from '@lns/contract/codes';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { errorEnvelope } from '../errors';

/**
 * A refused batch (all or nothing): the coded envelope plus `data` listing each refused item,
 * which DomainError cannot carry.
 */
export function refuseBatch(
  req: FastifyRequest,
  reply: FastifyReply,
  code: Code,
  data: unknown,
  detail?: string,
  field?: string,
) {
  return reply.status(httpStatusOf(code)).send({ ...errorEnvelope(code, req.locale, { detail, field }), data });
}

/** PostgreSQL unique violation, with the index it hit. */
export function uniqueViolation(err: unknown): string | undefined {
  let e = err as { code?: string; constraint?: string; cause?: unknown } | undefined;
  for (let i = 0; e && i < 3; i++, e = e.cause as typeof e) {
    if (e.code === '23505') return e.constraint ?? '';
  }
  return undefined;
}
