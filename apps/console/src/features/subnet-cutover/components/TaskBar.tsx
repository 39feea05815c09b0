import type { SwitchTask } from '@lns/contract/subnet-switch';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../../lib/format';
import { beforeSwitch } from '../api';
import { StatusChip } from './labels';
import { PlanPair } from './taskColumns';

/** The task a member page belongs to: its plans, status and switch time; says when members are fixed. */
export function TaskBar({ task }: { task: SwitchTask }) {
  const { t } = useTranslation('subnetCutover');
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }} data-testid="cutover-task-bar">
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 2, rowGap: 0.5 }}>
        <Typography variant="subtitle1" sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
          {task.taskName}
        </Typography>
        <StatusChip status={task.status} />
        <Typography variant="body2">
          <PlanPair task={task} />
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('field.switchTime')}: {formatTime(task.switchTime)}
        </Typography>
      </Box>
      {!beforeSwitch(task) && <Alert severity="info">{t('members.closed')}</Alert>}
    </Box>
  );
}
