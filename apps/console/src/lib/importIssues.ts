import { codeText } from '@lns/contract/codes';
import { columnLabel, IMPORT_PROBLEM, type ImportIssue } from '@lns/contract/imports';
import { currentLocale, i18n } from './i18n';

const OWN = new Set<string>(Object.values(IMPORT_PROBLEM));

/**
 * One problem of an import row in the user's language: "Tx power: At most 27",
 * "Gateway ID: Gateway already exists (same as row 3)". The server sends codes and keys only.
 */
export function importIssueText(e: ImportIssue): string {
  const locale = currentLocale();
  const byCode = codeText(e.code, locale) ?? String(e.code);
  const p = e.params ?? {};
  let what: string;
  if (e.problem === IMPORT_PROBLEM.byCode) what = p.holder ? `${byCode} (${p.holder})` : byCode;
  else if (e.problem === IMPORT_PROBLEM.duplicateOfRow)
    what = `${byCode} (${i18n.t('common:import.problem.duplicateOfRow', p)})`;
  else if (OWN.has(e.problem)) what = i18n.t(`common:import.problem.${e.problem}`, p);
  else if (i18n.exists(`common:validation.${e.problem}`)) what = i18n.t(`common:validation.${e.problem}`, p);
  else what = byCode;
  const field = columnLabel(e.field, locale);
  return field ? `${field}: ${what}` : what;
}
