import type { ScanRecord } from '@lns/contract/gateway-commands';
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { type Column, ListTable } from '../../../components/ListTable';
import { formatTime } from '../../../lib/format';
import { usePaging } from '../../../lib/paging';
import { useScanList } from '../api';
import { mhzText } from '../scanDefaults';
import { StateChip } from './StateChip';

/** The gateway's past scans, newest first; a click shows that scan in the chart. */
export function ScanHistory({
  gwID,
  chosen,
  onPick,
}: {
  gwID: string;
  chosen: number;
  onPick: (scan: ScanRecord) => void;
}) {
  const { t } = useTranslation('gatewayOps');
  const paging = usePaging('gateway-scans');
  const q = useScanList(gwID, { pageNo: paging.pageNo, pageSize: paging.pageSize });
  const columns: Column<ScanRecord>[] = [
    {
      key: 'createdAt',
      label: t('scan.time'),
      nowrap: true,
      render: (s) => (
        <Box component="span" sx={{ fontWeight: s.id === chosen ? 600 : undefined }}>
          {formatTime(s.createdAt)}
        </Box>
      ),
    },
    {
      key: 'band',
      label: t('scan.band'),
      nowrap: true,
      render: (s) => t('scan.bandOf', { min: mhzText(s.frequencyMin), max: mhzText(s.frequencyMax) }),
    },
    {
      key: 'frequencyStep',
      label: t('scan.step'),
      nowrap: true,
      priority: 'secondary',
      render: (s) => t('scan.mhzOf', { value: mhzText(s.frequencyStep) }),
    },
    { key: 'state', label: t('records.state'), render: (s) => <StateChip state={s.state} /> },
    { key: 'userName', label: t('records.user'), priority: 'secondary' },
  ];
  return (
    <ListTable
      data-testid="scan-history"
      columns={columns}
      rows={q.data?.rows ?? []}
      rowKey={(s) => s.id}
      amount={q.data?.amount ?? 0}
      loading={q.isFetching}
      paging={paging}
      onRowClick={onPick}
    />
  );
}
