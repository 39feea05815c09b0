import type { ScanPoint } from '@lns/contract/gateway-commands';

export interface ScanSeries {
  /** [MHz, dBm] pairs per line, in frequency order. */
  avg: [number, number][];
  min: [number, number][];
  max: [number, number][];
}

const mhz = (hz: number) => Math.round(hz) / 1e6;

/** A scan's points as three lines over frequency (MHz): average, minimum and maximum RSSI (dBm). */
export function scanSeries(points: readonly ScanPoint[]): ScanSeries {
  const sorted = [...points].sort((a, b) => a.frequency - b.frequency);
  return {
    avg: sorted.map((p) => [mhz(p.frequency), p.rssiAvg]),
    min: sorted.map((p) => [mhz(p.frequency), p.rssiMin]),
    max: sorted.map((p) => [mhz(p.frequency), p.rssiMax]),
  };
}

export interface ScanChartLabels {
  avg: string;
  min: string;
  max: string;
  mhz: string;
  dbm: string;
}

/** The ECharts option of a scan: the three lines, MHz across, dBm up, a zoom slider below. */
export function scanChartOption(points: readonly ScanPoint[], labels: ScanChartLabels) {
  const s = scanSeries(points);
  const line = (name: string, data: [number, number][], color: string, width: number) => ({
    name,
    type: 'line',
    data,
    showSymbol: false,
    lineStyle: { width, color },
    itemStyle: { color },
  });
  return {
    tooltip: { trigger: 'axis', valueFormatter: (v: number) => `${v} dBm` },
    legend: { top: 0, data: [labels.avg, labels.min, labels.max] },
    // Room for the legend above the dBm name, and under the axis and its name for the zoom slider.
    grid: { left: 56, right: 24, top: 56, bottom: 88 },
    xAxis: { type: 'value', name: labels.mhz, nameLocation: 'middle', nameGap: 26, scale: true },
    yAxis: { type: 'value', name: labels.dbm, scale: true },
    dataZoom: [{ type: 'slider', bottom: 8, height: 22 }, { type: 'inside' }],
    series: [
      line(labels.max, s.max, '#ef6c00', 1),
      line(labels.avg, s.avg, '#1976d2', 2),
      line(labels.min, s.min, '#2e7d32', 1),
    ],
  };
}
