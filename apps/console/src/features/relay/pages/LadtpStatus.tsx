import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { CardPanel } from '../../../components/CardPanel';
import { StatusList } from '../../../components/StatusList';
import { formatTime } from '../../../lib/format';
import { useDeviceStatus } from '../api';
import { AskButtons } from '../components/AskButtons';
import { CallError } from '../components/CallError';
import { StatusHistoryCard } from '../components/StatusHistoryCard';
import { LADTP_FIGURES } from '../statusChart';
import { uptimeParts } from '../uptime';
import { useDeviceParams } from '../useDevice';

const or = (v: number | null, unit = '') => (v === null ? '-' : `${v}${unit}`);

/** /application/device/ladtp/status: the RS485 unit's last heartbeat; ask it; its heartbeats over time. */
export default function LadtpStatus() {
  const { t } = useTranslation('relay');
  const { devEUI } = useDeviceParams();
  const q = useDeviceStatus(devEUI);
  const s = q.data?.productType === 'rhf3m485' ? q.data : undefined;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, minWidth: 0 }}>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' }, gap: 2, alignItems: 'start' }}>
        <CardPanel
          title={t('statusCard')}
          actions={['refresh']}
          onRefresh={() => void q.refetch()}
          data-testid="ladtp-status"
        >
          <CallError error={q.error} />
          {s && (
            <StatusList
              labelWidth={150}
              items={[
                { label: t('field.voltage'), value: or(s.voltage, ' V') },
                { label: t('field.temperature'), value: or(s.temperature, ' °C') },
                { label: t('field.rs485Errors'), value: or(s.rs485Errors) },
                { label: t('field.uptime'), value: s.uptime === null ? '-' : t('uptime', uptimeParts(s.uptime)) },
                { label: t('field.reportedAt'), value: formatTime(s.reportedAt) || t('never') },
                { label: t('field.lastSeen'), value: formatTime(s.lastSeen) || '-' },
              ]}
            />
          )}
        </CardPanel>
        <CardPanel title={t('askTitle')}>
          <AskButtons devEUI={devEUI} queries={['status']} />
        </CardPanel>
      </Box>
      <StatusHistoryCard devEUI={devEUI} figures={LADTP_FIGURES} />
    </Box>
  );
}
