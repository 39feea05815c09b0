import type { EndpointDef } from '@lns/contract/endpoint';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { App } from './types';

type Parsed<S> = S extends z.ZodType ? z.output<S> : unknown;
/** What the handler may answer: the envelope before serialisation, or the reply it sent itself. */
type Answer<E extends EndpointDef> = E['response'] extends z.ZodType ? z.input<E['response']> : unknown;

export type EndpointRequest<E extends EndpointDef> = FastifyRequest<{
  Params: Parsed<E['params']>;
  Querystring: Parsed<E['query']>;
  Body: Parsed<E['body']>;
}>;
export type EndpointHandler<E extends EndpointDef> = (
  req: EndpointRequest<E>,
  reply: FastifyReply,
) => Promise<Answer<E> | FastifyReply> | Answer<E> | FastifyReply;

/**
 * Registers the route of a contract endpoint: method, path, access, body limit and the
 * schemas (validation, serialisation and /api/docs) all come from the declaration.
 */
export function route<E extends EndpointDef>(
  app: App,
  e: E,
  handler: EndpointHandler<E>,
  /** A body limit from the configuration, over the declaration's. */
  opts: { bodyLimit?: number } = {},
): void {
  // Keys left out rather than undefined: Fastify warns about schema keys without a schema.
  const schema = {
    tags: [...e.tags],
    summary: e.summary,
    ...(e.params && { params: e.params }),
    ...(e.query && { querystring: e.query }),
    ...(e.body && !e.multipart && { body: e.body }),
    ...(e.multipart && { consumes: ['multipart/form-data'] }),
    ...(e.response !== 'file' && { response: { 200: e.response } }),
  };
  app.route({
    method: e.method,
    url: e.path,
    ...((opts.bodyLimit ?? e.bodyLimit) && { bodyLimit: opts.bodyLimit ?? e.bodyLimit }),
    config: { access: e.access },
    schema,
    handler: handler as never,
  });
}
