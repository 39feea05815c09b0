import type { RegionCount } from '@lns/contract/dashboard';
import AppsIcon from '@mui/icons-material/Apps';
import CellTowerIcon from '@mui/icons-material/CellTower';
import DevicesIcon from '@mui/icons-material/DevicesOther';
import WorkspacesIcon from '@mui/icons-material/Workspaces';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CardPanel } from '../../../components/CardPanel';
import { EChart } from '../../../components/EChart';
import { useHasPage } from '../../../lib/builtPages';
import { formatCount } from '../../../lib/format';
import { useDashboard, useRegionColors } from '../api';

const FALLBACK = '#666666';

/** A count; its label links to the area's list when that page exists. */
function Stat(p: { icon: ReactNode; label: string; value?: number; to: string; sub?: ReactNode; testId: string }) {
  const hasPage = useHasPage();
  return (
    <Card variant="outlined" sx={{ p: 2, display: 'flex', gap: 2, alignItems: 'center' }} data-testid={p.testId}>
      <Box sx={{ color: 'primary.main', display: 'flex' }}>{p.icon}</Box>
      <Box sx={{ minWidth: 0 }}>
        {hasPage(p.to) ? (
          <Typography variant="body2" color="text.secondary" component={Link} to={p.to} sx={{ textDecoration: 'none' }}>
            {p.label}
          </Typography>
        ) : (
          <Typography variant="body2" color="text.secondary">
            {p.label}
          </Typography>
        )}
        <Typography variant="h5" data-testid={`${p.testId}-value`}>
          {p.value === undefined ? <Skeleton width={48} /> : formatCount(p.value)}
        </Typography>
        {p.sub}
      </Box>
    </Card>
  );
}

function regionPie(rows: RegionCount[], colors: Map<string, string> | undefined, name: string) {
  return {
    tooltip: { trigger: 'item', formatter: '{b}: {c} ({d}%)' },
    legend: { bottom: 0, type: 'scroll' },
    series: [
      {
        name,
        type: 'pie',
        radius: ['40%', '70%'],
        data: rows.map((r) => ({
          name: r.region,
          value: r.count,
          itemStyle: { color: colors?.get(r.region) ?? FALLBACK },
        })),
      },
    ],
  };
}

/** /home: counts of the user's things, traffic per hour over 24 h, devices and gateways by region. */
export default function Home() {
  const { t } = useTranslation('dashboard');
  const q = useDashboard();
  const colors = useRegionColors();
  const d = q.data;

  const traffic = useMemo(
    () =>
      d && {
        tooltip: { trigger: 'axis' },
        // Legend on top: ECharts 6 puts it at the bottom, over the hour labels.
        legend: { top: 0, data: [t('uplinks'), t('downlinks')] },
        grid: { left: 40, right: 16, top: 40, bottom: 30 },
        xAxis: { type: 'category', data: d.traffic.hours.map((h) => dayjs(h).format('HH:mm')) },
        yAxis: { type: 'value', minInterval: 1 },
        series: [
          { name: t('uplinks'), type: 'line', smooth: true, data: d.traffic.uplinks },
          { name: t('downlinks'), type: 'line', smooth: true, data: d.traffic.downlinks },
        ],
      },
    [d, t],
  );
  const devRegions = useMemo(() => d && regionPie(d.devicesByRegion, colors.data, t('devices')), [d, colors.data, t]);
  const gwRegions = useMemo(() => d && regionPie(d.gatewaysByRegion, colors.data, t('gateways')), [d, colors.data, t]);

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fit, minmax(200px, 1fr))' }}>
        <Stat
          icon={<AppsIcon />}
          label={t('applications')}
          value={d?.applications}
          to="/application/list"
          testId="stat-apps"
        />
        <Stat
          icon={<DevicesIcon />}
          label={t('devices')}
          value={d?.devices}
          to="/application/list"
          testId="stat-devices"
        />
        <Stat
          icon={<CellTowerIcon />}
          label={t('gateways')}
          value={d?.gateways.total}
          to="/gateway/list"
          testId="stat-gateways"
          sub={
            d && (
              <Typography variant="caption" color="text.secondary">
                {t('online', { n: d.gateways.online })} · {t('offline', { n: d.gateways.offline })}
              </Typography>
            )
          }
        />
        <Stat
          icon={<WorkspacesIcon />}
          label={t('multicast')}
          value={d?.multicastGroups}
          to="/multicast"
          testId="stat-multicast"
        />
      </Box>
      <CardPanel title={t('traffic')} onRefresh={() => void q.refetch()} actions={['refresh']}>
        {traffic ? <EChart option={traffic} testId="traffic-chart" /> : <Skeleton variant="rectangular" height={280} />}
      </CardPanel>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fit, minmax(320px, 1fr))' }}>
        <CardPanel title={t('devicesByRegion')}>
          {devRegions ? (
            <EChart option={devRegions} testId="device-regions" />
          ) : (
            <Skeleton variant="rectangular" height={280} />
          )}
        </CardPanel>
        <CardPanel title={t('gatewaysByRegion')}>
          {gwRegions ? (
            <EChart option={gwRegions} testId="gateway-regions" />
          ) : (
            <Skeleton variant="rectangular" height={280} />
          )}
        </CardPanel>
      </Box>
    </Box>
  );
}
