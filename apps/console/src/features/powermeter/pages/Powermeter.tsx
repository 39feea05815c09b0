import { USAGE_RANGE_DAYS } from '@lns/contract/usage';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Skeleton from '@mui/material/Skeleton';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import type { EChartsCoreOption } from 'echarts/core';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CardPanel } from '../../../components/CardPanel';
import { EChart } from '../../../components/EChart';
import { formatBytes, formatCount } from '../../../lib/format';
import { useUsageDaily, useUsageSummary } from '../api';
import { fleetOption, storageOption, trafficOption } from '../charts';

const RANGES = [7, USAGE_RANGE_DAYS.default, 90] as const;

function Stat(p: { label: string; value?: string; sub?: ReactNode; testId: string }) {
  return (
    <Card variant="outlined" sx={{ p: 2, minWidth: 0 }} data-testid={p.testId}>
      <Typography variant="body2" color="text.secondary" noWrap>
        {p.label}
      </Typography>
      <Typography variant="h5" data-testid={`${p.testId}-value`}>
        {p.value ?? <Skeleton width={64} />}
      </Typography>
      {p.sub}
    </Card>
  );
}

function Chart({ option, testId }: { option: EChartsCoreOption | undefined; testId: string }) {
  return option ? <EChart option={option} testId={testId} /> : <Skeleton variant="rectangular" height={280} />;
}

/**
 * /platform/powermeter (docs/product/powermeter.md): what the platform holds and carries, now and
 * per UTC day, for sizing it and reading it against the license.
 */
export default function Powermeter() {
  const { t } = useTranslation('powermeter');
  const [days, setDays] = useState<number>(USAGE_RANGE_DAYS.default);
  const summary = useUsageSummary();
  const daily = useUsageDaily(days);
  const s = summary.data;
  const rows = daily.data;

  const traffic = useMemo(() => rows && trafficOption(rows, t), [rows, t]);
  const fleet = useMemo(() => rows && fleetOption(rows, t), [rows, t]);
  const storage = useMemo(() => rows && storageOption(rows, t), [rows, t]);
  const count = (n: number | undefined) => (n === undefined ? undefined : formatCount(n));
  const refresh = () => {
    void summary.refetch();
    void daily.refetch();
  };

  const range = (
    <ToggleButtonGroup
      size="small"
      exclusive
      value={days}
      onChange={(_, v: number | null) => v && setDays(v)}
      aria-label={t('range')}
    >
      {RANGES.map((d) => (
        <ToggleButton key={d} value={d} data-testid={`range-${d}`}>
          {t('days', { count: d })}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fit, minmax(160px, 1fr))' }}>
        <Stat label={t('devices')} value={count(s?.devices)} testId="pm-devices" />
        <Stat
          label={t('gateways')}
          value={count(s?.gateways)}
          testId="pm-gateways"
          sub={
            s && (
              <Typography variant="caption" color="text.secondary">
                {t('online', { n: s.gatewaysOnline })}
              </Typography>
            )
          }
        />
        <Stat label={t('applications')} value={count(s?.applications)} testId="pm-apps" />
        <Stat label={t('uplinksToday')} value={count(s?.uplinksToday)} testId="pm-uplinks" />
        <Stat label={t('downlinksToday')} value={count(s?.downlinksToday)} testId="pm-downlinks" />
        <Stat label={t('joinsToday')} value={count(s?.joinsToday)} testId="pm-joins" />
        <Stat label={t('database')} value={s && formatBytes(s.storageBytes)} testId="pm-db" />
        <Stat label={t('files')} value={s && formatBytes(s.fileBytes)} testId="pm-files" />
      </Box>
      <CardPanel title={t('traffic')} extra={range} actions={['refresh']} onRefresh={refresh}>
        <Chart option={traffic} testId="pm-traffic" />
      </CardPanel>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fit, minmax(320px, 1fr))' }}>
        <CardPanel title={t('fleet')}>
          <Chart option={fleet} testId="pm-fleet" />
        </CardPanel>
        <CardPanel title={t('storage')}>
          <Chart option={storage} testId="pm-storage" />
        </CardPanel>
      </Box>
      <Typography variant="caption" color="text.secondary">
        {t('note')}
      </Typography>
    </Box>
  );
}
