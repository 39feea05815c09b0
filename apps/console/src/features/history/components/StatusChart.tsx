import { useMemo } from 'react';
import { EChart } from '../../../components/EChart';
import { type ChartKey, type StatusRow, statusChartOption } from '../statusSeries';

/** CPU, memory, disks and temperature of the loaded range over time (lazy: ECharts comes with it). */
export default function StatusChart({ rows, labels }: { rows: StatusRow[]; labels: Record<ChartKey, string> }) {
  const option = useMemo(() => statusChartOption(rows, labels), [rows, labels]);
  if (!option) return null;
  return <EChart option={option} height={320} testId="status-chart" />;
}
