import { gatewayDataApi } from '@lns/contract/api/gateway-data';
import type { RowOf } from '@lns/contract/endpoint';
import { normalizeHex } from '@lns/contract/hex';
import { MAX_PAGE_SIZE } from '@lns/contract/paging';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { keepPreviousData, skipToken, useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { CardPanel } from '../../../components/CardPanel';
import { defaultRange, type Range } from '../../../components/DateTimeRangePicker';
import { historyKey, useHistory } from '../../../components/frames/useHistory';
import { JsonViewerDialog } from '../../../components/JsonViewerDialog';
import { type Column, ListTable } from '../../../components/ListTable';
import { api } from '../../../lib/api';
import { formatTime } from '../../../lib/format';
import { usePaging } from '../../../lib/paging';
import { AGENT_COLUMNS, CHART_KEYS, type ChartKey, numberOf, presentKeys } from '../statusSeries';

// ECharts loads with the chart, and the chart only when a row carries the agent's figures.
const StatusChart = lazy(() => import('../components/StatusChart'));

type StatRow = RowOf<typeof gatewayDataApi.statsHistory>;

/** Semtech `stat` fields, in the order operators read them. */
const FIELDS = ['rxnb', 'rxok', 'rxfw', 'ackr', 'dwnb', 'txnb'] as const;
const LIST_KEY = 'history-status';
const COUNTER_PRIORITY = {
  rxnb: 'secondary',
  rxok: 'secondary',
  rxfw: 'optional',
  ackr: 'optional',
  dwnb: 'optional',
  txnb: 'optional',
} as const;

/**
 * /gateway/status-history: the packet forwarder's stat reports and the gateway agent's figures
 * (CPU, memory, disk, temperature, latency as columns when the page has them), a chart of the
 * agent's figures over the chosen range, the JSON of a row on click, excel export of the range.
 */
export default function StatusHistory() {
  const { t } = useTranslation(['history', 'live']);
  const [params] = useSearchParams();
  const gwID = normalizeHex(params.get('gwID') ?? '');
  const qc = useQueryClient();
  const [range, setRangeState] = useState<Range>(() => defaultRange());
  const paging = usePaging<'createtime'>(LIST_KEY, { orderBy: 'createtime', orderType: 'desc' });
  const [detail, setDetail] = useState<StatRow | null>(null);
  const [exporting, setExporting] = useState(false);
  const { setPage } = paging;
  const setRange = useCallback(
    (r: Range) => {
      setRangeState(r);
      setPage(1);
    },
    [setPage],
  );

  const query = useMemo(
    () => (gwID ? { gwID, ...paging.query, startTime: range[0], endTime: range[1] } : null),
    [gwID, paging.query, range],
  );
  const list = useHistory(LIST_KEY, query, (q) => api.list(gatewayDataApi.statsHistory, q));
  // The chart shows the whole range (its latest MAX_PAGE_SIZE reports), not only the page.
  const chart = useQuery({
    queryKey: [...historyKey(LIST_KEY), 'chart', gwID, range],
    queryFn: gwID
      ? () =>
          api.list(gatewayDataApi.statsHistory, {
            gwID,
            startTime: range[0],
            endTime: range[1],
            pageNo: 1,
            pageSize: MAX_PAGE_SIZE,
            orderBy: 'createtime',
            orderType: 'desc',
          })
      : skipToken,
    placeholderData: keepPreviousData,
  });

  const rows = list.data?.rows ?? [];
  const agentKeys = presentKeys(
    rows,
    AGENT_COLUMNS.map((c) => c.key),
  ).join(',');
  const columns = useMemo((): Column<StatRow>[] => {
    const shown = AGENT_COLUMNS.filter((c) => agentKeys.split(',').includes(c.key));
    // With the agent's figures the packet forwarder's counters give way first on narrower windows.
    const agent = shown.length > 0;
    return [
      { key: 'createtime', nowrap: true, label: t('live:col.time'), render: (r) => formatTime(r.createtime) },
      ...FIELDS.map((f) => ({
        key: f,
        label: t(`stat.${f}`),
        priority: agent ? COUNTER_PRIORITY[f] : undefined,
        render: (r: StatRow) => (r.stat[f] === undefined ? '' : String(r.stat[f])),
      })),
      ...shown.map((c) => ({
        key: c.key,
        label: t(`stat.${c.key}`),
        priority: c.priority,
        nowrap: true,
        render: (r: StatRow) => {
          const v = numberOf(r, c.key);
          return v === undefined ? '' : `${Math.round(v * 10) / 10}${c.unit}`;
        },
      })),
    ];
  }, [t, agentKeys]);

  const labels = useMemo(
    () => Object.fromEntries(CHART_KEYS.map((k) => [k, t(`stat.${k}`)])) as Record<ChartKey, string>,
    [t],
  );
  const chartRows = chart.data?.rows ?? [];
  const charted = presentKeys(chartRows, CHART_KEYS).length > 0;
  const capped = (chart.data?.amount ?? 0) > chartRows.length;

  const exportNow = async () => {
    setExporting(true);
    try {
      await api.download(
        gatewayDataApi.statsExcel,
        { gwID, startTime: range[0], endTime: range[1] },
        `gwstats-${gwID}.xlsx`,
      );
    } finally {
      setExporting(false);
    }
  };

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, minWidth: 0 }}>
      <CardPanel
        title={t('title.status')}
        range={{ value: range, onChange: setRange }}
        actions={exporting ? ['refresh'] : ['download', 'refresh']}
        onDownload={gwID ? exportNow : undefined}
        onRefresh={() => gwID && void qc.invalidateQueries({ queryKey: historyKey(LIST_KEY) })}
        data-testid="history-card"
      >
        {charted && (
          <Box sx={{ mb: 2 }} data-testid="status-chart-box">
            <Suspense fallback={<Box sx={{ height: 320 }} />}>
              <StatusChart rows={chartRows} labels={labels} />
            </Suspense>
            {capped && (
              <Typography variant="caption" color="text.secondary">
                {t('chartCapped', { count: chartRows.length })}
              </Typography>
            )}
          </Box>
        )}
        <ListTable<StatRow>
          columns={columns}
          rows={rows}
          amount={list.data?.amount ?? 0}
          rowKey={(r) => r.createtime}
          paging={paging}
          loading={list.isFetching}
          onRowClick={setDetail}
          data-testid="history-table"
        />
      </CardPanel>
      <JsonViewerDialog open={detail !== null} onClose={() => setDetail(null)} data={detail} title={t('detail')} />
    </Box>
  );
}
