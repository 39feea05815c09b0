import { C } from '@lns/contract/codes';
import { IMPORT_PROBLEM, type ImportIssue } from '@lns/contract/imports';
import { validationKey } from '@lns/contract/validation';
import type { z } from 'zod';

const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** The problem key and parameters of one zod issue: the contract's message key, else the issue's kind with its bound. */
function problemOf(issue: z.core.$ZodIssue, value: unknown): Pick<ImportIssue, 'problem' | 'params'> {
  const key = validationKey(issue.message);
  if (key) return { problem: key };
  if (blank(value)) return { problem: 'required' };
  const kind = (origin: string, unit: 'Value' | 'Length' | 'Items') =>
    origin === 'string' ? 'Length' : origin === 'array' ? 'Items' : unit;
  switch (issue.code) {
    case 'too_big':
      return { problem: `max${kind(issue.origin, 'Value')}`, params: { max: Number(issue.maximum) } };
    case 'too_small':
      return { problem: `min${kind(issue.origin, 'Value')}`, params: { min: Number(issue.minimum) } };
    case 'invalid_type':
      return { problem: issue.expected === 'number' || issue.expected === 'int' ? 'number' : 'format' };
    case 'invalid_value':
      return { problem: IMPORT_PROBLEM.oneOf, params: { allowed: issue.values.map(String).join(', ') } };
    default:
      return { problem: 'format' };
  }
}

/**
 * Every failing field of a row as import problems, the first issue of each field only (one
 * column, one message); `column` names the template column of a schema field.
 */
export function zodIssues(
  error: z.ZodError,
  input: Record<string, unknown>,
  column: (field: string) => string = (f) => f,
): ImportIssue[] {
  const seen = new Set<string>();
  const out: ImportIssue[] = [];
  for (const issue of error.issues) {
    const field = issue.path.map(String).join('.');
    if (seen.has(field)) continue;
    seen.add(field);
    const value = input[String(issue.path[0] ?? '')];
    out.push({
      code: blank(value) ? C.PARAM_EMPTY : C.PARAM_FORMAT,
      ...(field ? { field: column(field) } : {}),
      ...problemOf(issue, value),
    });
  }
  return out;
}

/** A domain refusal as an import problem: the contract's message key when it is one, else the code's own words. */
export function codedIssue(code: number, field: string | undefined, reason?: string): ImportIssue {
  const key = reason ? validationKey(reason) : undefined;
  return { code, ...(field ? { field } : {}), problem: key ?? IMPORT_PROBLEM.byCode };
}

/** The same value in an earlier row. */
export const duplicateIssue = (code: number, field: string, row: number): ImportIssue => ({
  code,
  field,
  problem: IMPORT_PROBLEM.duplicateOfRow,
  params: { row },
});
