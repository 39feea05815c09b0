import { C } from '@lns/contract/codes';
import type { z } from 'zod';

/** A zod issue as the API reports it: 1006 when the value is empty, otherwise 1007. */
export function issueFailure(error: z.ZodError, input: unknown): { code: number; field: string; reason: string } {
  const issue = error.issues[0]!;
  const path = issue.path.map(String);
  const value = path.reduce<unknown>(
    (o, k) => (o && typeof o === 'object' ? (o as Record<string, unknown>)[k] : undefined),
    input,
  );
  const empty = value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
  return { code: empty ? C.PARAM_EMPTY : C.PARAM_FORMAT, field: path.join('.'), reason: issue.message };
}
