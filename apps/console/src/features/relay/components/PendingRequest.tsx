import type { RelayRequestRow } from '@lns/contract/relay-api';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../../lib/format';
import { RequestStateChip } from '../labels';

/** The configuration request not answered yet: in effect only once the device confirms it. */
export function PendingRequest({ pending }: { pending: RelayRequestRow | null }) {
  const { t } = useTranslation('relay');
  if (!pending) return null;
  return (
    <Alert severity="info" data-testid="config-pending" sx={{ '& .MuiAlert-message': { minWidth: 0 } }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        {pending.attempts > 0
          ? t('pending', { time: formatTime(pending.createtime), count: pending.attempts })
          : t('pendingQueued', { time: formatTime(pending.createtime) })}
        <RequestStateChip state={pending.state} result={pending.result} />
      </Box>
    </Alert>
  );
}
