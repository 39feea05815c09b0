import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import type { OpError } from '../commandError';

/** A refusal in its code's words; the gateway's own message (12002) on a line of its own. */
export function OpErrorAlert({ error, testId = 'op-error' }: { error: OpError; testId?: string }) {
  const { t } = useTranslation('gatewayOps');
  return (
    <Alert severity={error.benign ? 'info' : 'error'} data-testid={testId} sx={{ overflowWrap: 'anywhere' }}>
      <Box>{error.text}</Box>
      {error.gatewayMessage && (
        <Box data-testid={`${testId}-gateway`}>{t('result.gatewaySaid', { message: error.gatewayMessage })}</Box>
      )}
    </Alert>
  );
}
