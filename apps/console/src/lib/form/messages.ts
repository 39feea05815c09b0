import { type ValidationKey, validationKey } from '@lns/contract/validation';
import { z } from 'zod';
import { i18n } from '../i18n';
import { codeMessage } from '../refusal';

/**
 * How a form's messages are translated, all by key into common:validation:
 * - the contract's own messages (its `V` table) by their key;
 * - the password policy's messages by the response code their issue carries;
 * - zod's issue kinds, for checks the contract gave no message, by kind with their bounds
 *   (`zodIssueText`, the resolver's error map);
 * - the console's own checks by the key they name (`consoleCheck`).
 */
type Params = Record<string, string | number>;
const text = (key: string, params?: Params) => i18n.t(`common:validation.${key}`, params);

/** The console's words for a contract message key. */
export const validationText = (key: ValidationKey): string => text(key);

/** Zod params for a console-side check whose message is common:validation.<key>. */
export const consoleCheck = (key: string) => ({ error: () => text(key) });

const blank = (v: unknown) =>
  v === undefined || v === null || (typeof v === 'string' && v.trim() === '') || (Array.isArray(v) && v.length === 0);

/** Both bounds of a number schema when they are real limits (not the safe-integer range of `.int()`). */
function numberRange(schema: unknown): { min: number; max: number } | undefined {
  if (!(schema instanceof z.ZodNumber)) return undefined;
  const { minValue: min, maxValue: max } = schema;
  const real = (n: number | null): n is number => n !== null && Math.abs(n) < Number.MAX_SAFE_INTEGER;
  return real(min) && real(max) ? { min, max } : undefined;
}

const NUMERIC = new Set(['number', 'int', 'bigint']);

/** Error map for zod's own issue kinds: translated text (only called where the contract gave no message). */
export function zodIssueText(iss: z.core.$ZodRawIssue): string {
  if (blank(iss.input)) return text('required');
  const range = numberRange(iss.schema ?? iss.inst);
  switch (iss.code) {
    case 'too_big':
      if (range && NUMERIC.has(iss.origin)) return text('range', range);
      if (iss.origin === 'string') return text('maxLength', { max: Number(iss.maximum) });
      if (iss.origin === 'array') return text('maxItems', { max: Number(iss.maximum) });
      return text('maxValue', { max: Number(iss.maximum) });
    case 'too_small':
      if (range && NUMERIC.has(iss.origin)) return text('range', range);
      if (iss.origin === 'string') return text('minLength', { min: Number(iss.minimum) });
      if (iss.origin === 'array') return text('minItems', { min: Number(iss.minimum) });
      return text('minValue', { min: Number(iss.minimum) });
    case 'invalid_type':
      if (range) return text('range', range);
      return iss.expected === 'number' || iss.expected === 'int' ? text('number') : text('format');
    default:
      return text('format');
  }
}

/**
 * The text a form shows for a zod issue: the password policy's by its response code, contract
 * messages by their key, anything else (translated by the error map already) as it is.
 */
export function issueText(issue: z.core.$ZodIssue): string {
  const code = issue.code === 'custom' ? issue.params?.code : undefined;
  if (typeof code === 'number') return codeMessage(code);
  return contractText(issue.message);
}

/** A contract message's text (an API error's detail, a batch row's reason) by its key; else as it is. */
export function contractText(message: string): string {
  const key = validationKey(message);
  return key ? validationText(key) : message;
}
