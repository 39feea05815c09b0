import { formatHex } from '@lns/contract/hex';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { Column } from '../../../components/ListTable';
import { formatTime } from '../../../lib/format';
import { usePaging } from '../../../lib/paging';
import { isOpen, useCutoverTask, useMemberGateways } from '../api';
import { StatusChip } from '../components/labels';
import { MemberList, useTaskId } from '../components/MemberList';

type Gateway = NonNullable<ReturnType<typeof useMemberGateways>['data']>['rows'][number];
type Row = Gateway & { id: string; name: string };

/** /gateway/subnet-cutover/gateway?taskId=: member gateways, who moves them, errors; add and remove. */
export default function CutoverGateways() {
  const { t } = useTranslation('subnetCutover');
  const taskId = useTaskId();
  const task = useCutoverTask(taskId).data;
  const paging = usePaging<'status' | 'updateTime'>('subnet-cutover-gateways', { orderBy: 'updateTime' });
  const q = useMemberGateways({ taskId, ...paging.query }, task !== undefined && isOpen(task));
  const rows: Row[] = (q.data?.rows ?? []).map((g) => ({ ...g, id: g.gatewayId, name: g.gatewayName }));

  const columns: Column<Row>[] = [
    { key: 'gatewayId', label: t('field.gwID'), nowrap: true, render: (g) => formatHex(g.gatewayId) },
    { key: 'gatewayName', label: t('field.gwName'), priority: 'secondary' },
    {
      key: 'status',
      label: t('field.status'),
      sortable: true,
      render: (g) => <StatusChip status={g.status} gateway />,
    },
    {
      key: 'manual',
      label: t('field.manual'),
      render: (g) =>
        g.manual ? (
          <Typography variant="body2" color="warning.main" data-testid={`cutover-manual-${g.gatewayId}`}>
            {t('manual')}
          </Typography>
        ) : (
          t('auto')
        ),
    },
    { key: 'statInterval', label: t('field.statInterval'), align: 'right', priority: 'optional' },
    {
      key: 'error',
      label: t('field.error'),
      priority: 'secondary',
      render: (g) =>
        g.error ? (
          <Typography variant="body2" color="error">
            {g.error}
          </Typography>
        ) : (
          '—'
        ),
    },
    {
      key: 'updateTime',
      label: t('field.updateTime'),
      sortable: true,
      nowrap: true,
      priority: 'optional',
      render: (g) => formatTime(g.updateTime),
    },
  ];

  return (
    <MemberList
      kind="gateway"
      taskId={taskId}
      columns={columns}
      rows={rows}
      amount={q.data?.amount ?? 0}
      loading={q.isFetching}
      paging={paging}
    />
  );
}
