import type { FuotaTaskRow } from '@lns/contract/fuota';
import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DeleteDialog } from '../../../components/DeleteDialog';
import { deleteAllOrNothing } from '../../../components/deleteResults';
import { ListTable } from '../../../components/ListTable';
import { DeleteSelectedButton, ListToolbar } from '../../../components/ListToolbar';
import { usePaging } from '../../../lib/paging';
import { useListSelection } from '../../../lib/useListSelection';
import { deleteRefusals, deleteTasks, fuotaKeys, useFuotaList } from '../api';
import { AbortDialog } from '../components/AbortDialog';
import { FuotaFormDialog } from '../components/FuotaFormDialog';
import { GroupPicker } from '../components/GroupPicker';
import { taskActionsColumn } from '../components/TaskActions';
import { taskColumns } from '../components/taskColumns';

type Order = 'createtime' | 'firmwareName' | 'state';

/**
 * /multicast/fuota/list: firmware transfer tasks with their state and progress (refreshed while one
 * runs), filtered by group; new task, abort a running one, delete finished ones.
 */
export default function FuotaList() {
  const { t } = useTranslation('fuota');
  const paging = usePaging<Order>('fuota', { orderBy: 'createtime', orderType: 'desc' });
  const [mcEUI, setMcEUI] = useState('');
  const q = useFuotaList({ ...paging.query, mcEUI: mcEUI || undefined });
  const rows = q.data?.rows ?? [];
  const sel = useListSelection(rows, (r) => r.fdID, [fuotaKeys.all]);
  const [adding, setAdding] = useState(false);
  const [aborting, setAborting] = useState<FuotaTaskRow | null>(null);

  const columns = [
    // Narrow windows keep the name, status and progress; the group is in the filter and the status page.
    ...taskColumns(t, [
      'firmwareName',
      'group',
      'versions',
      'size',
      'status',
      'state',
      'progress',
      'devices',
      'createtime',
    ]).map((c) => (c.key === 'group' ? { ...c, priority: 'secondary' as const } : c)),
    taskActionsColumn(t('common:actions'), { onAbort: setAborting, onDelete: (r) => sel.askDelete([r]) }),
  ];

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <ListToolbar title={t('title')}>
        <DeleteSelectedButton disabled={sel.selected.length === 0} onClick={() => sel.askDelete(sel.chosen)} />
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setAdding(true)} data-testid="fuota-add">
          {t('add')}
        </Button>
      </ListToolbar>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <GroupPicker
          sx={{ width: { xs: '100%', sm: 320 } }}
          label={t('group')}
          value={mcEUI}
          onChange={(x) => {
            setMcEUI(x);
            paging.setPage(1);
          }}
          testId="fuota-filter-group"
        />
      </Box>
      <ListTable
        data-testid="fuota-table"
        columns={columns}
        rows={rows}
        rowKey={(r) => r.fdID}
        amount={q.data?.amount ?? 0}
        loading={q.isFetching}
        paging={paging}
        selection={sel.selection}
      />
      {adding && <FuotaFormDialog mcEUI={mcEUI} onClose={() => setAdding(false)} />}
      <AbortDialog task={aborting} onClose={() => setAborting(null)} />
      <DeleteDialog
        {...sel.deleteDialog}
        title={t('deleteTitle')}
        itemLabel={(r) => r.firmwareName}
        onDelete={(items) =>
          deleteAllOrNothing(items, {
            call: (xs) => deleteTasks(xs.map((r) => r.fdID)),
            id: (r) => String(r.fdID),
            refused: deleteRefusals,
          })
        }
      />
    </Box>
  );
}
