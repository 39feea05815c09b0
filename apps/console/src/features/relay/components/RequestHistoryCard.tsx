import type { RelayRequestRow } from '@lns/contract/relay-api';
import Box from '@mui/material/Box';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CardPanel } from '../../../components/CardPanel';
import { JsonViewerDialog } from '../../../components/JsonViewerDialog';
import { type Column, ListTable } from '../../../components/ListTable';
import { formatTime } from '../../../lib/format';
import { usePaging } from '../../../lib/paging';
import { useRequests } from '../api';
import { RequestStateChip, relayLabels } from '../labels';
import { useRange } from '../useRange';
import { CallError } from './CallError';

/** Config info: every request sent to the device with its state; a row opens what it carried. */
export function RequestHistoryCard({ devEUI }: { devEUI: string }) {
  const { t } = useTranslation('relay');
  const paging = usePaging<'createtime'>('relay-requests', { orderBy: 'createtime', orderType: 'desc' });
  const [range, setRange] = useRange(paging);
  const q = useRequests(devEUI ? { devEUI, ...paging.query, startTime: range[0], endTime: range[1] } : null);
  const [open, setOpen] = useState<RelayRequestRow | null>(null);
  const l = relayLabels(t);
  const columns: Column<RelayRequestRow>[] = [
    { key: 'createtime', label: t('field.createtime'), nowrap: true, render: (r) => formatTime(r.createtime) },
    { key: 'kind', label: t('field.kind'), render: (r) => l.kind(r.kind) },
    {
      key: 'state',
      label: t('field.state'),
      render: (r) => (
        <Box sx={{ maxWidth: 260 }}>
          <RequestStateChip state={r.state} result={r.result} />
        </Box>
      ),
    },
    { key: 'attempts', label: t('field.attempts'), priority: 'secondary' },
    {
      key: 'updatetime',
      label: t('field.updatetime'),
      nowrap: true,
      priority: 'secondary',
      render: (r) => formatTime(r.updatetime),
    },
  ];
  return (
    <CardPanel
      title={t('requestHistory')}
      range={{ value: range, onChange: setRange }}
      actions={['refresh']}
      onRefresh={() => void q.refetch()}
      data-testid="request-history"
    >
      <CallError error={q.error} />
      <ListTable
        columns={columns}
        rows={q.data?.rows ?? []}
        rowKey={(r) => r.id}
        amount={q.data?.amount ?? 0}
        paging={paging}
        loading={q.isFetching}
        onRowClick={setOpen}
        data-testid="request-table"
      />
      <JsonViewerDialog open={open !== null} onClose={() => setOpen(null)} data={open} title={t('requestDetail')} />
    </CardPanel>
  );
}
