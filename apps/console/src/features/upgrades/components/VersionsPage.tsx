import type { UpgradeKind, UpgradeVersion } from '@lns/contract/upgrades';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import HistoryIcon from '@mui/icons-material/History';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DeleteDialog } from '../../../components/DeleteDialog';
import { deleteOneByOne } from '../../../components/deleteResults';
import { IconActions } from '../../../components/IconActions';
import { ListTable } from '../../../components/ListTable';
import { DeleteSelectedButton, ListToolbar } from '../../../components/ListToolbar';
import { usePaging } from '../../../lib/paging';
import { useListSelection } from '../../../lib/useListSelection';
import { upgradeKeys } from '../api/keys';
import { deleteVersion, useVersions } from '../api/versions';
import { VersionFormDialog } from './VersionFormDialog';
import { VersionRecordsDialog } from './VersionRecordsDialog';
import { versionColumns } from './versionColumns';

/**
 * The versions of one upgrade kind (/gateway/version/<kind>): name, file, arch or restart, created;
 * new version, a version's upgrade records, delete (one call each: a version a task that is not
 * over uses stays, 8101 in its words).
 */
export function VersionsPage({ kind }: { kind: UpgradeKind }) {
  const { t } = useTranslation('upgrades');
  const paging = usePaging(`upgrade-versions-${kind}`);
  const q = useVersions(kind, { pageNo: paging.pageNo, pageSize: paging.pageSize });
  const rows = q.data?.rows ?? [];
  const sel = useListSelection(rows, (v) => v.id, [upgradeKeys.versions(kind)]);
  const [adding, setAdding] = useState(false);
  const [recordsOf, setRecordsOf] = useState<UpgradeVersion | null>(null);

  const columns = [
    ...versionColumns(t, kind),
    {
      key: 'actions',
      label: t('common:actions'),
      align: 'right' as const,
      stickyRight: true,
      render: (v: UpgradeVersion) => (
        <IconActions
          name={v.versionName}
          actions={[
            { label: t('versions.records'), icon: <HistoryIcon fontSize="small" />, onClick: () => setRecordsOf(v) },
            { label: t('common:delete'), icon: <DeleteIcon fontSize="small" />, onClick: () => sel.askDelete([v]) },
          ]}
        />
      ),
    },
  ];

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, minWidth: 0 }}>
      <ListToolbar title={t(`versions.title.${kind}`)}>
        <DeleteSelectedButton disabled={sel.selected.length === 0} onClick={() => sel.askDelete(sel.chosen)} />
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setAdding(true)} data-testid="version-add">
          {t('versions.add')}
        </Button>
      </ListToolbar>
      <Typography variant="body2" color="text.secondary">
        {t(`versions.intro.${kind}`)}
      </Typography>
      <ListTable
        data-testid="versions-table"
        columns={columns}
        rows={rows}
        rowKey={(v) => v.id}
        amount={q.data?.amount ?? 0}
        loading={q.isFetching}
        paging={paging}
        selection={sel.selection}
      />
      {adding && <VersionFormDialog kind={kind} onClose={() => setAdding(false)} />}
      <VersionRecordsDialog version={recordsOf} onClose={() => setRecordsOf(null)} />
      <DeleteDialog
        {...sel.deleteDialog}
        title={t('versions.deleteTitle')}
        itemLabel={(v) => v.versionName}
        onDelete={(items) => deleteOneByOne(items, (v) => deleteVersion(kind, v.id))}
      />
    </Box>
  );
}
