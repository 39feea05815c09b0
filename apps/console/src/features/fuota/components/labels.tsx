import { FUOTA_DEVICE_STATE, type FuotaDeviceRow, type FuotaTaskStatus } from '@lns/contract/fuota';
import Box from '@mui/material/Box';
import Chip, { type ChipProps } from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

const STATUS_COLOR: Record<FuotaTaskStatus, ChipProps['color']> = {
  waiting: 'default',
  upgrading: 'info',
  completed: 'success',
  abnormal: 'error',
};

/** A task's status: waiting to start, upgrading, completed, abnormal. */
export function StatusChip({ status }: { status: FuotaTaskStatus }) {
  const { t } = useTranslation('fuota');
  return (
    <Chip
      size="small"
      color={STATUS_COLOR[status]}
      label={t(`statusName.${status}`)}
      data-testid={`status-${status}`}
    />
  );
}

/** Transfer progress 0–100 %: a bar and its figure. */
export function ProgressBar({ value, testId }: { value: number; testId?: string }) {
  const { t } = useTranslation('fuota');
  const v = Math.max(0, Math.min(100, value));
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 110 }}>
      <LinearProgress
        variant="determinate"
        value={v}
        sx={{ flexGrow: 1, height: 6, borderRadius: 3 }}
        aria-label={t('progress')}
        data-testid={testId}
      />
      <Typography variant="caption" sx={{ minWidth: 36, textAlign: 'right', whiteSpace: 'nowrap' }}>
        {t('percent', { value: v })}
      </Typography>
    </Box>
  );
}

/** A group or device as lists show it: its name, the EUI (AA-BB-..) below. */
export function NameCell({ name, eui }: { name?: string; eui: string }) {
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column' }}>
      {name && <span>{name}</span>}
      <Typography variant="caption" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
        {eui}
      </Typography>
    </Box>
  );
}

/** A device's state as a chip: done green, an error red, on its way blue. */
export function DeviceStateChip({ row }: { row: Pick<FuotaDeviceRow, 'state' | 'error_message'> }) {
  const { t } = useTranslation('fuota');
  const color = row.error_message ? 'error' : row.state === FUOTA_DEVICE_STATE.DONE ? 'success' : 'info';
  return <Chip size="small" variant="outlined" color={color} label={t(`deviceState.${row.state}`)} />;
}
