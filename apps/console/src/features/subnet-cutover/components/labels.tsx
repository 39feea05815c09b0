import Chip, { type ChipProps } from '@mui/material/Chip';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';

const COLOR: Record<number, ChipProps['color']> = {
  1: 'default',
  2: 'info',
  3: 'primary',
  4: 'success',
  5: 'warning',
  6: 'error',
};

/** A task's or member's status in words (1 waiting … 6 failed); gateways say 2 and 4 their own way. */
export function StatusChip({ status, gateway = false }: { status: number; gateway?: boolean }) {
  const { t } = useTranslation('subnetCutover');
  return (
    <Chip
      size="small"
      variant={gateway ? 'outlined' : 'filled'}
      color={COLOR[status] ?? 'default'}
      label={statusText(t, status, gateway)}
      data-testid={`cutover-status-${status}`}
    />
  );
}

export function statusText(t: TFunction, status: number, gateway = false): string {
  const key = gateway && (status === 2 || status === 4) ? `gwStatus.${status}` : `status.${status}`;
  return t(`subnetCutover:${key}`, { defaultValue: String(status) });
}

/** What a device's last request asked, in words. */
export const phaseText = (t: TFunction, phase: number) =>
  t(`subnetCutover:phase.${phase}`, { defaultValue: String(phase) });
