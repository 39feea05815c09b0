import Box from '@mui/material/Box';
import type { ECharts, EChartsCoreOption } from 'echarts/core';
import { useEffect, useRef } from 'react';

/**
 * An ECharts canvas that follows its box's size. ECharts itself loads on first mount (its own
 * chunk), so a page that shows a chart only sometimes does not pay for it up front.
 */
export function EChart({
  option,
  height = 280,
  testId,
}: {
  option: EChartsCoreOption;
  height?: number;
  testId?: string;
}) {
  const el = useRef<HTMLDivElement>(null);
  const chart = useRef<ECharts | undefined>(undefined);
  // The latest option, for the moment the chart is ready.
  const latest = useRef(option);

  useEffect(() => {
    const box = el.current;
    if (!box) return;
    let gone = false;
    let ro: ResizeObserver | undefined;
    void import('./echartsCore').then(({ echarts }) => {
      if (gone) return;
      const c = echarts.init(box);
      chart.current = c;
      c.setOption(latest.current, { notMerge: true });
      ro = typeof ResizeObserver !== 'undefined' ? new ResizeObserver(() => c.resize()) : undefined;
      ro?.observe(box);
    });
    return () => {
      gone = true;
      ro?.disconnect();
      chart.current?.dispose();
      chart.current = undefined;
    };
  }, []);

  useEffect(() => {
    latest.current = option;
    chart.current?.setOption(option, { notMerge: true });
  }, [option]);

  return <Box ref={el} sx={{ width: '100%', height }} data-testid={testId} />;
}
