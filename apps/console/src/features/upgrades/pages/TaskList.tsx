import type { UpgradeTask } from '@lns/contract/upgrades';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DeleteDialog } from '../../../components/DeleteDialog';
import { deleteOneByOne } from '../../../components/deleteResults';
import { IconActions } from '../../../components/IconActions';
import { ListTable } from '../../../components/ListTable';
import { DeleteSelectedButton, ListToolbar } from '../../../components/ListToolbar';
import { usePaging } from '../../../lib/paging';
import { useListSelection } from '../../../lib/useListSelection';
import { upgradeKeys } from '../api/keys';
import { deleteTask, useTasks } from '../api/tasks';
import { TaskFormDialog } from '../components/TaskFormDialog';
import { taskColumns } from '../components/taskColumns';
import { taskDetailPath } from '../paths';

/**
 * /gateway/task-list: upgrade tasks with their state and progress (refreshed every 3 s while one
 * is not over); new task, delete; a row opens the task's detail.
 */
export default function TaskList() {
  const { t } = useTranslation('upgrades');
  const navigate = useNavigate();
  const paging = usePaging('upgrade-tasks');
  const q = useTasks({ pageNo: paging.pageNo, pageSize: paging.pageSize });
  const rows = q.data?.rows ?? [];
  const sel = useListSelection(rows, (r) => r.taskId, [upgradeKeys.all]);
  const [adding, setAdding] = useState(false);

  const columns = [
    ...taskColumns(t),
    {
      key: 'actions',
      label: t('common:actions'),
      align: 'right' as const,
      stickyRight: true,
      render: (r: UpgradeTask) => (
        <IconActions
          name={r.taskName}
          actions={[
            { label: t('common:delete'), icon: <DeleteIcon fontSize="small" />, onClick: () => sel.askDelete([r]) },
          ]}
        />
      ),
    },
  ];

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, minWidth: 0 }}>
      <ListToolbar title={t('tasks.title')}>
        <DeleteSelectedButton disabled={sel.selected.length === 0} onClick={() => sel.askDelete(sel.chosen)} />
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setAdding(true)} data-testid="task-add">
          {t('tasks.add')}
        </Button>
      </ListToolbar>
      <ListTable
        data-testid="tasks-table"
        columns={columns}
        rows={rows}
        rowKey={(r) => r.taskId}
        amount={q.data?.amount ?? 0}
        loading={q.isFetching}
        paging={paging}
        selection={sel.selection}
        onRowClick={(r) => navigate(taskDetailPath(r))}
      />
      {adding && <TaskFormDialog onClose={() => setAdding(false)} />}
      <DeleteDialog
        {...sel.deleteDialog}
        title={t('tasks.deleteTitle')}
        itemLabel={(r) => r.taskName}
        onDelete={(items) => deleteOneByOne(items, (r) => deleteTask(r.taskId))}
      />
    </Box>
  );
}
