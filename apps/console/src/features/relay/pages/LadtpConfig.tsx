import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { CardPanel } from '../../../components/CardPanel';
import { StatusList } from '../../../components/StatusList';
import { useDeviceConfig } from '../api';
import { AskButtons } from '../components/AskButtons';
import { CallError } from '../components/CallError';
import { LadtpConfigForm } from '../components/LadtpConfigForm';
import { PendingRequest } from '../components/PendingRequest';
import { RequestHistoryCard } from '../components/RequestHistoryCard';
import { ladtpFormOf, parityKey } from '../configForm';
import { useDeviceParams } from '../useDevice';

/** /application/device/ladtp/config: serial settings in effect, the waiting request, the form, the requests sent. */
export default function LadtpConfig() {
  const { t } = useTranslation('relay');
  const { devEUI } = useDeviceParams();
  const q = useDeviceConfig(devEUI);
  const info = q.data?.productType === 'rhf3m485' ? q.data : undefined;
  const c = info?.config;
  const yesNo = (b: boolean) => (b ? t('common:yes') : t('common:no'));
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, minWidth: 0 }}>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', lg: '3fr 2fr' }, gap: 2, alignItems: 'start' }}>
        <CardPanel title={t('configForm')} data-testid="ladtp-config">
          <CallError error={q.error} />
          <PendingRequest pending={info?.pending ?? null} />
          {!q.isPending && (
            <Box sx={{ mt: info?.pending ? 2 : 0 }}>
              <LadtpConfigForm key={devEUI} devEUI={devEUI} initial={ladtpFormOf(c)} />
            </Box>
          )}
        </CardPanel>
        <CardPanel
          title={t('inEffect')}
          actions={['refresh']}
          onRefresh={() => void q.refetch()}
          data-testid="config-in-effect"
        >
          {info && !c && (
            <Typography color="text.secondary" sx={{ mb: 1 }}>
              {t('notConfirmed')}
            </Typography>
          )}
          {c && (
            <StatusList
              labelWidth={170}
              items={[
                { label: t('ladtp.period'), value: `${c.period} ${t('unit.min')}` },
                { label: t('ladtp.baudrate'), value: c.baudrate },
                { label: t('ladtp.parity'), value: t(`ladtp.parityOf.${parityKey(c.parity)}`) },
                { label: t('ladtp.databits'), value: c.databits },
                { label: t('ladtp.timeout'), value: t('ladtp.seconds', { count: c.timeout }) },
                { label: t('ladtp.isConfirmed'), value: yesNo(c.isConfirmed) },
                { label: t('ladtp.isReply'), value: yesNo(c.isReply) },
                { label: t('ladtp.isSendTimeStap'), value: yesNo(c.isSendTimeStap) },
                { label: t('ladtp.isSubPacket'), value: yesNo(c.isSubPacket) },
              ]}
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
