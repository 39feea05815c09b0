import { C, type Code, codeText, httpStatusOf, type Locale } from '@lns/contract/codes';
import type { Envelope } from '@lns/contract/envelope';

/** A refusal with a code from the contract's table; the error handler turns it into the envelope. */
export class ApiError extends Error {
  constructor(
    readonly code: Code,
    readonly detail?: string,
    readonly field?: string,
    readonly status = httpStatusOf(code),
  ) {
    super(detail ?? `code ${code}`);
  }
}

export const fieldError = (field: string, detail: string, code: Code = C.PARAM_FORMAT) =>
  new ApiError(code, detail, field);

/** The envelope for a code in the caller's language: "<code text>: <field> (<detail>)". */
export function errorEnvelope(
  code: number,
  locale: Locale,
  opts: { detail?: string; field?: string; requestId?: string } = {},
): Envelope {
  const text = codeText(code, locale) ?? 'error';
  const where = [opts.field, opts.detail && `(${opts.detail})`].filter(Boolean).join(' ');
  const msg = where ? `${text}: ${where}` : text;
  const env: Envelope = { code, msg };
  if (opts.field) env.field = opts.field;
  if (opts.requestId) env.requestId = opts.requestId;
  return env;
}
