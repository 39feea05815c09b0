import { C, isCode } from '@lns/contract/codes';
import type { Case } from './cases';

/** Fields checked against each other: a bad start time may be reported as the end time's fault. */
const PAIRS: Record<string, string> = { startTime: 'endTime', endTime: 'startTime' };

/** The refused field names the hostile field, a part of it, the object holding it or its pair. */
const related = (answered: string, sent: string) =>
  answered === sent || sent.startsWith(`${answered}.`) || answered.startsWith(`${sent}.`) || PAIRS[sent] === answered;

/**
 * What is wrong with an answer to a hostile request, or undefined when it is acceptable: never a
 * 5xx; a 4xx is the envelope with a known code and a message; a validation refusal of a field
 * names that field (or one the valid request already failed on).
 */
export function problemWith(
  c: Case,
  res: { statusCode: number; body: string },
  validFault?: string,
): string | undefined {
  const brief = () => `${c.id} -> ${res.statusCode} ${res.body.slice(0, 200)}`;
  if (res.statusCode >= 500) return brief();
  if (res.statusCode < 400) return undefined;
  let body: { code?: unknown; msg?: unknown; field?: unknown };
  try {
    body = JSON.parse(res.body);
  } catch {
    return `${brief()} (not the JSON envelope)`;
  }
  if (typeof body.code !== 'number' || body.code === 0 || !isCode(body.code)) return `${brief()} (no code)`;
  if (typeof body.msg !== 'string' || body.msg === '') return `${brief()} (no msg)`;
  const validation = body.code === C.PARAM_EMPTY || body.code === C.PARAM_FORMAT;
  if (!c.field || !validation) return undefined;
  if (typeof body.field !== 'string') return `${brief()} (no field named)`;
  if (!body.msg.includes(body.field)) return `${brief()} (msg does not name the field)`;
  if (!related(body.field, c.field) && body.field !== validFault) return `${brief()} (names another field)`;
  return undefined;
}
