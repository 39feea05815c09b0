import type { FuotaTaskRow } from '@lns/contract/fuota';
import { formatHex } from '@lns/contract/hex';
import Link from '@mui/material/Link';
import type { TFunction } from 'i18next';
import { Link as RouterLink } from 'react-router';
import type { Column } from '../../../components/ListTable';
import { formatTime } from '../../../lib/format';
import { statusPath } from '../paths';
import { NameCell, ProgressBar, StatusChip } from './labels';

type Key =
  | 'firmwareName'
  | 'group'
  | 'versions'
  | 'size'
  | 'status'
  | 'state'
  | 'kind'
  | 'progress'
  | 'devices'
  | 'createtime';

/** The columns task lists share (FUOTA tasks, multicast-group upgrades), in the order asked for. */
export function taskColumns(t: TFunction, keys: Key[]): Column<FuotaTaskRow>[] {
  const all: Record<Key, Column<FuotaTaskRow>> = {
    firmwareName: {
      key: 'firmwareName',
      label: t('field.firmwareName'),
      sortable: true,
      render: (r) => (
        <Link component={RouterLink} to={statusPath(r.fdID)} data-testid={`fuota-link-${r.fdID}`}>
          {r.firmwareName}
        </Link>
      ),
    },
    group: { key: 'group', label: t('group'), render: (r) => <NameCell name={r.mcName} eui={formatHex(r.mcEUI)} /> },
    versions: {
      key: 'versions',
      label: t('versions'),
      nowrap: true,
      // The status page and the firmware list show them too: they give way first.
      priority: 'optional',
      render: (r) => t('versionsOf', { old: r.oldVersion || '—', new: r.newVersion || '—' }),
    },
    size: {
      key: 'size',
      label: t('size'),
      nowrap: true,
      priority: 'optional',
      align: 'right',
      render: (r) => t('bytes', { count: r.payloadSize, size: r.payloadSize.toLocaleString() }),
    },
    status: { key: 'status', label: t('status'), render: (r) => <StatusChip status={r.status} /> },
    state: {
      key: 'state',
      label: t('state'),
      sortable: true,
      priority: 'secondary',
      render: (r) => t(`sessionState.${r.state}`),
    },
    kind: { key: 'kind', label: t('kind'), render: (r) => t(`kindName.${r.kind}`) },
    progress: {
      key: 'progress',
      label: t('progress'),
      width: 160,
      render: (r) => <ProgressBar value={r.progress} testId={`progress-${r.fdID}`} />,
    },
    devices: {
      key: 'devices',
      label: t('devicesHint'),
      nowrap: true,
      priority: 'secondary',
      render: (r) => t('devicesOf', { done: r.doneNums, failed: r.failedNums, total: r.deviceNums }),
    },
    createtime: {
      key: 'createtime',
      label: t('createtime'),
      nowrap: true,
      sortable: true,
      priority: 'optional',
      render: (r) => formatTime(r.createtime),
    },
  };
  return keys.map((k) => all[k]);
}
