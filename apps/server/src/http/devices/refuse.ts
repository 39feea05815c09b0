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
