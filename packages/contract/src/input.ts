/**
 * Building blocks every request schema uses for strings and integers, so one rule holds for all
 * fields: text never carries NUL or an unpaired UTF-16 surrogate (PostgreSQL cannot store the
 * first, and the second is not Unicode), and integers fit the database column they end up in.
 */
import { z } from 'zod';
import { V } from './validation';

/** PostgreSQL `integer` (int4): serial ids, counts and small settings. */
export const INT4_MIN = -2_147_483_648;
export const INT4_MAX = 2_147_483_647;

export const TEXT_MESSAGE = V.cleanText;

/** True when `s` has no NUL and every surrogate is half of a pair. */
export function isCleanText(s: string): boolean {
  // Either a NUL, a high surrogate not followed by a low one, or a low one not preceded by a high one.
  return !/\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(s);
}

/** A request string: refuses NUL and unpaired surrogates; chain trim/min/max/regex as usual. */
export const text = (params?: Parameters<typeof z.string>[0]) => z.string(params).refine(isCleanText, TEXT_MESSAGE);

/** Record option: a refused key carries the key schema's own message (zod's is only "Invalid key in record"). */
export const ownKeyMessage = {
  error: (iss: z.core.$ZodRawIssue) => (iss.code === 'invalid_key' ? iss.issues[0]?.message : undefined),
};

/** A positive id of a `serial` (int4) column, in a JSON body. */
export const id = () => z.int().min(1).max(INT4_MAX);

/** A positive int4 id in a query string (arrives as text). */
export const queryId = () => z.coerce.number().int().min(1).max(INT4_MAX);

/** Any value of an int4 column. */
export const int4 = () => z.int().min(INT4_MIN).max(INT4_MAX);
