import { PUSH_HEADER_FORBIDDEN_MSG } from '@lns/contract/applications';
import { codeText } from '@lns/contract/codes';
import { passwordCodeOfMessage } from '@lns/contract/password-policy';
import type { FieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { currentLocale } from './i18n';

/** Contract messages (packages/contract) → common:validation keys. */
const MESSAGES: Record<string, string> = {
  'user name cannot be empty': 'userNameRequired',
  'password cannot be empty': 'passwordRequired',
  'only letters, digits, _ - . @': 'nameChars',
  [PUSH_HEADER_FORBIDDEN_MSG]: 'headerForbidden',
};

/**
 * Translated text for a form error from zodResolver(contract schema): known contract messages,
 * the password policy's messages (as their response code's text), then zod issue kinds (too_small/too_big/invalid_format/...), then the raw message.
 */
export function useFieldError() {
  const { t } = useTranslation('common');
  return (err: FieldError | undefined): string => {
    if (!err) return '';
    const msg = err.message ?? '';
    if (MESSAGES[msg]) return t(`validation.${MESSAGES[msg]}`);
    const policy = passwordCodeOfMessage(msg);
    if (policy) return codeText(policy, currentLocale()) ?? msg;
    if (msg.startsWith('validation.')) return t(msg);
    const max = /<=\s*(\d+)|at most (\d+)/i.exec(msg);
    const min = />=\s*(\d+)|at least (\d+)/i.exec(msg);
    const hex = /must be (\d+) hex digits/.exec(msg);
    if (hex) return t('validation.hexLength', { n: hex[1] });
    switch (err.type) {
      case 'too_small':
        return min && Number(min[1] ?? min[2]) > 1
          ? t('validation.minLength', { min: min[1] ?? min[2] })
          : t('validation.required');
      case 'too_big':
        return t('validation.maxLength', { max: max?.[1] ?? max?.[2] ?? '' });
      case 'invalid_type':
        return t('validation.required');
      case 'invalid_format':
      case 'invalid_string':
      case 'custom':
        return t('validation.format');
      default:
        return msg || t('validation.format');
    }
  };
}
