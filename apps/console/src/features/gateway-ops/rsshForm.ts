import { type RsshExtra, rsshExtra } from '@lns/contract/gateway-commands';
import { zodIssueText } from '../../lib/form/messages';
import { i18n } from '../../lib/i18n';

export const RSSH_FIELDS = ['host', 'port', 'user', 'remotePort'] as const;
export type RsshField = (typeof RSSH_FIELDS)[number];
export type RsshValues = Record<RsshField, string>;
export const EMPTY_RSSH: RsshValues = { host: '', port: '', user: '', remotePort: '' };

/** The contract's own format checks (a host, a Unix user) in the console's words. */
const FORMAT_KEY: Partial<Record<RsshField, string>> = {
  host: 'gatewayOps:validation.host',
  user: 'gatewayOps:validation.user',
};

/**
 * The reverse tunnel's `extra` from the form: empty fields are left out (the server fills them from
 * its RSSH_* settings); the contract's rules, each message translated.
 */
export function rsshCheck(values: RsshValues): { extra?: RsshExtra; errors: Partial<Record<RsshField, string>> } {
  const given = Object.fromEntries(
    RSSH_FIELDS.filter((f) => values[f].trim() !== '').map((f) => [f, values[f].trim()]),
  );
  const parsed = rsshExtra.safeParse(given, { error: zodIssueText });
  if (parsed.success) return { extra: parsed.data, errors: {} };
  const errors: Partial<Record<RsshField, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as RsshField;
    const key = issue.code === 'invalid_format' ? FORMAT_KEY[field] : undefined;
    errors[field] ??= key ? i18n.t(key) : issue.message;
  }
  return { errors };
}
