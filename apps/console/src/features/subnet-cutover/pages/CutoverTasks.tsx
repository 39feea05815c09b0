import type { SwitchTask } from '@lns/contract/subnet-switch';
import AddIcon from '@mui/icons-material/Add';
import CancelIcon from '@mui/icons-material/CancelOutlined';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import EditIcon from '@mui/icons-material/Edit';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { DeleteDialog } from '../../../components/DeleteDialog';
import { deleteOneByOne } from '../../../components/deleteResults';
import { IconActions } from '../../../components/IconActions';
import { COLUMN_BREAKPOINTS, type Column, ListTable } from '../../../components/ListTable';
import { DeleteSelectedButton, ListToolbar } from '../../../components/ListToolbar';
import type { RowAction } from '../../../components/RowActions';
import { usePaging } from '../../../lib/paging';
import { toast } from '../../../lib/toast';
import { useListSelection } from '../../../lib/useListSelection';
import { beforeSwitch, cancelTask, cutoverKeys, deleteTask, useCutoverTasks } from '../api';
import { TaskFormDialog } from '../components/TaskFormDialog';
import { taskColumns } from '../components/taskColumns';

type Order = 'createTime' | 'switchTime' | 'taskName' | 'status';

/**
 * /gateway/subnet-cutover: cutover tasks with their plans, status and members (followed every
 * 5 s while one is open); new, edit and cancel before the switch, delete (slide-verified).
 */
export default function CutoverTasks() {
  const { t } = useTranslation('subnetCutover');
  const qc = useQueryClient();
  const paging = usePaging<Order>('subnet-cutover-tasks', { orderBy: 'createTime' });
  const q = useCutoverTasks(paging.query);
  const rows = q.data?.rows ?? [];
  const sel = useListSelection(rows, (r) => r.taskId, [cutoverKeys.all]);
  const [editing, setEditing] = useState<SwitchTask | 'new' | null>(null);
  const [canceling, setCanceling] = useState<SwitchTask | null>(null);
  // Like ListTable's secondary columns; on a phone rows are deleted one by one (no checkboxes).
  const narrow = useMediaQuery(`(max-width:${COLUMN_BREAKPOINTS.secondary - 0.02}px)`);
  const phone = useMediaQuery('(max-width:599.98px)');

  const actions = (r: SwitchTask): RowAction[] => [
    ...(beforeSwitch(r)
      ? [
          { label: t('common:edit'), icon: <EditIcon fontSize="small" />, onClick: () => setEditing(r) },
          { label: t('tasks.cancel'), icon: <CancelIcon fontSize="small" />, onClick: () => setCanceling(r) },
        ]
      : []),
    { label: t('common:delete'), icon: <DeleteIcon fontSize="small" />, onClick: () => sel.askDelete([r]) },
  ];
  const columns: Column<SwitchTask>[] = [
    ...taskColumns(t, narrow),
    {
      key: 'actions',
      label: t('common:actions'),
      align: 'right',
      stickyRight: true,
      render: (r) => <IconActions name={r.taskName} actions={actions(r)} />,
    },
  ];

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, minWidth: 0 }}>
      <ListToolbar title={t('tasks.title')}>
        {!phone && (
          <DeleteSelectedButton disabled={sel.selected.length === 0} onClick={() => sel.askDelete(sel.chosen)} />
        )}
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing('new')} data-testid="cutover-add">
          {t('tasks.add')}
        </Button>
      </ListToolbar>
      <ListTable
        data-testid="cutover-tasks"
        columns={columns}
        rows={rows}
        rowKey={(r) => r.taskId}
        amount={q.data?.amount ?? 0}
        loading={q.isFetching}
        paging={paging}
        selection={phone ? undefined : sel.selection}
      />
      {editing && <TaskFormDialog task={editing === 'new' ? undefined : editing} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        open={canceling !== null}
        onClose={() => setCanceling(null)}
        title={t('tasks.cancelTitle')}
        message={t('tasks.cancelConfirm', { name: canceling?.taskName ?? '' })}
        confirmText={t('tasks.cancelYes')}
        color="warning"
        onConfirm={async () => {
          if (!canceling) return;
          await cancelTask(canceling.taskId);
          toast.success(t('tasks.canceled'));
          await qc.invalidateQueries({ queryKey: cutoverKeys.all });
        }}
      />
      <DeleteDialog
        {...sel.deleteDialog}
        title={t('tasks.deleteTitle')}
        itemLabel={(r) => r.taskName}
        onDelete={(items) => deleteOneByOne(items, (r) => deleteTask(r.taskId))}
      />
    </Box>
  );
}
