/**
 * Status history rows → table columns and chart series. Rows of the gateway agent carry host
 * figures (docs/protocols/gateway-agent.md: usages in %, temperature in °C, nwkDelay in ms) besides
 * the packet forwarder's counters; a packet forwarder alone sends only the counters.
 */
export interface StatusRow {
  createtime: number;
  stat: Record<string, unknown>;
}

/** Agent figures shown as columns when a row of the page has them, with their units. */
export const AGENT_COLUMNS: readonly { key: string; unit: string; priority?: 'secondary' }[] = [
  { key: 'cpuUsage', unit: '%' },
  { key: 'memUsage', unit: '%' },
  { key: 'rootDiskUsage', unit: '%', priority: 'secondary' },
  { key: 'temperature', unit: ' °C' },
  { key: 'nwkDelay', unit: ' ms', priority: 'secondary' },
];

/** Charted over time: usages on the left axis (%), temperature on the right (°C). */
export const CHART_KEYS = ['cpuUsage', 'memUsage', 'rootDiskUsage', 'logDiskUsage', 'temperature'] as const;
export type ChartKey = (typeof CHART_KEYS)[number];

export const numberOf = (row: StatusRow, key: string): number | undefined => {
  const v = row.stat[key];
  return typeof v === 'number' && Number.isFinite(v) ? v : undefined;
};

/** The keys some row has a number for. */
export function presentKeys<K extends string>(rows: StatusRow[], keys: readonly K[]): K[] {
  return keys.filter((k) => rows.some((r) => numberOf(r, k) !== undefined));
}

export interface LineSeries {
  key: ChartKey;
  name: string;
  type: 'line';
  showSymbol: false;
  yAxisIndex: 0 | 1;
  data: [number, number][];
}

/** One line per figure some row has, oldest first; rows without the figure leave no point. */
export function statusSeries(rows: StatusRow[], labels: Record<ChartKey, string>): LineSeries[] {
  const sorted = [...rows].sort((a, b) => a.createtime - b.createtime);
  return presentKeys(rows, CHART_KEYS).map((key) => ({
    key,
    name: labels[key],
    type: 'line',
    showSymbol: false,
    yAxisIndex: key === 'temperature' ? 1 : 0,
    data: sorted.flatMap((r) => {
      const v = numberOf(r, key);
      return v === undefined ? [] : [[r.createtime, v] as [number, number]];
    }),
  }));
}

/** The chart: legend on top, % and °C axes, a zoom slider starting at the last 20 %; null without series. */
export function statusChartOption(rows: StatusRow[], labels: Record<ChartKey, string>) {
  const series = statusSeries(rows, labels);
  if (series.length === 0) return null;
  const temp = series.some((s) => s.key === 'temperature');
  return {
    tooltip: { trigger: 'axis' },
    legend: { top: 0, type: 'scroll', data: series.map((s) => s.name) },
    // Room under the legend for the axis names; a narrow chart drops time labels that would overlap.
    grid: { left: 48, right: temp ? 48 : 24, top: 56, bottom: 72 },
    xAxis: { type: 'time', axisLabel: { hideOverlap: true } },
    yAxis: [
      { type: 'value', name: '%', min: 0, max: 100 },
      ...(temp ? [{ type: 'value', name: '°C', scale: true }] : []),
    ],
    dataZoom: [
      { type: 'slider', start: 80, end: 100 },
      { type: 'inside', start: 80, end: 100 },
    ],
    series: series.map(({ key: _key, ...s }) => s),
  };
}
