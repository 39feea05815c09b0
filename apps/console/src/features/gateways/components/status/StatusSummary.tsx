import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useGatewayStatus } from '../../api';
import { reported } from './format';
import { LinkChip } from './LinkChip';
import { StatusCard } from './StatusCard';
import { UsageBar } from './UsageBar';

const BARS = ['cpuUsage', 'memUsage', 'rootDiskUsage'] as const;

/** The gateway detail's status card: link, CPU/memory/disk bars, temperature and versions in a line. */
export function StatusSummary({ gwID, gwName }: { gwID: string; gwName: string }) {
  const { t } = useTranslation('gateways');
  const online = useGatewayStatus('online', gwID).data;
  const system = useGatewayStatus('system', gwID).data;
  const versions = useGatewayStatus('versions', gwID).data;
  const info = versions?.info ?? {};
  const versionLine = [
    info.model,
    info.firmwareVersion && `${t('report.firmwareVersion')} ${info.firmwareVersion}`,
    info.bridgeVersion && `${t('report.bridgeVersion')} ${info.bridgeVersion}`,
    info.pktfwdVersion && `${t('report.pktfwdVersion')} ${info.pktfwdVersion}`,
  ]
    .filter(Boolean)
    .join(' · ');
  const hasSystem = reported(system);
  const more = `/gateway/report-info?gwID=${gwID}&gwName=${encodeURIComponent(gwName)}`;
  return (
    <StatusCard
      title={t('status.title')}
      reportedAt={system?.updatedAt ?? versions?.updatedAt}
      testId="gw-status-summary"
      action={
        <Link component={RouterLink} to={more} variant="body2" data-testid="gw-report-link">
          {t('status.more')}
        </Link>
      }
    >
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
        {online && <LinkChip link={online.link} testId="gw-summary-link" />}
        {hasSystem && (
          <Typography variant="body2" color="text.secondary">
            {t('status.temperatureIs', {
              value: typeof system?.temperature === 'number' ? `${system.temperature} °C` : t('status.notReadable'),
            })}
          </Typography>
        )}
      </Box>
      {hasSystem ? (
        BARS.map((k) => <UsageBar key={k} label={t(`report.${k}`)} value={system?.[k]} testId={`gw-summary-${k}`} />)
      ) : (
        <Typography variant="body2" color="text.secondary" data-testid="gw-summary-empty">
          {t('status.notReported')}
        </Typography>
      )}
      {versionLine && (
        <Typography variant="body2" sx={{ mt: 1, wordBreak: 'break-word' }} data-testid="gw-summary-versions">
          {versionLine}
        </Typography>
      )}
    </StatusCard>
  );
}
