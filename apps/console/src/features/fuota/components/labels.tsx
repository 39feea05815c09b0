import { FUOTA_DEVICE_STATE, type FuotaDeviceRow, type FuotaTaskStatus } from '@lns/contract/fuota';
import Box from '@mui/material/Box';
import Chip, { type ChipProps } from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { CaptionedProgress, clampPercent } from '../../../components/CaptionedProgress';

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
  return (
    <CaptionedProgress
      value={value}
      caption={t('percent', { value: clampPercent(value) })}
      label={t('progress')}
      testId={testId}
      minWidth={110}
      captionWidth={36}
    />
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
