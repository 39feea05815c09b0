import { codeText, type Locale } from '@lns/contract/codes';
import type { Envelope } from '@lns/contract/envelope';

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
