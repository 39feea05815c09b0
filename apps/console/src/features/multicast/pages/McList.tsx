import { formatHex } from '@lns/contract/hex';
import type { McGroupRow } from '@lns/contract/multicast';
import { MC_GROUP_ID_NONE } from '@lns/contract/multicast';
import AddIcon from '@mui/icons-material/Add';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { DeleteDialog } from '../../../components/DeleteDialog';
import { deleteAllOrNothing } from '../../../components/deleteResults';
import { type Column, ListTable } from '../../../components/ListTable';
import { DeleteSelectedButton, ListToolbar } from '../../../components/ListToolbar';
import { actionsColumn } from '../../../components/RowActions';
import { useRegions } from '../../../lib/catalog';
import { formatCount, formatTime } from '../../../lib/format';
import { usePaging } from '../../../lib/paging';
import { useListSelection } from '../../../lib/useListSelection';
import { useSession } from '../../../lib/useSession';
import { deleteGroups, mcKeys, useMcList } from '../api';
import { GroupEdit } from '../components/GroupEdit';
import { GroupFormDialog } from '../components/GroupFormDialog';
import { JoinedChip } from '../components/SyncState';
import { groupPath } from '../paths';

type Order = 'createtime' | 'mcName' | 'deviceNums' | 'syncNums';

/** /multicast: the groups, filtered by region; add, edit, delete (slide-verified, all or nothing). */
export default function McList() {
  const { t } = useTranslation('multicast');
  const { isAdmin } = useSession();
  const paging = usePaging<Order>('multicast', { orderBy: 'createtime', orderType: 'desc' });
  const [regions, setRegions] = useState<string[]>([]);
  const regionList = useRegions().data ?? [];
  const q = useMcList({ ...paging.query, regions: regions.length ? regions : undefined });
  const rows = q.data?.rows ?? [];
  const sel = useListSelection(rows, (g) => g.mcEUI, [mcKeys.all]);
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<string | null>(null);

  const columns: Column<McGroupRow>[] = [
    {
      key: 'mcName',
      label: t('field.mcName'),
      sortable: true,
      render: (g) => (
        <Link component={RouterLink} to={groupPath('detail', g)} data-testid={`mc-link-${g.mcName}`}>
          {g.mcName}
        </Link>
      ),
    },
    { key: 'mcEUI', label: t('field.mcEUI'), nowrap: true, render: (g) => formatHex(g.mcEUI) },
    { key: 'region', label: t('field.region'), render: (g) => g.region.toUpperCase(), priority: 'secondary' },
    { key: 'mcClass', label: t('field.mcClass'), nowrap: true, render: (g) => t('classOf', { cls: g.mcClass }) },
    {
      key: 'groupID',
      label: t('field.groupID'),
      priority: 'optional',
      render: (g) => (g.groupID === MC_GROUP_ID_NONE ? '—' : g.groupID),
    },
    { key: 'joined', label: t('joined'), render: (g) => <JoinedChip joined={g.joined} /> },
    {
      key: 'deviceNums',
      label: t('deviceNums'),
      sortable: true,
      render: (g) => (
        <Link component={RouterLink} to={groupPath('device-list', g)}>
          {formatCount(g.deviceNums)}
        </Link>
      ),
    },
    { key: 'syncNums', label: t('syncNums'), sortable: true, render: (g) => formatCount(g.syncNums) },
    { key: 'syncFCnt', label: t('syncFCnt'), priority: 'optional' },
    ...(isAdmin ? [{ key: 'username', label: t('owner'), priority: 'optional' } as Column<McGroupRow>] : []),
    {
      key: 'createtime',
      label: t('createtime'),
      nowrap: true,
      sortable: true,
      priority: 'secondary',
      render: (g) => formatTime(g.createtime),
    },
    actionsColumn(t('common:actions'), (g) => ({
      name: g.mcName,
      onEdit: () => setEditing(g.mcEUI),
      onDelete: () => sel.askDelete([g]),
    })),
  ];

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <ListToolbar title={t('title')}>
        <DeleteSelectedButton disabled={sel.selected.length === 0} onClick={() => sel.askDelete(sel.chosen)} />
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setAdding(true)} data-testid="mc-add">
          {t('add')}
        </Button>
      </ListToolbar>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Autocomplete
          multiple
          size="small"
          sx={{ minWidth: 200 }}
          options={regionList.map((r) => r.region)}
          getOptionLabel={(r) => r.toUpperCase()}
          value={regions}
          onChange={(_e, v) => {
            setRegions(v);
            paging.setPage(1);
          }}
          renderInput={(p) => <TextField {...p} label={t('field.region')} />}
        />
      </Box>
      <ListTable
        data-testid="mc-table"
        columns={columns}
        rows={rows}
        rowKey={(g) => g.mcEUI}
        amount={q.data?.amount ?? 0}
        loading={q.isFetching}
        paging={paging}
        selection={sel.selection}
      />
      {adding && <GroupFormDialog onClose={() => setAdding(false)} />}
      {editing !== null && <GroupEdit mcEUI={editing} onClose={() => setEditing(null)} />}
      <DeleteDialog
        {...sel.deleteDialog}
        title={t('deleteTitle')}
        itemLabel={(g) => g.mcName}
        onDelete={(items) =>
          deleteAllOrNothing(items, { call: (xs) => deleteGroups(xs.map((g) => g.mcEUI)), id: (g) => g.mcEUI })
        }
      />
    </Box>
  );
}
