/**
 * The one serializer for errors in the log. A failed query carries the statement's parameters
 * (device keys, MQTT passwords) in several places: Drizzle puts them in its message and `params`,
 * PGlite's error repeats `query` and `params`, and PostgreSQL's `detail` quotes the row or key
 * ("Key (app_key)=(…) already exists"). Database errors are therefore logged by a whitelist of
 * their fields, and every other error without those fields; causes are followed.
 */

import { isDatabaseError } from '../db/errors';

/** What a PostgreSQL error may show: codes and names, never values. */
const DATABASE_FIELDS = ['code', 'severity', 'constraint', 'table', 'column', 'schema', 'routine'] as const;
/** Fields that may hold query parameters or row values, dropped from any error. */
const VALUE_FIELDS = new Set(['params', 'parameters', 'query', 'queryOptions', 'detail', 'where', 'internalQuery']);
const MAX_CAUSES = 5;

type Obj = Record<string, unknown>;

/** Drizzle's wrapper: its message is "Failed query: <sql>\nparams: <values>". */
const isQueryError = (e: Obj) => 'params' in e && 'query' in e && e.cause !== undefined;

/** The call frames of a stack, without its first line(s): the message, which may hold values. */
const framesOf = (stack: unknown) =>
  typeof stack === 'string'
    ? stack
        .split('\n')
        .filter((l) => l.startsWith('    at '))
        .join('\n')
    : undefined;

export type SafeError = { type: string; message: string; stack: string; [key: string]: unknown };

/** pino's `err` serializer: used for every `log.*({ err })` and every error logged by Fastify. */
export const safeError = (err: Error): SafeError => sanitize(err, 0) as SafeError;

function sanitize(err: unknown, depth: number): unknown {
  if (!err || typeof err !== 'object') return err;
  const e = err as Obj;
  const type = (err as object).constructor?.name ?? 'Error';
  const out: Obj = { type };
  if (isQueryError(e)) {
    out.message = 'Failed query';
  } else if (isDatabaseError(e)) {
    out.message = e.message;
    for (const k of DATABASE_FIELDS) if (e[k] !== undefined && e[k] !== '') out[k] = e[k];
  } else {
    out.message = e.message;
    for (const [k, v] of Object.entries(e)) {
      if (k === 'cause' || VALUE_FIELDS.has(k) || k in out) continue;
      if (v === null || ['string', 'number', 'boolean'].includes(typeof v)) out[k] = v;
    }
  }
  out.stack = isQueryError(e) || isDatabaseError(e) ? framesOf(e.stack) : e.stack;
  if (e.cause !== undefined && depth < MAX_CAUSES) out.cause = sanitize(e.cause, depth + 1);
  return out;
}
