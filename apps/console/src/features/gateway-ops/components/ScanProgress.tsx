import type { ScanRecord } from '@lns/contract/gateway-commands';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { mhzText } from '../scanDefaults';

/** The running scan: its band and how far it got. */
export function ScanProgress({ scan }: { scan: ScanRecord }) {
  const { t } = useTranslation('gatewayOps');
  const value = Math.max(0, Math.min(100, scan.progress));
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 0.5 }} data-testid="scan-progress">
      <Typography variant="body2">
        {t('scan.running', { min: mhzText(scan.frequencyMin), max: mhzText(scan.frequencyMax), progress: value })}
      </Typography>
      <LinearProgress variant="determinate" value={value} aria-label={t('scan.progress')} />
    </Box>
  );
}
