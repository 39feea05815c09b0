import type { UserRow } from '@lns/contract/users';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import EditIcon from '@mui/icons-material/Edit';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
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
import { formatTime } from '../../../lib/format';
import { usePaging } from '../../../lib/paging';
import { deleteUser, userKeys, useUserList } from '../api';
import { UserFormDialog } from '../components/UserFormDialog';

/** /user (admin): paged, sortable list; add, update, delete through the slide-verified dialog. */
export default function UserList() {
  const { t } = useTranslation('users');
  const paging = usePaging('user', { orderBy: 'userID', orderType: 'desc' });
  const q = useUserList(paging.query);
  const rows = q.data?.rows ?? [];
  const [selected, setSelected] = useState<Key[]>([]);
  const [form, setForm] = useState<{ user?: UserRow } | null>(null);
  const [toDelete, setToDelete] = useState<UserRow[] | null>(null);

  const columns: Column<UserRow>[] = [
    { key: 'userID', label: t('id'), sortable: true, width: 100 },
    {
      key: 'name',
      label: t('name'),
      sortable: true,
      render: (u) => (
        <Link component={RouterLink} to={`/user/detail?userID=${u.userID}`} data-testid={`user-link-${u.name}`}>
          {u.name}
        </Link>
      ),
    },
    {
      key: 'admin',
      label: t('permission'),
      sortable: true,
      render: (u) =>
        u.admin ? (
          <Chip size="small" color="primary" label={t('admin')} />
        ) : (
          <Typography variant="body2">{t('common')}</Typography>
        ),
    },
    { key: 'createtime', label: t('createtime'), sortable: true, render: (u) => formatTime(u.createtime) },
    {
      key: 'actions',
      label: t('common:actions'),
      align: 'right',
      render: (u) => (
        <Box sx={{ whiteSpace: 'nowrap' }}>
          <Tooltip title={t('edit')}>
            <IconButton size="small" onClick={() => setForm({ user: u })} aria-label={`${t('edit')} ${u.name}`}>
              <EditIcon fontSize="small" />
            </IconButton>
          </Tooltip>
          <Tooltip title={t('common:delete')}>
            <IconButton size="small" onClick={() => setToDelete([u])} aria-label={`${t('common:delete')} ${u.name}`}>
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
          onClick={() => setToDelete(rows.filter((r) => selected.includes(r.userID)))}
        >
          {t('common:delete')}
        </Button>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setForm({})} data-testid="user-add">
          {t('add')}
        </Button>
      </Box>
      <ListTable
        data-testid="user-table"
        columns={columns}
        rows={rows}
        rowKey={(u) => u.userID}
        amount={q.data?.amount ?? 0}
        loading={q.isFetching}
        paging={paging}
        selection={{ selected, onChange: setSelected }}
      />
      {form && <UserFormDialog open onClose={() => setForm(null)} user={form.user} />}
      <DeleteDialog
        open={toDelete !== null}
        onClose={() => setToDelete(null)}
        title={t('deleteTitle')}
        items={toDelete ?? []}
        itemLabel={(u) => u.name}
        onDelete={async (items) => {
          const deleted: UserRow[] = [];
          const failed: { item: UserRow; reason: string }[] = [];
          for (const u of items) {
            try {
              await deleteUser(u.userID);
              deleted.push(u);
            } catch (e) {
              failed.push({ item: u, reason: failureReason(e) });
            }
          }
          return { deleted, failed };
        }}
        onDone={() => {
          setSelected([]);
          void queryClient.invalidateQueries({ queryKey: userKeys.all });
        }}
      />
    </Box>
  );
}
