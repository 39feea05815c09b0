import { formatHex } from '@lns/contract/hex';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { Column } from '../../../components/ListTable';
import { formatTime } from '../../../lib/format';
import { usePaging } from '../../../lib/paging';
import { isOpen, useCutoverTask, useMemberDevices } from '../api';
import { phaseText, StatusChip } from '../components/labels';
import { MemberList, useTaskId } from '../components/MemberList';

type Device = NonNullable<ReturnType<typeof useMemberDevices>['data']>['rows'][number];
type Row = Device & { id: string; name: string };

/**
 * /gateway/subnet-cutover/device?taskId=: member devices with their status, what the last request
 * asked and how many were sent; add devices or an application's, remove.
 */
export default function CutoverDevices() {
  const { t } = useTranslation('subnetCutover');
  const taskId = useTaskId();
  const task = useCutoverTask(taskId).data;
  const paging = usePaging<'status' | 'updateTime'>('subnet-cutover-devices', { orderBy: 'updateTime' });
  // Canceled tasks still tell devices their current plan again: follow those too while open.
  const q = useMemberDevices({ taskId, ...paging.query }, task !== undefined && isOpen(task));
  const rows: Row[] = (q.data?.rows ?? []).map((d) => ({ ...d, id: d.devEUI, name: d.deviceName }));

  const columns: Column<Row>[] = [
    { key: 'devEUI', label: t('field.devEUI'), nowrap: true, render: (d) => formatHex(d.devEUI) },
    { key: 'deviceName', label: t('field.devName'), priority: 'secondary' },
    { key: 'status', label: t('field.status'), sortable: true, render: (d) => <StatusChip status={d.status} /> },
    { key: 'phase', label: t('field.phase'), render: (d) => phaseText(t, d.phase) },
    { key: 'triggerCount', label: t('field.triggerCount'), align: 'right', priority: 'secondary' },
    {
      key: 'lastSentAt',
      label: t('field.lastSentAt'),
      nowrap: true,
      priority: 'optional',
      render: (d) => (d.lastSentAt ? formatTime(d.lastSentAt) : '—'),
    },
    {
      key: 'error',
      label: t('field.error'),
      priority: 'secondary',
      render: (d) =>
        d.error ? (
          <Typography variant="body2" color="error">
            {d.error}
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
      render: (d) => formatTime(d.updateTime),
    },
  ];

  return (
    <MemberList
      kind="device"
      taskId={taskId}
      columns={columns}
      rows={rows}
      amount={q.data?.amount ?? 0}
      loading={q.isFetching}
      paging={paging}
    />
  );
}
