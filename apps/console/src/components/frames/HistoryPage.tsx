import Box from '@mui/material/Box';
import type { ReactNode } from 'react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePaging } from '../../lib/paging';
import { CardPanel } from '../CardPanel';
import { defaultRange, type Range } from '../DateTimeRangePicker';
import { JsonViewerDialog } from '../JsonViewerDialog';
import { type Column, ListTable } from '../ListTable';
import { type HistoryLoad, useHistory } from './useHistory';

export interface HistoryPageProps<T, Q extends object> {
  title: ReactNode;
  /** Page size remembered under this key; also the list's query key (see useHistory). */
  listKey: string;
  /** The owner key (devEUI / gwID) and filters; null while the page lacks its key. */
  query: Q | null;
  /** Asks the list's endpoint for one page: `query` plus page, order and time range. */
  load: HistoryLoad<Q, T>;
  columns: Column<T>[];
  rowKey: (row: T) => string | number;
  /** Filters shown in the card header. */
  filters?: ReactNode;
  /** Full record for the detail tree; without it the row itself is shown. */
  loadDetail?: (row: T) => Promise<unknown>;
  /** Excel download of the current range. */
  onExport?: (range: Range) => Promise<void>;
  /** Poll while something on the page is still changing (e.g. downlink status). */
  refetchMs?: number;
}

/** A history list: date-time range (picker limits), filters, paging, detail tree on click, export. */
export function HistoryPage<T, Q extends object>(p: HistoryPageProps<T, Q>) {
  const { t } = useTranslation(['history', 'live']);
  const [range, setRangeState] = useState<Range>(() => defaultRange());
  const paging = usePaging<'createtime'>(p.listKey, { orderBy: 'createtime', orderType: 'desc' });
  const [detail, setDetail] = useState<{ data: unknown } | null>(null);
  const [exporting, setExporting] = useState(false);
  const { setPage } = paging;

  const setRange = useCallback(
    (r: Range) => {
      setRangeState(r);
      setPage(1);
    },
    [setPage],
  );
  // New filters start from the first page.
  const filterKey = JSON.stringify(p.query);
  // biome-ignore lint/correctness/useExhaustiveDependencies: filterKey is the trigger, not an input
  useEffect(() => setPage(1), [filterKey, setPage]);
  const query = useMemo(
    () => (p.query ? { ...p.query, ...paging.query, startTime: range[0], endTime: range[1] } : null),
    [p.query, paging.query, range],
  );
  const list = useHistory(p.listKey, query, p.load, p.refetchMs);

  const open = async (row: T) => {
    setDetail({ data: row });
    if (!p.loadDetail) return;
    try {
      const full = await p.loadDetail(row);
      if (full) setDetail((d) => (d ? { data: full } : d));
    } catch {
      // The toast told; the row stays shown.
    }
  };

  const exportNow = async () => {
    if (!p.onExport) return;
    setExporting(true);
    try {
      await p.onExport(range);
    } finally {
      setExporting(false);
    }
  };

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <CardPanel
        title={p.title}
        range={{ value: range, onChange: setRange }}
        extra={p.filters}
        actions={exporting ? ['refresh'] : ['download', 'refresh']}
        onDownload={p.onExport ? exportNow : undefined}
        onRefresh={() => query && void list.refetch()}
        data-testid="history-card"
      >
        <ListTable<T>
          columns={p.columns}
          rows={list.data?.rows ?? []}
          amount={list.data?.amount ?? 0}
          rowKey={p.rowKey}
          paging={paging}
          loading={list.isFetching}
          onRowClick={open}
          data-testid="history-table"
        />
      </CardPanel>
      <JsonViewerDialog
        open={detail !== null}
        onClose={() => setDetail(null)}
        data={detail?.data}
        title={t('detail')}
      />
    </Box>
  );
}
