import { describe, expect, it } from 'vitest';
import { scanChartOption, scanSeries } from './scanChart';

const points = [
  { frequency: 868_300_000, rssiAvg: -101.5, rssiMin: -110, rssiMax: -92 },
  { frequency: 868_100_000, rssiAvg: -104, rssiMin: -112, rssiMax: -96.5 },
];
const labels = { avg: 'Average', min: 'Minimum', max: 'Maximum', mhz: 'MHz', dbm: 'dBm' };

describe('scan chart data', () => {
  it('turns points into average, min and max lines over MHz, in frequency order', () => {
    expect(scanSeries(points)).toEqual({
      avg: [
        [868.1, -104],
        [868.3, -101.5],
      ],
      min: [
        [868.1, -112],
        [868.3, -110],
      ],
      max: [
        [868.1, -96.5],
        [868.3, -92],
      ],
    });
    expect(scanSeries([])).toEqual({ avg: [], min: [], max: [] });
  });

  it('names the lines and axes in the words given', () => {
    const option = scanChartOption(points, labels);
    expect(option.series.map((s) => s.name)).toEqual(['Maximum', 'Average', 'Minimum']);
    expect(option.series[1]!.data).toEqual(scanSeries(points).avg);
    expect(option.xAxis.name).toBe('MHz');
    expect(option.yAxis.name).toBe('dBm');
  });
});
