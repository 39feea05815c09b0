import { normalizeHex } from '@lns/contract/hex';
import RefreshIcon from '@mui/icons-material/Refresh';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { gwKeys, useGatewayStatus } from '../api';
import { FramesCard } from '../components/status/FramesCard';
import { NetworkCard } from '../components/status/NetworkCard';
import { OnlineCard } from '../components/status/OnlineCard';
import { PacketForwarderCard } from '../components/status/PacketForwarderCard';
import { SystemCard } from '../components/status/SystemCard';
import { VersionsCard } from '../components/status/VersionsCard';

/**
 * /gateway/report-info?gwID&gwName: what the gateway last reported (versions, network, system,
 * packet forwarder; docs/protocols/gateway-agent.md) and what the server knows of its link and
 * frames, one card each, refetched every 30 s.
 */
export default function GatewayReportInfo() {
  const { t } = useTranslation('gateways');
  const [params] = useSearchParams();
  const gwID = normalizeHex(params.get('gwID') ?? '');
  const qc = useQueryClient();
  const versions = useGatewayStatus('versions', gwID);
  const network = useGatewayStatus('network', gwID);
  const system = useGatewayStatus('system', gwID);
  const pf = useGatewayStatus('packetForwarder', gwID);
  const online = useGatewayStatus('online', gwID);
  const frame = useGatewayStatus('frame', gwID);
  const all = [versions, network, system, pf, online, frame];
  const fetching = all.some((q) => q.isFetching);

  if (!/^[0-9a-f]{16}$/.test(gwID) || (online.isError && !online.data)) {
    return <Alert severity="warning">{t('notFound')}</Alert>;
  }
  if (all.some((q) => q.isLoading)) return <LinearProgress />;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, minWidth: 0 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Typography variant="h6" sx={{ flexGrow: 1 }}>
          {t('reportTitle')}
        </Typography>
        <Button
          startIcon={<RefreshIcon />}
          loading={fetching}
          loadingPosition="start"
          onClick={() => void qc.invalidateQueries({ queryKey: gwKeys.status(gwID) })}
          data-testid="gw-report-refresh"
        >
          {t('common:refresh')}
        </Button>
      </Box>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          alignItems: 'start',
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' },
        }}
      >
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, minWidth: 0 }}>
          <OnlineCard online={online.data} />
          <SystemCard system={system.data} uptime={online.data?.uptime ?? versions.data?.info.uptime} />
          <NetworkCard network={network.data} />
        </Box>
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, minWidth: 0 }}>
          <FramesCard frames={frame.data} at={frame.dataUpdatedAt} />
          <PacketForwarderCard pf={pf.data} />
          <VersionsCard versions={versions.data} />
        </Box>
      </Box>
    </Box>
  );
}
