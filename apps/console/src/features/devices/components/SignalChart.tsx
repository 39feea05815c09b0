import type { SignalPoint } from '@lns/contract/devices';
import { useMemo } from 'react';
import { EChart } from '../../../components/EChart';

/** RSSI and SNR against time: two series, two y axes, a zoom slider starting at the last 20 %. */
export default function SignalChart({
  points,
  labels,
}: {
  points: SignalPoint[];
  labels: { rssi: string; snr: string };
}) {
  const option = useMemo(
    () => ({
      tooltip: { trigger: 'axis' },
      // ECharts 6 puts the legend at the bottom by default, where the zoom slider is.
      legend: { top: 0, data: [labels.rssi, labels.snr] },
      grid: { left: 56, right: 56, top: 40, bottom: 72 },
      xAxis: { type: 'time' },
      yAxis: [
        { type: 'value', name: 'dBm', scale: true },
        { type: 'value', name: 'dB', scale: true },
      ],
      dataZoom: [
        { type: 'slider', start: 80, end: 100 },
        { type: 'inside', start: 80, end: 100 },
      ],
      series: [
        { name: labels.rssi, type: 'line', showSymbol: false, data: points.map((p) => [p.createtime, p.rssi]) },
        {
          name: labels.snr,
          type: 'line',
          showSymbol: false,
          yAxisIndex: 1,
          data: points.map((p) => [p.createtime, p.snr]),
        },
      ],
    }),
    [points, labels],
  );
  return <EChart option={option} height={360} testId="signal-chart" />;
}
