import Alert from '@mui/material/Alert';
import { useTranslation } from 'react-i18next';

/**
 * A failed read of the page, in place of its content: the calls are silent (no toast per poll),
 * so the page says what the server answered (its code's text, or "server error") where the data
 * would be.
 */
export function CallError({ error, testId }: { error: Error | null; testId?: string }) {
  const { t } = useTranslation('relay');
  if (!error) return null;
  return (
    <Alert severity="warning" data-testid={testId ?? 'relay-call-error'}>
      {t('callFailed', { reason: error.message })}
    </Alert>
  );
}
