import { formatHex } from '@lns/contract/hex';
import {
  type GatewayUpgradeState,
  INSTALL_STATUSES,
  type UpgradeKind,
  type UpgradeTaskState,
  upgradeKindOf,
} from '@lns/contract/upgrades';
import Box from '@mui/material/Box';
import Chip, { type ChipProps } from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { CaptionedProgress } from '../../../components/CaptionedProgress';

const TASK_COLOR: Record<UpgradeTaskState, ChipProps['color']> = {
  waiting: 'default',
  upgrading: 'info',
  completed: 'success',
  abnormal: 'error',
};

/** A task's state: waiting, upgrading, completed, abnormal. */
export function TaskStateChip({ state }: { state: UpgradeTaskState }) {
  const { t } = useTranslation('upgrades');
  return (
    <Chip size="small" color={TASK_COLOR[state]} label={t(`taskState.${state}`)} data-testid={`task-state-${state}`} />
  );
}

const RECORD_COLOR: Record<GatewayUpgradeState, ChipProps['color']> = {
  waiting: 'default',
  upgrading: 'info',
  retry: 'warning',
  sdkDownloading: 'info',
  rebooting: 'info',
  completed: 'success',
  skipped: 'default',
  error: 'error',
};

/** A gateway's upgrade state within its task. */
export function RecordStateChip({ state }: { state: GatewayUpgradeState }) {
  const { t } = useTranslation('upgrades');
  return (
    <Chip
      size="small"
      variant="outlined"
      color={RECORD_COLOR[state]}
      label={t(`state.${state}`)}
      data-testid={`record-state-${state}`}
    />
  );
}

/** The agent's install status in words (INSTALL_STATUS), an unknown number as such. */
export function installStatusText(t: TFunction, installStatus: number): string {
  return (INSTALL_STATUSES as number[]).includes(installStatus)
    ? t(`upgrades:installStatus.${installStatus}`)
    : t('upgrades:installStatus.unknown', { value: installStatus });
}

/** The kind of an upgrade type number, in words ('—' for a number the contract does not know). */
export function kindText(t: TFunction, upgradeType: number): string {
  const kind: UpgradeKind | undefined = upgradeKindOf(upgradeType);
  return kind ? t(`upgrades:kind.${kind}`) : '—';
}

/** A bar and a caption: "3 / 10" for counts, "40 %" for a percentage. */
export function ProgressCell({ value, caption, testId }: { value: number; caption: string; testId?: string }) {
  const { t } = useTranslation('upgrades');
  return (
    <CaptionedProgress
      value={value}
      caption={caption}
      label={t('field.progress')}
      testId={testId}
      minWidth={120}
      captionWidth={40}
    />
  );
}

/** A gateway as the record lists show it: its name, the EUI (AA-BB-..) below. */
export function GatewayCell({ name, id }: { name: string; id: string }) {
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column' }}>
      {name && <span>{name}</span>}
      <Typography variant="caption" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
        {formatHex(id)}
      </Typography>
    </Box>
  );
}
