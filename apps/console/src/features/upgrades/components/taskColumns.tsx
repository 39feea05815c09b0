import type { UpgradeTask } from '@lns/contract/upgrades';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { TFunction } from 'i18next';
import { Link as RouterLink } from 'react-router';
import type { Column } from '../../../components/ListTable';
import { formatTime } from '../../../lib/format';
import { taskDetailPath } from '../paths';
import { kindText, ProgressCell, TaskStateChip } from './labels';

/** Completed gateways of all, in percent (0 for a task without gateways). */
export const donePercent = (t: Pick<UpgradeTask, 'counts' | 'total'>) =>
  t.total > 0 ? Math.round(((t.counts.completed ?? 0) * 100) / t.total) : 0;

/** "completed / total" with a bar, and the failed ones below when there are. */
export function TaskProgress({ task, t }: { task: UpgradeTask; t: TFunction }) {
  const failed = task.counts.error ?? 0;
  return (
    <Box>
      <ProgressCell
        value={donePercent(task)}
        caption={t('upgrades:tasks.progressOf', { done: task.counts.completed ?? 0, total: task.total })}
        testId={`task-progress-${task.taskId}`}
      />
      {failed > 0 && (
        <Typography variant="caption" color="error">
          {t('upgrades:tasks.failedOf', { count: failed })}
        </Typography>
      )}
    </Box>
  );
}

/** The task list's columns: on a phone the name and the progress stay. */
export function taskColumns(t: TFunction): Column<UpgradeTask>[] {
  return [
    {
      key: 'taskName',
      label: t('upgrades:field.taskName'),
      render: (r) => (
        <Link
          component={RouterLink}
          to={taskDetailPath(r)}
          onClick={(e) => e.stopPropagation()}
          data-testid={`task-link-${r.taskId}`}
        >
          {r.taskName}
        </Link>
      ),
    },
    {
      key: 'upgradeType',
      label: t('upgrades:field.upgradeType'),
      nowrap: true,
      priority: 'secondary',
      render: (r) => kindText(t, r.upgradeType),
    },
    { key: 'version', label: t('upgrades:field.version'), priority: 'secondary' },
    {
      key: 'gatewayTypes',
      label: t('upgrades:field.gatewayTypes'),
      priority: 'optional',
      render: (r) => (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
          {r.gatewayTypes.map((g) => (
            <Chip key={g} size="small" variant="outlined" label={g} />
          ))}
        </Box>
      ),
    },
    { key: 'maxLimit', label: t('upgrades:field.maxLimit'), align: 'right', priority: 'optional' },
    {
      key: 'state',
      label: t('upgrades:field.state'),
      priority: 'secondary',
      render: (r) => <TaskStateChip state={r.state} />,
    },
    {
      key: 'progress',
      label: t('upgrades:field.progress'),
      width: 150,
      render: (r) => <TaskProgress task={r} t={t} />,
    },
    {
      key: 'createdAt',
      label: t('upgrades:field.createdAt'),
      nowrap: true,
      priority: 'secondary',
      render: (r) => formatTime(r.createdAt),
    },
  ];
}
