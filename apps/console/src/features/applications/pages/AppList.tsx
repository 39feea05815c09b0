import type { AppRow } from '@lns/contract/applications';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import EditIcon from '@mui/icons-material/Edit';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { type Key, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { queryClient } from '../../../app/providers';
import { DeleteDialog, failureReason } from '../../../components/DeleteDialog';
import { type Column, ListTable } from '../../../components/ListTable';
import { formatCount, formatTime } from '../../../lib/format';
import { ApiError } from '../../../lib/http';
import { usePaging } from '../../../lib/paging';
import { session } from '../../../lib/session';
import { useSession } from '../../../lib/useSession';
import { appKeys, deleteApps, useAppList } from '../api';
import { AppEdit } from '../components/AppEdit';
import { AppFormDialog } from '../components/AppFormDialog';

export const appDetailPath = (a: { appID: number; appName: string }) =>
  `/application/detail?appID=${a.appID}&appName=${encodeURIComponent(a.appName)}`;

/** Opening an application of a special product type unlocks that type's pages (spec §2). */
export const openApp = (a: { productType: string }) => {
  if (a.productType !== 'lorawan') session.addAccess(a.productType);
};

/** /application/list: paged, sortable; add, edit, delete (slide-verified, all or nothing). */
export default function AppList() {
  const { t } = useTranslation('applications');
  const { isAdmin } = useSession();
  const paging = usePaging('application', { orderBy: 'appID', orderType: 'desc' });
  const q = useAppList(paging.query);
  const rows = q.data?.rows ?? [];
  const [selected, setSelected] = useState<Key[]>([]);
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<number | null>(null);
  const [toDelete, setToDelete] = useState<AppRow[] | null>(null);

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
    { key: 'createtime', label: t('createtime'), sortable: true, render: (a) => formatTime(a.createtime) },
    {
      key: 'actions',
      label: t('common:actions'),
      align: 'right',
      render: (a) => (
        <Box sx={{ whiteSpace: 'nowrap' }}>
          <Tooltip title={t('common:edit')}>
            <IconButton
              size="small"
              onClick={() => setEditing(a.appID)}
              aria-label={`${t('common:edit')} ${a.appName}`}
            >
              <EditIcon fontSize="small" />
            </IconButton>
          </Tooltip>
          <Tooltip title={t('common:delete')}>
            <IconButton size="small" onClick={() => setToDelete([a])} aria-label={`${t('common:delete')} ${a.appName}`}>
              <DeleteIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        </Box>
      ),
    },
  ];

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
        <Typography variant="h6" sx={{ flexGrow: 1 }}>
          {t('title')}
        </Typography>
        <Button
          variant="outlined"
          color="error"
          startIcon={<DeleteIcon />}
          disabled={selected.length === 0}
          onClick={() => setToDelete(rows.filter((r) => selected.includes(r.appID)))}
        >
          {t('common:delete')}
        </Button>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setAdding(true)} data-testid="app-add">
          {t('add')}
        </Button>
      </Box>
      <ListTable
        data-testid="app-table"
        columns={columns}
        rows={rows}
        rowKey={(a) => a.appID}
        amount={q.data?.amount ?? 0}
        loading={q.isFetching}
        paging={paging}
        selection={{ selected, onChange: setSelected }}
      />
      {adding && <AppFormDialog open onClose={() => setAdding(false)} />}
      {editing !== null && <AppEdit appID={editing} onClose={() => setEditing(null)} />}
      <DeleteDialog
        open={toDelete !== null}
        onClose={() => setToDelete(null)}
        title={t('deleteTitle')}
        items={toDelete ?? []}
        itemLabel={(a) => a.appName}
        onDelete={async (items) => {
          try {
            await deleteApps(items.map((a) => a.appID));
            return { deleted: items, failed: [] };
          } catch (e) {
            const failed =
              (e instanceof ApiError && (e.envelope?.data as { failed?: { id: string; reason: string }[] })?.failed) ||
              [];
            const reasons = new Map(failed.map((f) => [f.id, f.reason]));
            // All or nothing: every item failed; the refused ones carry their own reason.
            return {
              deleted: [],
              failed: items.map((a) => ({ item: a, reason: reasons.get(String(a.appID)) ?? failureReason(e) })),
            };
          }
        }}
        onDone={() => {
          setSelected([]);
          void queryClient.invalidateQueries({ queryKey: appKeys.all });
        }}
      />
    </Box>
  );
}
