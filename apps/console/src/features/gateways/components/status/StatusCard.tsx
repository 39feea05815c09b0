import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../../../lib/format';

/**
 * One section of what a gateway reports: its title, when it was reported (or `caption`), and
 * either its content or the "not reported yet" note that points at the gateway agent.
 */
export function StatusCard({
  title,
  reportedAt,
  caption,
  empty = false,
  action,
  children,
  testId,
}: {
  title: ReactNode;
  reportedAt?: number | null;
  caption?: ReactNode;
  empty?: boolean;
  action?: ReactNode;
  children?: ReactNode;
  testId?: string;
}) {
  const { t } = useTranslation('gateways');
  const note = caption ?? (reportedAt ? t('reportedAt', { time: formatTime(reportedAt) }) : null);
  return (
    <Card variant="outlined" data-testid={testId} sx={{ minWidth: 0 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', columnGap: 1, px: 2, py: 1 }}>
        <Typography variant="subtitle1" fontWeight={600} sx={{ flexGrow: 1 }}>
          {title}
        </Typography>
        {!empty && note && (
          <Typography variant="caption" color="text.secondary" data-testid={testId && `${testId}-reported`}>
            {note}
          </Typography>
        )}
        {action}
      </Box>
      <Divider />
      <CardContent sx={{ '&:last-child': { pb: 2 } }}>
        {empty ? (
          <Typography variant="body2" color="text.secondary" data-testid={testId && `${testId}-empty`}>
            {t('status.notReported')}
          </Typography>
        ) : (
          children
        )}
      </CardContent>
    </Card>
  );
}
