import type { UserOrderField, UserRow } from '@lns/contract/users';
import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { DeleteDialog } from '../../../components/DeleteDialog';
import { deleteOneByOne } from '../../../components/deleteResults';
import { type Column, ListTable } from '../../../components/ListTable';
import { DeleteSelectedButton, ListToolbar } from '../../../components/ListToolbar';
import { actionsColumn } from '../../../components/RowActions';
import { formatTime } from '../../../lib/format';
import { usePaging } from '../../../lib/paging';
import { useListSelection } from '../../../lib/useListSelection';
import { deleteUser, userKeys, useUserList } from '../api';
import { UserFormDialog } from '../components/UserFormDialog';

/** /user (admin): paged, sortable list; add, update, delete through the slide-verified dialog. */
export default function UserList() {
  const { t } = useTranslation('users');
  const paging = usePaging<UserOrderField>('user', { orderBy: 'userID', orderType: 'desc' });
  const q = useUserList(paging.query);
  const rows = q.data?.rows ?? [];
  const sel = useListSelection(rows, (u) => u.userID, [userKeys.all]);
  const [form, setForm] = useState<{ user?: UserRow } | null>(null);

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
      nowrap: true,
      label: t('permission'),
      sortable: true,
      render: (u) =>
        u.admin ? (
          <Chip size="small" color="primary" label={t('admin')} />
        ) : (
          <Typography variant="body2">{t('common')}</Typography>
        ),
    },
    {
      key: 'createtime',
      label: t('createtime'),
      sortable: true,
      nowrap: true,
      render: (u) => formatTime(u.createtime),
    },
    actionsColumn(t('common:actions'), (u) => ({
      name: u.name,
      editLabel: t('edit'),
      onEdit: () => setForm({ user: u }),
      onDelete: () => sel.askDelete([u]),
    })),
  ];

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <ListToolbar title={t('title')}>
        <DeleteSelectedButton disabled={sel.selected.length === 0} onClick={() => sel.askDelete(sel.chosen)} />
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setForm({})} data-testid="user-add">
          {t('add')}
        </Button>
      </ListToolbar>
      <ListTable
        data-testid="user-table"
        columns={columns}
        rows={rows}
        rowKey={(u) => u.userID}
        amount={q.data?.amount ?? 0}
        loading={q.isFetching}
        paging={paging}
        selection={sel.selection}
      />
      {form && <UserFormDialog open onClose={() => setForm(null)} user={form.user} />}
      <DeleteDialog
        {...sel.deleteDialog}
        title={t('deleteTitle')}
        itemLabel={(u) => u.name}
        onDelete={(items) => deleteOneByOne(items, (u) => deleteUser(u.userID))}
      />
    </Box>
  );
}
