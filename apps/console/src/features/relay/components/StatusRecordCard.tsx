import { formatHex } from '@lns/contract/hex';
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { CardPanel } from '../../../components/CardPanel';
import { type Column, ListTable } from '../../../components/ListTable';
import { formatTime } from '../../../lib/format';
import { usePaging } from '../../../lib/paging';
import { useStatusRecord } from '../api';
import { SlaveStatusChip } from '../labels';
import { useRange } from '../useRange';
import { CallError } from './CallError';

interface Row {
  id: number;
  slaveDevEUI: string;
  from: number | null;
  to: number;
  createtime: number;
}

/** Status record: each change of a slave's status in the chosen time range. */
export function StatusRecordCard({ devEUI }: { devEUI: string }) {
  const { t } = useTranslation('relay');
  const paging = usePaging<'createtime'>('relay-status-record', { orderBy: 'createtime', orderType: 'desc' });
  const [range, setRange] = useRange(paging);
  const q = useStatusRecord(devEUI ? { devEUI, ...paging.query, startTime: range[0], endTime: range[1] } : null);
  const columns: Column<Row>[] = [
    { key: 'createtime', label: t('field.createtime'), nowrap: true, render: (r) => formatTime(r.createtime) },
    {
      key: 'slaveDevEUI',
      label: t('field.slaveDevEUI'),
      nowrap: true,
      render: (r) => <Box sx={{ fontFamily: 'monospace' }}>{formatHex(r.slaveDevEUI)}</Box>,
    },
    {
      key: 'change',
      label: t('field.change'),
      render: (r) => (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, flexWrap: 'wrap' }}>
          {r.from !== null && (
            <>
              <SlaveStatusChip status={r.from} />→
            </>
          )}
          <SlaveStatusChip status={r.to} />
        </Box>
      ),
    },
  ];
  return (
    <CardPanel
      title={t('statusRecord')}
      range={{ value: range, onChange: setRange }}
      actions={['refresh']}
      onRefresh={() => void q.refetch()}
      data-testid="status-record"
    >
      <CallError error={q.error} />
      <ListTable
        columns={columns}
        rows={q.data?.rows ?? []}
        rowKey={(r) => r.id}
        amount={q.data?.amount ?? 0}
        paging={paging}
        loading={q.isFetching}
        data-testid="status-record-table"
      />
    </CardPanel>
  );
}
