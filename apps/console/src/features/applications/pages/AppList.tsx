import type { AppOrderField, AppRow } from '@lns/contract/applications';
import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { DeleteDialog } from '../../../components/DeleteDialog';
import { deleteAllOrNothing } from '../../../components/deleteResults';
import { type Column, ListTable } from '../../../components/ListTable';
import { DeleteSelectedButton, ListToolbar } from '../../../components/ListToolbar';
import { actionsColumn } from '../../../components/RowActions';
import { formatCount, formatTime } from '../../../lib/format';
import { usePaging } from '../../../lib/paging';
import { session } from '../../../lib/session';
import { useListSelection } from '../../../lib/useListSelection';
import { useSession } from '../../../lib/useSession';
import { appKeys, deleteApps, useAppList } from '../api';
import { AppEdit } from '../components/AppEdit';
import { AppFormDialog } from '../components/AppFormDialog';

const appDetailPath = (a: { appID: number; appName: string }) =>
  `/application/detail?appID=${a.appID}&appName=${encodeURIComponent(a.appName)}`;

/** Opening an application of a special product type unlocks that type's pages. */
export const openApp = (a: { productType: string }) => {
  if (a.productType !== 'lorawan') session.addAccess(a.productType);
};

/** /application/list: paged, sortable; add, edit, delete (slide-verified, all or nothing). */
export default function AppList() {
  const { t } = useTranslation('applications');
  const { isAdmin } = useSession();
  const paging = usePaging<AppOrderField>('application', { orderBy: 'appID', orderType: 'desc' });
  const q = useAppList(paging.query);
  const rows = q.data?.rows ?? [];
  const sel = useListSelection(rows, (a) => a.appID, [appKeys.all]);
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<number | null>(null);

  const columns: Column<AppRow>[] = [
    { key: 'appID', label: t('appID'), sortable: true, width: 90 },
    {
      key: 'appName',
      label: t('appName'),
      sortable: true,
      render: (a) => (
        <Link
          component={RouterLink}
          to={appDetailPath(a)}
          onClick={() => openApp(a)}
          data-testid={`app-link-${a.appName}`}
        >
          {a.appName}
        </Link>
      ),
    },
    { key: 'productType', label: t('productType'), render: (a) => t(`productTypes.${a.productType}`) },
    {
      key: 'deviceNums',
      label: t('deviceNums'),
      sortable: true,
      render: (a) => (
        <Link
          component={RouterLink}
          to={`/application/device/list?appID=${a.appID}&appName=${encodeURIComponent(a.appName)}`}
          onClick={() => openApp(a)}
        >
          {formatCount(a.deviceNums)}
        </Link>
      ),
    },
    { key: 'enableMQTT', label: t('mqtt'), render: (a) => (a.enableMQTT ? t('common:yes') : t('common:no')) },
    ...(isAdmin ? [{ key: 'username', label: t('owner') } as Column<AppRow>] : []),
    {
      key: 'createtime',
      nowrap: true,
      label: t('createtime'),
      sortable: true,
      render: (a) => formatTime(a.createtime),
    },
    actionsColumn(t('common:actions'), (a) => ({
      name: a.appName,
      onEdit: () => setEditing(a.appID),
      onDelete: () => sel.askDelete([a]),
    })),
  ];

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <ListToolbar title={t('title')}>
        <DeleteSelectedButton disabled={sel.selected.length === 0} onClick={() => sel.askDelete(sel.chosen)} />
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setAdding(true)} data-testid="app-add">
          {t('add')}
        </Button>
      </ListToolbar>
      <ListTable
        data-testid="app-table"
        columns={columns}
        rows={rows}
        rowKey={(a) => a.appID}
        amount={q.data?.amount ?? 0}
        loading={q.isFetching}
        paging={paging}
        selection={sel.selection}
      />
      {adding && <AppFormDialog open onClose={() => setAdding(false)} />}
      {editing !== null && <AppEdit appID={editing} onClose={() => setEditing(null)} />}
      <DeleteDialog
        {...sel.deleteDialog}
        title={t('deleteTitle')}
        itemLabel={(a) => a.appName}
        onDelete={(items) =>
          deleteAllOrNothing(items, { call: (xs) => deleteApps(xs.map((a) => a.appID)), id: (a) => String(a.appID) })
        }
      />
    </Box>
  );
}
