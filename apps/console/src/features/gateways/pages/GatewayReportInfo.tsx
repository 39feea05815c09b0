import type { GatewayReport } from '@lns/contract/gateways';
import RefreshIcon from '@mui/icons-material/Refresh';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { StatusList } from '../../../components/StatusList';
import { formatTime } from '../../../lib/format';
import { useGatewayInfo } from '../api';

const pct = (n: number | undefined) => (n === undefined ? undefined : `${n}%`);

/** /gateway/report-info: what the gateway last reported (versions, network, system), as stored. */
export default function GatewayReportInfo() {
  const { t } = useTranslation('gateways');
  const [params] = useSearchParams();
  const q = useGatewayInfo((params.get('gwID') ?? '').toLowerCase());
  if (q.isLoading) return <LinearProgress />;
  if (!q.data) return <Alert severity="warning">{t('notFound')}</Alert>;
  const r: GatewayReport = q.data.report;
  const sections: [string, [string, unknown][]][] = [
    [
      'versions',
      [
        ['model', r.model],
        ['firmwareVersion', r.firmwareVersion],
        ['hardwareVersion', r.hardwareVersion],
        ['kernelVersion', r.kernelVersion],
        ['bridgeVersion', r.bridgeVersion],
        ['sdkVersion', r.sdkVersion],
        ['pktfwdVersion', r.pktfwdVersion],
      ],
    ],
    [
      'network',
      [
        ['networkType', r.networkType],
        ['wanIP', r.wanIP],
        ['lanIP', r.lanIP],
        ['lteSignal', r.lteSignal],
        ['nwkDelay', r.nwkDelay === undefined ? undefined : `${r.nwkDelay} ms`],
      ],
    ],
    [
      'system',
      [
        ['cpuUsage', pct(r.cpuUsage)],
        ['memUsage', pct(r.memUsage)],
        ['rootDiskUsage', pct(r.rootDiskUsage)],
        ['logDiskUsage', pct(r.logDiskUsage)],
        ['temperature', r.temperature === undefined ? undefined : `${r.temperature} °C`],
        ['resetSource', r.resetSource],
        ['heartbeatPeriod', r.heartbeatPeriod],
      ],
    ],
  ];
  const empty = Object.keys(r).length === 0;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, maxWidth: 960 }}>
      <Box sx={{ display: 'flex', alignItems: 'center' }}>
        <Typography variant="h6" sx={{ flexGrow: 1 }}>
          {t('reportTitle')}
        </Typography>
        <Button startIcon={<RefreshIcon />} onClick={() => void q.refetch()}>
          {t('common:refresh')}
        </Button>
      </Box>
      {empty && (
        <Alert severity="info" data-testid="gw-report-empty">
          {t('reportEmpty')}
        </Alert>
      )}
      {r.updatedAt !== undefined && (
        <Typography variant="body2" color="text.secondary">
          {t('reportedAt', { time: formatTime(r.updatedAt) })}
        </Typography>
      )}
      {sections.map(([title, items]) => (
        <Paper key={title} variant="outlined" sx={{ p: 2 }}>
          <Typography variant="subtitle1" sx={{ mb: 1 }}>
            {t(`report.${title}`)}
          </Typography>
          <StatusList
            items={items.map(([k, v]) => ({
              label: t(`report.${k}`),
              value: v === undefined || v === '' ? '—' : String(v),
            }))}
          />
        </Paper>
      ))}
    </Box>
  );
}
