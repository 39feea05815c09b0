import { systemApi } from '@lns/contract/api/system';
import { CONSOLE_VERSION } from '@lns/contract/limits';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { AppDialog } from '../../components/AppDialog';
import { StatusList } from '../../components/StatusList';
import { api } from '../../lib/api';
import { formatTime } from '../../lib/format';

/** Admins: front-end version, commit and build time; the back-end's from the server. */
export default function VersionDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('layout');
  const q = useQuery({
    queryKey: ['version'],
    queryFn: () => api.data(systemApi.version, undefined),
    enabled: open,
  });
  return (
    <AppDialog open={open} onClose={onClose} title={t('version.title')} maxWidth="xs">
      <StatusList
        items={[
          { label: t('version.console'), value: CONSOLE_VERSION },
          { label: t('version.consoleCommit'), value: __CONSOLE_COMMIT__ },
          { label: t('version.consoleBuild'), value: formatTime(__CONSOLE_BUILD_TIME__) },
          { label: t('version.server'), value: q.data?.version ?? '…' },
          { label: t('version.serverCommit'), value: q.data?.git_version ?? '…' },
          { label: t('version.serverBuild'), value: q.data ? formatTime(q.data.build_time) : '…' },
        ]}
      />
    </AppDialog>
  );
}
