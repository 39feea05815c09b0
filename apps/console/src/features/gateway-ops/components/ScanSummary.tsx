import type { ScanRecord } from '@lns/contract/gateway-commands';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../../lib/format';
import { mhzText } from '../scanDefaults';
import { StateChip } from './StateChip';

/** The drawn scan in a line: when, which band at which step, who, its state; why it failed if it did. */
export function ScanSummary({ scan }: { scan: ScanRecord }) {
  const { t } = useTranslation('gatewayOps');
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }} data-testid="scan-summary">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <StateChip state={scan.state} />
        <Typography variant="body2">
          {t('scan.summary', {
            time: formatTime(scan.createdAt),
            min: mhzText(scan.frequencyMin),
            max: mhzText(scan.frequencyMax),
            step: mhzText(scan.frequencyStep),
            user: scan.userName,
          })}
        </Typography>
      </Box>
      {scan.error && (
        <Alert severity="error" sx={{ overflowWrap: 'anywhere' }} data-testid="scan-failed">
          {t('scan.failed', { error: scan.error })}
        </Alert>
      )}
    </Box>
  );
}
