import Box from '@mui/material/Box';
import { LineChart } from 'echarts/charts';
import { DataZoomComponent, GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';
import type { SignalPoint } from '../api';

echarts.use([LineChart, GridComponent, TooltipComponent, LegendComponent, DataZoomComponent, CanvasRenderer]);

/** RSSI and SNR against time: two series, two y axes, a zoom slider starting at the last 20 %. */
export default function SignalChart({
  points,
  labels,
}: {
  points: SignalPoint[];
  labels: { rssi: string; snr: string };
}) {
  const el = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | undefined>(undefined);

  useEffect(() => {
    if (!el.current) return;
    const c = echarts.init(el.current);
    chart.current = c;
    const ro = typeof ResizeObserver !== 'undefined' ? new ResizeObserver(() => c.resize()) : undefined;
    ro?.observe(el.current);
    return () => {
      ro?.disconnect();
      c.dispose();
      chart.current = undefined;
    };
  }, []);

  useEffect(() => {
    chart.current?.setOption(
      {
        tooltip: { trigger: 'axis' },
        legend: { data: [labels.rssi, labels.snr] },
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
      },
      { notMerge: true },
    );
  }, [points, labels]);

  return <Box ref={el} sx={{ width: '100%', height: 360 }} data-testid="signal-chart" />;
}
