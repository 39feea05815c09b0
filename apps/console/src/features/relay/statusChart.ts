/**
 * Status history rows → chart series. Relay reports and ladtp heartbeats carry `values` by name
 * (statusHistoryRow); each figure shown has a unit, and the volts get an axis of their own on the
 * right (a few volts beside percentages and degrees would be a flat line).
 */
export interface HistoryRow {
  createtime: number;
  values: Record<string, number | null>;
}

export interface Figure {
  key: string;
  unit: string;
}

/** What a relay reports over time, and a ladtp's heartbeat. */
export const RELAY_FIGURES: readonly Figure[] = [
  { key: 'battery', unit: '%' },
  { key: 'voltage', unit: 'V' },
  { key: 'temperature', unit: '°C' },
  { key: 'slaveNum', unit: '' },
];
export const LADTP_FIGURES: readonly Figure[] = [
  { key: 'voltage', unit: 'V' },
  { key: 'temperature', unit: '°C' },
  { key: 'rs485Errors', unit: '' },
];

const figureValue = (r: HistoryRow, key: string) => {
  const v = r.values[key];
  return typeof v === 'number' && Number.isFinite(v) ? v : undefined;
};

/** A figure as the table shows it: the number with its unit, empty when the row has none. */
export const figureText = (r: HistoryRow, f: Figure) => {
  const v = figureValue(r, f.key);
  return v === undefined ? '' : `${Math.round(v * 100) / 100}${f.unit ? ` ${f.unit}` : ''}`;
};

/** One line per figure some row has, oldest first; null when there is nothing to draw. */
export function historyChartOption(rows: HistoryRow[], figures: readonly Figure[], names: Record<string, string>) {
  const sorted = [...rows].sort((a, b) => a.createtime - b.createtime);
  const shown = figures.filter((f) => rows.some((r) => figureValue(r, f.key) !== undefined));
  if (shown.length === 0) return null;
  const volts = shown.some((f) => f.unit === 'V');
  const series = shown.map((f) => ({
    name: names[f.key] ?? f.key,
    type: 'line' as const,
    showSymbol: sorted.length < 30,
    yAxisIndex: f.unit === 'V' ? 1 : 0,
    data: sorted.flatMap((r) => {
      const v = figureValue(r, f.key);
      return v === undefined ? [] : [[r.createtime, v] as [number, number]];
    }),
  }));
  return {
    tooltip: { trigger: 'axis' },
    legend: { top: 0, type: 'scroll', data: series.map((s) => s.name) },
    grid: { left: 48, right: volts ? 48 : 24, top: 48, bottom: 72 },
    xAxis: { type: 'time', axisLabel: { hideOverlap: true } },
    yAxis: [{ type: 'value', scale: true }, ...(volts ? [{ type: 'value', name: 'V', scale: true }] : [])],
    dataZoom: [
      { type: 'slider', start: 0, end: 100 },
      { type: 'inside', start: 0, end: 100 },
    ],
    series,
  };
}
