import { useMemo } from 'react';
import { EChart } from '../../../components/EChart';
import { type Figure, type HistoryRow, historyChartOption } from '../statusChart';

/** The status history over time (lazy: ECharts comes with it). */
export default function HistoryChart({
  rows,
  figures,
  names,
}: {
  rows: HistoryRow[];
  figures: readonly Figure[];
  names: Record<string, string>;
}) {
  const option = useMemo(() => historyChartOption(rows, figures, names), [rows, figures, names]);
  if (!option) return null;
  return <EChart option={option} height={300} testId="relay-history-chart" />;
}
