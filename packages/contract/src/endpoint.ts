import { z } from 'zod';
import type { Method } from './route';

export { API_DOCS, API_ROOT, fillPath, isApiPath, type Method, type Route } from './route';

/**
 * One HTTP endpoint of the API, declared once: the server registers its route from it, the
 * console calls it through its typed client, and /api/docs is generated from it.
 */
export type Access = 'public' | 'user' | 'admin';

export interface EndpointDef {
  method: Method;
  /** `:name` segments are path parameters, declared in `params`. */
  path: `/api/${string}`;
  /** public: no token; user: any signed-in user; admin: refused with 1010 for others. */
  access: Access;
  summary: string;
  /** Groups in /api/docs. */
  tags: readonly string[];
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** multipart/form-data with one file (the fields arrive as form fields, not JSON). */
  multipart?: true;
  /** Larger request bodies than the server's default (bytes). */
  bodyLimit?: number;
  /** The 200 answer: an envelope schema, or 'file' for a download. */
  response: z.ZodType | 'file';
  /** `data` of a refusal that carries details (per-row or per-item errors of a batch). */
  refusal?: z.ZodType;
}

export const endpoint = <const E extends EndpointDef>(e: E): E => e;

/** The envelope of a call that answers no data. */
export const okEnvelope = z.object({ code: z.number(), msg: z.string().optional() });

// Optional keys are taken from the schema's input (defaults, optional()), value types from its
// output: zod 4 types coerced and preprocessed fields as `unknown` on input.
type OptionalKeys<T> = { [K in keyof T]-?: object extends Pick<T, K> ? K : never }[keyof T];
type Simplify<T> = { [K in keyof T]: T[K] } & {};
type ArgsOf<In, Out> = In extends object
  ? Out extends object
    ? Simplify<
        { [K in keyof Out as K extends OptionalKeys<In> ? never : K]: Out[K] } & {
          [K in keyof Out as K extends OptionalKeys<In> ? K : never]?: Out[K];
        }
      >
    : Out
  : Out;

/** What a caller sends: the schema's output type, with the keys the schema lets one omit optional. */
export type Args<S> = S extends z.ZodType ? ArgsOf<z.input<S>, z.output<S>> : undefined;
export type ParamsOf<E extends EndpointDef> = E extends { params: infer P } ? Args<P> : undefined;
export type QueryOf<E extends EndpointDef> = E extends { query: infer Q } ? Args<Q> : undefined;
export type BodyOf<E extends EndpointDef> = E extends { body: infer B } ? Args<B> : undefined;
/** The parsed 200 envelope. */
export type ResponseOf<E extends EndpointDef> = E['response'] extends z.ZodType ? z.output<E['response']> : Blob;
/** `data` of the envelope. */
export type DataOf<E extends EndpointDef> = ResponseOf<E> extends { data?: infer D } ? D : undefined;
/** `data` of a refusal, when the endpoint declares one. */
export type RefusalOf<E extends EndpointDef> = E extends { refusal: infer R extends z.ZodType }
  ? z.output<R>
  : undefined;
/** The row type of a list endpoint. */
export type RowOf<E extends EndpointDef> = DataOf<E> extends (infer R)[] ? R : never;

type QueryOrBody<E extends EndpointDef> = E['method'] extends 'GET' ? QueryOf<E> : BodyOf<E>;
/** What a client passes: GET endpoints their query, the others their body; path parameters come along with either. */
export type InputOf<E extends EndpointDef> = E extends { params: unknown }
  ? ParamsOf<E> & (QueryOrBody<E> extends undefined ? unknown : QueryOrBody<E>)
  : QueryOrBody<E>;
