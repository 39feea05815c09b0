import type { SwitchTask } from '@lns/contract/subnet-switch';
import CellTowerIcon from '@mui/icons-material/CellTower';
import DevicesIcon from '@mui/icons-material/Devices';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { TFunction } from 'i18next';
import { Link as RouterLink } from 'react-router';
import type { Column } from '../../../components/ListTable';
import { formatTime } from '../../../lib/format';
import { memberPath } from '../paths';
import { StatusChip, statusText } from './labels';

/** "us915:us915-1 → us915:us915-2", kept on two lines on a phone. */
export function PlanPair({ task }: { task: Pick<SwitchTask, 'currentChannelPlan' | 'nextChannelPlan'> }) {
  return (
    <Box component="span" sx={{ whiteSpace: { xs: 'normal', sm: 'nowrap' } }}>
      {task.currentChannelPlan} → {task.nextChannelPlan}
    </Box>
  );
}

/**
 * Member gateways and devices (links to their pages), with the devices by status. On a phone the
 * links shrink to an icon and the count (the words stay their accessible names).
 */
function Members({ task, t }: { task: SwitchTask; t: TFunction }) {
  const narrow = useMediaQuery(useTheme().breakpoints.down('sm'));
  const counts = Object.entries(task.deviceStatus).filter(([, n]) => n > 0);
  const link = (kind: 'gateway' | 'device', text: string) => (
    <Link
      component={RouterLink}
      to={memberPath(kind, task)}
      onClick={(e) => e.stopPropagation()}
      aria-label={text}
      title={narrow ? text : undefined}
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}
      data-testid={`cutover-${kind}s-${task.taskId}`}
    >
      {narrow && (kind === 'gateway' ? <CellTowerIcon fontSize="small" /> : <DevicesIcon fontSize="small" />)}
      {narrow ? (kind === 'gateway' ? task.gatewayCount : task.deviceCount) : text}
    </Link>
  );
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column' }}>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', whiteSpace: 'nowrap' }}>
        {link('gateway', t('subnetCutover:tasks.gatewayCount', { count: task.gatewayCount }))}
        {link('device', t('subnetCutover:tasks.deviceCount', { count: task.deviceCount }))}
      </Box>
      {counts.length > 0 && (
        <Typography variant="caption" color="text.secondary" data-testid={`cutover-device-status-${task.taskId}`}>
          {counts.map(([s, n], i) => (
            // Each "<status> <count>" stays on one line; the list wraps between them.
            <Box key={s} component="span" sx={{ whiteSpace: 'nowrap' }}>
              {i > 0 && ' · '}
              {statusText(t, Number(s))} {n}
            </Box>
          ))}
        </Typography>
      )}
    </Box>
  );
}

/**
 * The task list's columns. Narrow (below the secondary breakpoint) the status goes under the name,
 * so name, status, members and the actions fit a phone.
 */
export function taskColumns(t: TFunction, narrow = false): Column<SwitchTask>[] {
  const status: Column<SwitchTask>[] = narrow
    ? []
    : [
        {
          key: 'status',
          label: t('subnetCutover:field.status'),
          sortable: true,
          render: (r) => <StatusChip status={r.status} />,
        },
      ];
  return [
    {
      key: 'taskName',
      label: t('subnetCutover:field.taskName'),
      sortable: true,
      render: (r) =>
        narrow ? (
          <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: 0.5 }}>
            {r.taskName}
            <StatusChip status={r.status} />
          </Box>
        ) : (
          r.taskName
        ),
    },
    {
      key: 'plans',
      label: t('subnetCutover:field.plans'),
      priority: 'secondary',
      render: (r) => <PlanPair task={r} />,
    },
    ...status,
    {
      key: 'switchTime',
      label: t('subnetCutover:field.switchTime'),
      sortable: true,
      nowrap: true,
      priority: 'secondary',
      render: (r) => formatTime(r.switchTime),
    },
    {
      key: 'nextTime',
      label: t('subnetCutover:field.nextTime'),
      nowrap: true,
      priority: 'optional',
      render: (r) => formatTime(r.nextTime),
    },
    {
      key: 'triggerCount',
      label: t('subnetCutover:field.triggerCount'),
      align: 'right',
      priority: 'optional',
    },
    { key: 'members', label: t('subnetCutover:field.members'), render: (r) => <Members task={r} t={t} /> },
    {
      key: 'errorMessage',
      label: t('subnetCutover:field.error'),
      priority: 'secondary',
      render: (r) =>
        r.errorMessage ? (
          <Typography variant="body2" color="error">
            {r.errorMessage}
          </Typography>
        ) : (
          '—'
        ),
    },
  ];
}
