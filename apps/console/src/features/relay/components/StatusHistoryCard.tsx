import { MAX_PAGE_SIZE } from '@lns/contract/paging';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { CardPanel } from '../../../components/CardPanel';
import { type Column, ListTable } from '../../../components/ListTable';
import { formatTime } from '../../../lib/format';
import { usePaging } from '../../../lib/paging';
import { useStatusHistory } from '../api';
import { type Figure, figureText, type HistoryRow } from '../statusChart';
import { useRange } from '../useRange';
import { CallError } from './CallError';

// ECharts loads with the chart only.
const HistoryChart = lazy(() => import('./HistoryChart'));

/**
 * The device's own status over time (relay reports, ladtp heartbeats): a chart of the range's
 * latest reports above the paged table.
 */
export function StatusHistoryCard({ devEUI, figures }: { devEUI: string; figures: readonly Figure[] }) {
  const { t } = useTranslation('relay');
  const paging = usePaging<'createtime'>('relay-status-history', { orderBy: 'createtime', orderType: 'desc' });
  const [range, setRange] = useRange(paging);
  const span = { startTime: range[0], endTime: range[1] };
  const list = useStatusHistory(devEUI ? { devEUI, ...paging.query, ...span } : null);
  const chart = useStatusHistory(
    devEUI ? { devEUI, ...span, pageNo: 1, pageSize: MAX_PAGE_SIZE, orderBy: 'createtime', orderType: 'desc' } : null,
  );
  const names = useMemo(() => Object.fromEntries(figures.map((f) => [f.key, t(`field.${f.key}`)])), [figures, t]);
  const columns: Column<HistoryRow & { id: number }>[] = [
    { key: 'createtime', label: t('field.reportedAt'), nowrap: true, render: (r) => formatTime(r.createtime) },
    ...figures.map((f) => ({
      key: f.key,
      label: names[f.key],
      nowrap: true,
      render: (r: HistoryRow) => figureText(r, f),
    })),
  ];
  const chartRows = chart.data?.rows ?? [];
  return (
    <CardPanel
      title={t('statusHistory')}
      range={{ value: range, onChange: setRange }}
      actions={['refresh']}
      onRefresh={() => {
        void list.refetch();
        void chart.refetch();
      }}
      data-testid="status-history"
    >
      <CallError error={list.error} />
      {chartRows.length > 0 && (
        <Box sx={{ mb: 2 }}>
          <Suspense fallback={<Box sx={{ height: 300 }} />}>
            <HistoryChart rows={chartRows} figures={figures} names={names} />
          </Suspense>
          {(chart.data?.amount ?? 0) > chartRows.length && (
            <Typography variant="caption" color="text.secondary">
              {t('chartCapped', { count: chartRows.length })}
            </Typography>
          )}
        </Box>
      )}
      <ListTable
        columns={columns}
        rows={list.data?.rows ?? []}
        rowKey={(r) => r.id}
        amount={list.data?.amount ?? 0}
        paging={paging}
        loading={list.isFetching}
        data-testid="status-history-table"
      />
    </CardPanel>
  );
}
