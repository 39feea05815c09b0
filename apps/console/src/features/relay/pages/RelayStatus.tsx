import type { RelayStatusInfo } from '@lns/contract/relay-api';
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { CardPanel } from '../../../components/CardPanel';
import { StatusList } from '../../../components/StatusList';
import { formatTime } from '../../../lib/format';
import { useDeviceStatus } from '../api';
import { AskButtons } from '../components/AskButtons';
import { CallError } from '../components/CallError';
import { StatusHistoryCard } from '../components/StatusHistoryCard';
import { relayLabels } from '../labels';
import { RELAY_FIGURES } from '../statusChart';
import { useDeviceParams } from '../useDevice';

const or = (v: string | number | null | undefined, unit = '') => (v === null || v === undefined ? '-' : `${v}${unit}`);

/** /application/device/relay/status: the relay's status block, firmware and link; ask it; its status over time. */
export default function RelayStatus() {
  const { t } = useTranslation('relay');
  const { devEUI } = useDeviceParams();
  const q = useDeviceStatus(devEUI);
  // A ladtp's answer on a relay page is no relay status: treated as missing.
  const s = q.data?.productType === 'rhf3mr01' ? q.data : undefined;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, minWidth: 0 }}>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' }, gap: 2, alignItems: 'start' }}>
        <CardPanel
          title={t('statusCard')}
          actions={['refresh']}
          onRefresh={() => void q.refetch()}
          data-testid="relay-status"
        >
          <CallError error={q.error} />
          {s && <RelayStatusList s={s} />}
        </CardPanel>
        <CardPanel title={t('askTitle')}>
          <AskButtons devEUI={devEUI} queries={['status', 'firmware', 'configGet', 'slaves', 'rejoin']} />
        </CardPanel>
      </Box>
      <StatusHistoryCard devEUI={devEUI} figures={RELAY_FIGURES} />
    </Box>
  );
}

function RelayStatusList({ s }: { s: RelayStatusInfo }) {
  const { t } = useTranslation('relay');
  const l = relayLabels(t);
  return (
    <StatusList
      labelWidth={150}
      items={[
        { label: t('field.status'), value: l.deviceStatus(s.status) },
        { label: t('field.workMode'), value: l.workMode(s.workMode) },
        { label: t('field.backwardMode'), value: l.backwardMode(s.backwardMode) },
        { label: t('field.slaveNum'), value: or(s.slaveNum) },
        { label: t('field.battery'), value: or(s.battery, ' %') },
        { label: t('field.voltage'), value: or(s.voltage, ' V') },
        { label: t('field.temperature'), value: or(s.temperature, ' °C') },
        { label: t('field.wake'), value: s.wake === null ? '-' : s.wake ? t('common:yes') : t('common:no') },
        { label: t('field.fwVersion'), value: or(s.fwVersion) },
        { label: t('field.destFwVersion'), value: or(s.destFwVersion) },
        { label: t('field.fwSign'), value: or(s.fwSign), copyable: Boolean(s.fwSign) },
        { label: t('field.link'), value: l.link(s.link) },
        { label: t('field.reportedAt'), value: formatTime(s.reportedAt) || t('never') },
        { label: t('field.lastSeen'), value: formatTime(s.lastSeen) || '-' },
      ]}
    />
  );
}
