import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { CardPanel } from '../../../components/CardPanel';
import { StatusList } from '../../../components/StatusList';
import { useDeviceConfig } from '../api';
import { AskButtons } from '../components/AskButtons';
import { CallError } from '../components/CallError';
import { PendingRequest } from '../components/PendingRequest';
import { RelayConfigForm } from '../components/RelayConfigForm';
import { RequestHistoryCard } from '../components/RequestHistoryCard';
import { RELAY_FIELDS, relayFormOf, unitOf } from '../configForm';
import { relayLabels } from '../labels';
import { useDeviceParams } from '../useDevice';

/**
 * /application/device/relay/config: the configuration in effect (what the relay confirmed), the
 * request still waiting, the form to send a new one, and every request sent.
 */
export default function RelayConfig() {
  const { t } = useTranslation('relay');
  const { devEUI } = useDeviceParams();
  const q = useDeviceConfig(devEUI);
  const info = q.data?.productType === 'rhf3mr01' ? q.data : undefined;
  const l = relayLabels(t);
  const unit = (f: (typeof RELAY_FIELDS)[number]) => (unitOf(f) === 'none' ? '' : ` ${t(`unit.${unitOf(f)}`)}`);
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, minWidth: 0 }}>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', lg: '2fr 1fr' }, gap: 2, alignItems: 'start' }}>
        <CardPanel title={t('configForm')} data-testid="relay-config">
          <CallError error={q.error} />
          <PendingRequest pending={info?.pending ?? null} />
          {/* The form starts from what is in effect, once that is known (or known to be missing). */}
          {!q.isPending && (
            <Box sx={{ mt: info?.pending ? 2 : 0 }}>
              <RelayConfigForm key={devEUI} devEUI={devEUI} initial={relayFormOf(info?.config, info?.modes)} />
            </Box>
          )}
        </CardPanel>
        <CardPanel
          title={t('inEffect')}
          actions={['refresh']}
          onRefresh={() => void q.refetch()}
          data-testid="config-in-effect"
        >
          {info && !info.config && !info.modes && (
            <Typography color="text.secondary" sx={{ mb: 1 }}>
              {t('notConfirmed')}
            </Typography>
          )}
          {info?.modes && (
            <StatusList
              labelWidth={190}
              items={[
                { label: t('field.workMode'), value: l.workMode(info.modes.workMode) },
                { label: t('field.backwardMode'), value: l.backwardMode(info.modes.backwardMode) },
              ]}
            />
          )}
          {info?.config && (
            <StatusList
              labelWidth={190}
              items={RELAY_FIELDS.map((f) => ({ label: t(`config.${f}`), value: `${info.config?.[f]}${unit(f)}` }))}
            />
          )}
          <Box sx={{ mt: 2 }}>
            <AskButtons devEUI={devEUI} queries={['configGet']} />
          </Box>
        </CardPanel>
      </Box>
      <RequestHistoryCard devEUI={devEUI} />
    </Box>
  );
}
