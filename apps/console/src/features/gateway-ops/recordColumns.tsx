import type { CommandRecord } from '@lns/contract/gateway-commands';
import { formatHex } from '@lns/contract/hex';
import type { TFunction } from 'i18next';
import type { Column } from '../../components/ListTable';
import { formatTime } from '../../lib/format';
import { StateChip } from './components/StateChip';

/** How long a finished record took, in seconds with one decimal under a minute; '' while it runs. */
export function durationText(t: TFunction, r: Pick<CommandRecord, 'createdAt' | 'finishedAt'>): string {
  if (r.finishedAt === null) return '';
  const s = Math.max(0, (r.finishedAt - r.createdAt) / 1000);
  if (s < 60) return t('gatewayOps:duration.seconds', { value: Math.round(s * 10) / 10 });
  return t('gatewayOps:duration.minutes', { m: Math.floor(s / 60), s: Math.round(s % 60) });
}

/** The record table's columns: on a phone time, kind and state stay. */
export function recordColumns(t: TFunction): Column<CommandRecord>[] {
  return [
    { key: 'createdAt', label: t('gatewayOps:records.time'), nowrap: true, render: (r) => formatTime(r.createdAt) },
    {
      key: 'gatewayId',
      label: t('gatewayOps:records.gateway'),
      nowrap: true,
      priority: 'secondary',
      render: (r) => formatHex(r.gatewayId),
    },
    { key: 'cmdType', label: t('gatewayOps:records.kind'), render: (r) => t(`gatewayOps:kind.${r.cmdType}`) },
    { key: 'state', label: t('gatewayOps:records.state'), render: (r) => <StateChip state={r.state} /> },
    { key: 'userName', label: t('gatewayOps:records.user'), priority: 'secondary' },
    {
      key: 'duration',
      label: t('gatewayOps:records.duration'),
      align: 'right',
      nowrap: true,
      priority: 'secondary',
      render: (r) => durationText(t, r),
    },
  ];
}
