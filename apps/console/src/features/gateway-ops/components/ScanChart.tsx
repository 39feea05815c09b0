import type { ScanPoint } from '@lns/contract/gateway-commands';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { EChart } from '../../../components/EChart';
import { scanChartOption } from '../scanChart';

/** RSSI over frequency of one scan (lazy: ECharts comes with it). */
export default function ScanChart({ points }: { points: ScanPoint[] }) {
  const { t } = useTranslation('gatewayOps');
  const option = useMemo(
    () =>
      scanChartOption(points, {
        avg: t('scan.avg'),
        min: t('scan.min'),
        max: t('scan.max'),
        mhz: t('scan.mhz'),
        dbm: t('scan.dbm'),
      }),
    [points, t],
  );
  return <EChart option={option} height={340} testId="scan-chart" />;
}
