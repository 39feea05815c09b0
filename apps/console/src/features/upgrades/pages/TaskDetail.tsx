import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ListTable } from '../../../components/ListTable';
import { usePaging } from '../../../lib/paging';
import { isTaskOver, useTask, useTaskRecords } from '../api/tasks';
import { recordColumns } from '../components/recordColumns';
import { TaskHeader } from '../components/TaskHeader';

/**
 * /gateway/upgrade/task/detail?taskId=: the task's head (counts by state, state) and a row per
 * gateway with its steps; both refreshed every 3 s until the task is over.
 */
export default function TaskDetail() {
  const { t } = useTranslation('upgrades');
  const [params] = useSearchParams();
  const taskId = Number(params.get('taskId')) || 0;
  const task = useTask(taskId);
  const paging = usePaging('upgrade-task-records');
  const follow = task.data !== undefined && !isTaskOver(task.data);
  const records = useTaskRecords(taskId, { pageNo: paging.pageNo, pageSize: paging.pageSize }, follow);

  if (taskId === 0) return <Alert severity="info">{t('detail.noTask')}</Alert>;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, minWidth: 0 }}>
      {task.isError && (
        <Alert severity="warning" data-testid="task-missing">
          {t('detail.missing')}
        </Alert>
      )}
      {task.data && <TaskHeader task={task.data} />}
      <Typography variant="subtitle1">{t('detail.records')}</Typography>
      <ListTable
        data-testid="task-records-table"
        // On a phone the gateway and its steps stay (the steps say where it is, and a failure).
        columns={recordColumns(t, [
          'gateway',
          'fromTo',
          'state',
          'steps',
          'installStatus',
          'progress',
          'tries',
          'error',
          'startedAt',
          'finishedAt',
        ]).map((c) => (c.key === 'state' ? { ...c, priority: 'secondary' as const } : c))}
        rows={records.data?.rows ?? []}
        rowKey={(r) => r.id}
        amount={records.data?.amount ?? 0}
        loading={records.isFetching}
        paging={paging}
      />
    </Box>
  );
}
