import { GATEWAY_UPGRADE_STATES, type UpgradeTask } from '@lns/contract/upgrades';
import SyncIcon from '@mui/icons-material/Sync';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { StatusList } from '../../../components/StatusList';
import { formatTime } from '../../../lib/format';
import { isTaskOver } from '../api/tasks';
import { kindText, TaskStateChip } from './labels';
import { TaskProgress } from './taskColumns';

/** A task's head: name and state, what it installs where, its gateways counted by state. */
export function TaskHeader({ task }: { task: UpgradeTask }) {
  const { t } = useTranslation('upgrades');
  const following = !isTaskOver(task);
  return (
    <Paper
      variant="outlined"
      sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 1.5 }}
      data-testid="task-header"
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="h6" sx={{ wordBreak: 'break-word' }}>
          {task.taskName}
        </Typography>
        <TaskStateChip state={task.state} />
        {following && (
          <Tooltip title={t('tasks.following')}>
            <SyncIcon fontSize="small" color="action" aria-label={t('tasks.following')} data-testid="task-following" />
          </Tooltip>
        )}
        <Box sx={{ flexGrow: 1 }} />
        <Box sx={{ width: { xs: '100%', sm: 260 } }}>
          <TaskProgress task={task} t={t} />
        </Box>
      </Box>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, columnGap: 3 }}>
        <StatusList
          labelWidth={120}
          items={[
            { label: t('field.upgradeType'), value: kindText(t, task.upgradeType) },
            { label: t('field.version'), value: task.version },
            { label: t('field.gatewayTypes'), value: task.gatewayTypes.join(', ') },
          ]}
        />
        <StatusList
          labelWidth={120}
          items={[
            { label: t('field.maxLimit'), value: task.maxLimit },
            { label: t('field.createdAt'), value: formatTime(task.createdAt) },
            { label: t('field.updatedAt'), value: formatTime(task.updatedAt) },
          ]}
        />
      </Box>
      <Box>
        <Typography variant="caption" color="text.secondary">
          {t('detail.counts')}
        </Typography>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75, mt: 0.5 }} data-testid="task-counts">
          {GATEWAY_UPGRADE_STATES.filter((s) => (task.counts[s] ?? 0) > 0).map((s) => (
            <Chip key={s} size="small" label={`${t(`state.${s}`)} ${task.counts[s] ?? 0}`} data-testid={`count-${s}`} />
          ))}
        </Box>
      </Box>
    </Paper>
  );
}
