import { validationKey } from '@lns/contract/validation';
import { i18n } from './i18n';

/**
 * What the user reads when the server refuses something, always in the console's own words
 * (common:codes, common:fields, common:validation): the server's `msg` is in the language the
 * request asked for and may carry raw field names, so it is only mined for a contract message.
 */

/** The text of a response code in the current language (an unknown code says which it is). */
export function codeMessage(code: number): string {
  const key = `common:codes.${code}`;
  return i18n.exists(key) ? i18n.t(key) : i18n.t('common:codes.unknown', { code });
}

/** The label of a field the server named ("devices.3.devEUI" → DevEUI); undefined when we have none. */
export function fieldLabel(path: string | undefined): string | undefined {
  const name = path
    ?.split('.')
    .filter((part) => part !== '' && !/^\d+$/.test(part))
    .at(-1);
  const key = `common:fields.${name}`;
  return name && i18n.exists(key) ? i18n.t(key) : undefined;
}

/** The detail in a server message ("<text>: <field> (<detail>)") when it is one of the contract's checks. */
function detailText(msg: string | undefined): string | undefined {
  const detail = /\(([^()]*)\)$/.exec(msg ?? '')?.[1];
  const key = detail ? validationKey(detail) : undefined;
  return key ? i18n.t(`common:validation.${key}`) : undefined;
}

export interface Refusal {
  code: number;
  /** The refused request field, if the server named one. */
  field?: string;
  /** The server's message: only a contract check's detail is taken from it. */
  msg?: string;
}

/** The code's text, then the field's label (unless the text names it) and a known detail when there are. */
export function refusalText(r: Refusal): string {
  let text = codeMessage(r.code);
  const field = fieldLabel(r.field);
  // "Gateway ID already exists" needs no ": Gateway ID".
  if (field && !text.includes(field)) text = i18n.t('common:refusal.field', { text, field });
  const detail = detailText(r.msg);
  if (detail) text = i18n.t('common:refusal.detail', { text, detail });
  return text;
}
