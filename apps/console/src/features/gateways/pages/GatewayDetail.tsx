import { gatewayLinkName } from '@lns/contract/gateways';
import { formatHex } from '@lns/contract/hex';
import EditIcon from '@mui/icons-material/Edit';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { OnlineBadge } from '../../../components/OnlineBadge';
import { StatusList } from '../../../components/StatusList';
import { formatTime } from '../../../lib/format';
import { useGatewayInfo } from '../api';
import { GatewayFormDialog } from '../components/GatewayFormDialog';
import { MqttCredentials } from '../components/status/MqttCredentials';
import { StatusSummary } from '../components/status/StatusSummary';

/** /gateway/detail?gwID&gwName: the gateway's status summary, MQTT credentials and settings, with update. */
export default function GatewayDetail() {
  const { t } = useTranslation('gateways');
  const [params] = useSearchParams();
  const gwID = (params.get('gwID') ?? '').toLowerCase();
  const q = useGatewayInfo(gwID);
  const [editing, setEditing] = useState(false);
  const g = q.data;
  if (q.isLoading) return <LinearProgress />;
  if (!g) return <Alert severity="warning">{t('notFound')}</Alert>;
  const e = g.extendedAttr;
  const yes = (b: boolean) => (b ? t('common:yes') : t('common:no'));
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, maxWidth: 1200, minWidth: 0 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Typography
          variant="h6"
          sx={{ flexGrow: 1, minWidth: 0, overflowWrap: 'anywhere' }}
          data-testid="gw-detail-name"
        >
          {g.gwName}
        </Typography>
        <OnlineBadge online={g.online} />
        <Button
          variant="contained"
          startIcon={<EditIcon />}
          onClick={() => setEditing(true)}
          data-testid="gw-detail-edit"
        >
          {t('edit')}
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
        <StatusSummary gwID={g.gwID} gwName={g.gwName} />
        <MqttCredentials gwID={g.gwID} />
      </Box>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <StatusList
          items={[
            { label: t('gwID'), value: formatHex(g.gwID), copy: g.gwID, copyable: true },
            { label: t('region'), value: `${g.region.toUpperCase()} · ${g.subnet}` },
            { label: t('gwType'), value: `${g.gwType} (${g.arch})` },
            { label: t('supportGPS'), value: yes(g.supportGPS) },
            { label: t('txPower'), value: g.txPower },
            { label: t('mqttKeepAlive'), value: `${g.mqttKeepAlive} s` },
            { label: t('statInterval'), value: `${g.statInterval} s` },
            { label: t('enableClassB'), value: yes(g.enableClassB) },
            { label: t('enableClassC'), value: yes(g.enableClassC) },
            { label: t('enableBridgeLogToFile'), value: yes(g.enableBridgeLogToFile) },
            { label: t('enablePFW'), value: yes(g.enablePFW) },
            { label: t('link'), value: gatewayLinkName(g.mqtt) },
            { label: t('lastSeen'), value: g.lastSeen ? formatTime(g.lastSeen) : '—' },
            {
              label: t('location'),
              value:
                g.latitude !== null && g.longitude !== null
                  ? `${g.longitude}, ${g.latitude}${g.altitude !== null ? `, ${g.altitude} m` : ''} (${g.mapType ?? ''})`
                  : '—',
            },
            {
              label: t('tags'),
              value: (
                <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
                  {g.tags.map((x) => (
                    <Chip key={x.tagId} size="small" label={x.name} />
                  ))}
                </Box>
              ),
              copy: false,
            },
            { label: t('pushUrls'), value: g.pushUrls.join(', ') || '—' },
            { label: t('ntpServer'), value: g.ntpServer || '—' },
            { label: t('remarks'), value: g.remarks || '—' },
            ...(g.owner !== undefined ? [{ label: t('owner'), value: g.owner }] : []),
            { label: t('createtime'), value: formatTime(g.createtime) },
            { label: t('updatetime'), value: formatTime(g.updatetime) },
          ]}
        />
      </Paper>
      {e && (
        <Paper variant="outlined" sx={{ p: 2 }} data-testid="gw-detail-pico">
          <Typography variant="subtitle1" sx={{ mb: 1 }}>
            {t('picoSettings')}
          </Typography>
          <StatusList
            items={[
              { label: t('publicChannel'), value: `CH${e.publicChannel.ch} / DR${e.publicChannel.dr}` },
              { label: t('dataChannel'), value: `CH${e.dataChannel.ch} / DR${e.dataChannel.dr}` },
              { label: t('heartBeatPeriod'), value: e.heartBeatPeriod },
              { label: t('upgradeServer'), value: e.upgradeServer || '—' },
              { label: t('proxyServer'), value: e.proxyServer || '—' },
              { label: t('timeZone'), value: e.timeZone },
            ]}
          />
        </Paper>
      )}
      {editing && <GatewayFormDialog gateway={g} onClose={() => setEditing(false)} />}
    </Box>
  );
}
