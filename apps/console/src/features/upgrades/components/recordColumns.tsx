import { UPGRADE_TRIES, type UpgradeRecord } from '@lns/contract/upgrades';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { TFunction } from 'i18next';
import { Link as RouterLink } from 'react-router';
import type { Column } from '../../../components/ListTable';
import { formatTime } from '../../../lib/format';
import { taskDetailPath } from '../paths';
import { GatewayCell, installStatusText, kindText, ProgressCell, RecordStateChip } from './labels';
import { UpgradeSteps } from './UpgradeSteps';

type Key =
  | 'gateway'
  | 'task'
  | 'kind'
  | 'fromTo'
  | 'state'
  | 'steps'
  | 'installStatus'
  | 'progress'
  | 'tries'
  | 'error'
  | 'startedAt'
  | 'finishedAt'
  | 'updatedAt';

/** The columns record lists share (a task's gateways, a gateway's records, a version's), in the order asked for. */
export function recordColumns(t: TFunction, keys: Key[]): Column<UpgradeRecord>[] {
  const all: Record<Key, Column<UpgradeRecord>> = {
    gateway: {
      key: 'gateway',
      label: t('upgrades:field.gateway'),
      render: (r) => <GatewayCell name={r.gatewayName} id={r.gatewayId} />,
    },
    task: {
      key: 'task',
      label: t('upgrades:field.task'),
      nowrap: true,
      render: (r) => (
        <Link component={RouterLink} to={taskDetailPath(r)} onClick={(e) => e.stopPropagation()}>
          {r.taskName}
        </Link>
      ),
    },
    kind: {
      key: 'kind',
      label: t('upgrades:field.upgradeType'),
      nowrap: true,
      priority: 'secondary',
      render: (r) => kindText(t, r.upgradeType),
    },
    fromTo: {
      key: 'fromTo',
      label: t('upgrades:field.fromTo'),
      nowrap: true,
      priority: 'secondary',
      render: (r) => `${r.fromVersion || '—'} → ${r.version}`,
    },
    state: { key: 'state', label: t('upgrades:field.state'), render: (r) => <RecordStateChip state={r.state} /> },
    steps: {
      key: 'steps',
      label: t('upgrades:field.steps'),
      render: (r) => <UpgradeSteps record={r} testId={`steps-${r.id}`} />,
    },
    installStatus: {
      key: 'installStatus',
      label: t('upgrades:field.installStatus'),
      nowrap: true,
      priority: 'secondary',
      render: (r) => installStatusText(t, r.installStatus),
    },
    progress: {
      key: 'progress',
      label: t('upgrades:field.progress'),
      width: 150,
      priority: 'secondary',
      render: (r) => <ProgressCell value={r.progress} caption={t('upgrades:percent', { value: r.progress })} />,
    },
    tries: {
      key: 'tries',
      label: t('upgrades:field.tries'),
      align: 'right',
      nowrap: true,
      priority: 'optional',
      render: (r) => t('upgrades:triesOf', { tries: r.tries, max: UPGRADE_TRIES }),
    },
    error: {
      key: 'error',
      label: t('upgrades:field.error'),
      priority: 'secondary',
      render: (r) =>
        r.error ? (
          <Typography variant="body2" color="error" sx={{ maxWidth: 280, wordBreak: 'break-word' }}>
            {r.error}
          </Typography>
        ) : (
          ''
        ),
    },
    startedAt: {
      key: 'startedAt',
      label: t('upgrades:field.startedAt'),
      nowrap: true,
      priority: 'optional',
      render: (r) => formatTime(r.startedAt),
    },
    finishedAt: {
      key: 'finishedAt',
      label: t('upgrades:field.finishedAt'),
      nowrap: true,
      priority: 'optional',
      render: (r) => formatTime(r.finishedAt),
    },
    updatedAt: {
      key: 'updatedAt',
      label: t('upgrades:field.updatedAt'),
      nowrap: true,
      priority: 'secondary',
      render: (r) => formatTime(r.updatedAt),
    },
  };
  return keys.map((k) => all[k]);
}
