import type { UpgradeVersion } from '@lns/contract/upgrades';
import { useTranslation } from 'react-i18next';
import { AppDialog } from '../../../components/AppDialog';
import { ListTable } from '../../../components/ListTable';
import { usePaging } from '../../../lib/paging';
import { useVersionRecords } from '../api/records';
import { recordColumns } from './recordColumns';

/** The upgrade records of one version (listByVersionId), newest first. */
export function VersionRecordsDialog({ version, onClose }: { version: UpgradeVersion | null; onClose: () => void }) {
  const { t } = useTranslation('upgrades');
  const paging = usePaging('upgrade-version-records');
  const q = useVersionRecords(version?.id ?? 0, version?.upgradeType ?? 0, {
    pageNo: paging.pageNo,
    pageSize: paging.pageSize,
  });
  return (
    <AppDialog
      open={version !== null}
      onClose={onClose}
      maxWidth="lg"
      title={t('versions.recordsTitle', { name: version?.versionName ?? '' })}
    >
      <ListTable
        data-testid="version-records-table"
        columns={recordColumns(t, ['gateway', 'task', 'fromTo', 'state', 'installStatus', 'error', 'updatedAt'])}
        rows={q.data?.rows ?? []}
        rowKey={(r) => r.id}
        amount={q.data?.amount ?? 0}
        loading={q.isFetching}
        paging={paging}
        hidePageSize
      />
    </AppDialog>
  );
}
