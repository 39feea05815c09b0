import type { CommandState } from '@lns/contract/gateway-commands';
import Chip, { type ChipProps } from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';

const STATE_COLOR: Record<CommandState, ChipProps['color']> = {
  running: 'info',
  done: 'success',
  skipped: 'default',
  error: 'error',
  timeout: 'warning',
};

/** A command record's or a scan's state, in words. */
export function StateChip({ state }: { state: CommandState }) {
  const { t } = useTranslation('gatewayOps');
  return <Chip size="small" color={STATE_COLOR[state]} label={t(`state.${state}`)} data-testid={`state-${state}`} />;
}
