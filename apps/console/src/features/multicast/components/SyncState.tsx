import type { McSyncError, McSyncState } from '@lns/contract/multicast';
import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';

const COLOR: Record<McSyncState, 'default' | 'info' | 'success' | 'error' | 'warning'> = {
  manual: 'default',
  pending: 'warning',
  setup: 'info',
  session: 'info',
  joined: 'success',
  failed: 'error',
};

/** A member's setup state, with the reason when it failed. */
export function SyncChip({ state, error }: { state: McSyncState; error: McSyncError | null }) {
  const { t } = useTranslation('multicast');
  const label = error ? `${t(`sync.${state}`)} · ${t(`syncError.${error}`)}` : t(`sync.${state}`);
  return <Chip size="small" color={COLOR[state]} label={label} data-testid={`sync-${state}`} />;
}

/** Whether every member of a group joined; "—" without remote setup (the server cannot know). */
export function JoinedChip({ joined }: { joined: boolean | null }) {
  const { t } = useTranslation('multicast');
  if (joined === null) return <>—</>;
  return <Chip size="small" color={joined ? 'success' : 'default'} label={joined ? t('common:yes') : t('common:no')} />;
}
