import { formatHex } from '@lns/contract/hex';
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { CardPanel } from '../../../components/CardPanel';
import { type Column, ListTable } from '../../../components/ListTable';
import { formatTime } from '../../../lib/format';
import { usePaging } from '../../../lib/paging';
import { useRejoinList } from '../api';
import { CallError } from './CallError';

interface Row {
  slaveDevEUI: string;
  slaveDevAddr: string;
  updatetime: number;
}

/** The relay's rejoin list as it last answered (ask it again from the status page). */
export function RejoinCard({ devEUI }: { devEUI: string }) {
  const { t } = useTranslation('relay');
  const paging = usePaging('relay-rejoin');
  const q = useRejoinList(devEUI ? { devEUI } : null);
  const columns: Column<Row>[] = [
    {
      key: 'slaveDevEUI',
      label: t('field.slaveDevEUI'),
      nowrap: true,
      render: (r) => <Box sx={{ fontFamily: 'monospace' }}>{formatHex(r.slaveDevEUI)}</Box>,
    },
    { key: 'slaveDevAddr', label: t('field.slaveDevAddr'), nowrap: true, render: (r) => formatHex(r.slaveDevAddr) },
    { key: 'updatetime', label: t('field.updatetime'), nowrap: true, render: (r) => formatTime(r.updatetime) },
  ];
  const rows = q.data?.rows ?? [];
  // The list is short and whole: it is paged here, not by the server.
  const page = rows.slice((paging.pageNo - 1) * paging.pageSize, paging.pageNo * paging.pageSize);
  return (
    <CardPanel title={t('rejoinList')} actions={['refresh']} onRefresh={() => void q.refetch()} data-testid="rejoin">
      <CallError error={q.error} />
      <ListTable
        columns={columns}
        rows={page}
        rowKey={(r) => r.slaveDevEUI}
        amount={rows.length}
        paging={paging}
        loading={q.isFetching}
        hidePageSize
        data-testid="rejoin-table"
      />
    </CardPanel>
  );
}
