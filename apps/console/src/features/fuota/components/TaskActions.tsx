import type { FuotaTaskRow } from '@lns/contract/fuota';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import StopIcon from '@mui/icons-material/StopCircleOutlined';
import StatusIcon from '@mui/icons-material/Timeline';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { Column } from '../../../components/ListTable';
import { isRunning } from '../api';
import { statusPath } from '../paths';

interface Handlers {
  onAbort: (t: FuotaTaskRow) => void;
  onDelete: (t: FuotaTaskRow) => void;
}

/** A task's buttons: its status page; abort while it runs, delete once it finished. */
function TaskActions({ task, onAbort, onDelete }: Handlers & { task: FuotaTaskRow }) {
  const { t } = useTranslation('fuota');
  const name = task.firmwareName;
  const button = (label: string, icon: ReactNode, onClick: () => void, color?: 'error' | 'warning') => (
    <Tooltip title={label}>
      <IconButton size="small" color={color} onClick={onClick} aria-label={`${label} ${name}`}>
        {icon}
      </IconButton>
    </Tooltip>
  );
  return (
    <Box sx={{ whiteSpace: 'nowrap' }}>
      <Tooltip title={t('openStatus')}>
        <IconButton
          size="small"
          component={RouterLink}
          to={statusPath(task.fdID)}
          aria-label={`${t('openStatus')} ${name}`}
        >
          <StatusIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      {isRunning(task)
        ? button(t('abort'), <StopIcon fontSize="small" />, () => onAbort(task), 'warning')
        : button(t('common:delete'), <DeleteIcon fontSize="small" />, () => onDelete(task))}
    </Box>
  );
}

/** The right-aligned, sticky actions column of a task list. */
export function taskActionsColumn(label: ReactNode, handlers: Handlers): Column<FuotaTaskRow> {
  return {
    key: 'actions',
    label,
    align: 'right',
    stickyRight: true,
    render: (task) => <TaskActions task={task} {...handlers} />,
  };
}
