import { codeText, httpStatusOf } from '@lns/contract/codes';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { RowsError } from '../../gateways/service';
import { errorEnvelope } from '../errors';

/** A batch refused as a whole: the envelope of the first problem plus every row's problem in `data.errors`. */
export function sendRowsError(req: FastifyRequest, reply: FastifyReply, err: RowsError) {
  const first = err.rows[0];
  const env = errorEnvelope(err.code, req.locale, { field: first?.field, detail: first?.detail });
  const errors = err.rows.map(({ detail, ...r }) => {
    const text = codeText(r.code, req.locale) ?? String(r.code);
    return { ...r, msg: detail ? `${text} (${detail})` : text };
  });
  return reply.status(httpStatusOf(err.code)).send({ ...env, data: { errors } });
}

/** Runs a batch handler, answering RowsError with its per-row detail. */
export async function withRows<T>(req: FastifyRequest, reply: FastifyReply, fn: () => Promise<T>) {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof RowsError) return sendRowsError(req, reply, err);
    throw err;
  }
}
