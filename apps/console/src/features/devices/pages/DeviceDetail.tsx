import { formatHex } from '@lns/contract/hex';
import RestartAltIcon from '@mui/icons-material/RestartAlt';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import dayjs from 'dayjs';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { CardPanel } from '../../../components/CardPanel';
import type { Range } from '../../../components/DateTimeRangePicker';
import { type StatusItem, StatusList } from '../../../components/StatusList';
import { formatTime } from '../../../lib/format';
import { useDeviceStatus, useSignal } from '../api';
import { DeviceFormDialog } from '../components/DeviceFormDialog';
import { ResetFcntDialog } from '../components/ResetFcntDialog';
import { openDevice } from './DeviceList';

// ECharts loads with the chart only.
const SignalChart = lazy(() => import('../components/SignalChart'));

const hexOrDash = (s: string | null | undefined) => (s ? formatHex(s) : '-');

/** /application/device/detail: key fields, counters, keys (copyable) and the RSSI/SNR chart. */
export default function DeviceDetail() {
  const { t } = useTranslation('devices');
  const [params] = useSearchParams();
  const devEUI = (params.get('devEUI') ?? '').toLowerCase();
  const appID = Number(params.get('appID') ?? 0);
  const q = useDeviceStatus(devEUI);
  const [range, setRange] = useState<Range>(() => [
    dayjs().subtract(1, 'day').valueOf(),
    dayjs().add(1, 'minute').valueOf(),
  ]);
  const signal = useSignal(devEUI, range);
  const [dialog, setDialog] = useState<'edit' | 'reset' | null>(null);
  const d = q.data;
  useEffect(() => {
    if (d) openDevice(d);
  }, [d]);
  const labels = useMemo(() => ({ rssi: t('field.rssi'), snr: t('field.snr') }), [t]);

  if (!d) return q.isLoading ? <Typography>{t('common:loading')}</Typography> : null;
  const keyItem = (label: string, v: string | null): StatusItem => ({
    label,
    value: hexOrDash(v),
    copy: v ?? false,
    copyable: Boolean(v),
  });
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }} data-testid="dev-detail">
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
        <Typography variant="h6">{d.devName}</Typography>
        <Chip size="small" color={d.status === 'joined' ? 'success' : 'default'} label={t(`status.${d.status}`)} />
      </Box>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' }, gap: 2, alignItems: 'start' }}>
        <CardPanel
          title={t('statusCard')}
          actions={['update', 'refresh']}
          onUpdate={() => setDialog('edit')}
          onRefresh={() => q.refetch()}
          extra={
            <Button
              size="small"
              variant="outlined"
              startIcon={<RestartAltIcon />}
              onClick={() => setDialog('reset')}
              data-testid="dev-reset-fcnt"
            >
              {t('resetFcnt')}
            </Button>
          }
        >
          <StatusList
            items={[
              keyItem(t('field.devEUI'), d.devEUI),
              { label: t('field.devName'), value: d.devName, copyable: true },
              { label: t('field.appName'), value: d.appName },
              { label: t('field.lastSeen'), value: formatTime(d.lastSeen) || '-' },
              { label: t('field.fCntUp'), value: d.fCntUp },
              { label: t('field.fCntDown'), value: d.fCntDown },
              { label: t('field.rssi'), value: d.rssi ?? '-' },
              { label: t('field.snr'), value: d.snr ?? '-' },
              { label: t('field.freq'), value: d.freq ? `${(d.freq / 1e6).toFixed(1)} MHz` : '-' },
              { label: t('field.dr'), value: d.dr ?? '-' },
              { label: t('field.battery'), value: d.battery ?? '-' },
              {
                label: t('field.txPower'),
                value: t('txPowerValue', { dbm: d.txPowerDbm ?? '-', index: d.txPower, nbTrans: d.nbTrans }),
              },
            ]}
          />
        </CardPanel>
        <CardPanel title={t('keysCard')}>
          <StatusList
            items={[
              { label: t('field.authType'), value: t(`auth.${d.authType}`) },
              keyItem(t('field.appEUI'), d.appEUI),
              keyItem(t('field.appKey'), d.appKey),
              keyItem(t('field.devAddr'), d.devAddr),
              keyItem(t('field.appSKey'), d.appSKey),
              keyItem(t('field.nwkSKey'), d.nwkSKey),
              { label: t('field.class'), value: t('classN', { c: d.class }) },
              { label: t('field.macVersion'), value: d.macVersion },
              { label: t('field.productType'), value: t(`productTypes.${d.productType}`) },
              { label: t('field.region'), value: d.region },
              { label: t('field.subnet'), value: d.autoSubnet ? t('auto') : (d.subnet ?? '-') },
              { label: t('field.tags'), value: d.tags.join(', ') || '-' },
              { label: t('field.remarks'), value: d.remarks || '-' },
              { label: t('field.createtime'), value: formatTime(d.createtime) },
            ]}
          />
        </CardPanel>
      </Box>
      <CardPanel
        title={t('signalCard')}
        range={{ value: range, onChange: setRange }}
        actions={['refresh']}
        onRefresh={() => signal.refetch()}
        data-testid="dev-signal"
      >
        {signal.data && signal.data.length === 0 ? (
          <Typography color="text.secondary">{t('noSignal')}</Typography>
        ) : (
          <Suspense fallback={<Box sx={{ height: 360 }} />}>
            <SignalChart points={signal.data ?? []} labels={labels} />
          </Suspense>
        )}
      </CardPanel>
      {dialog === 'edit' && <DeviceFormDialog open onClose={() => setDialog(null)} appID={appID} device={d} />}
      {dialog === 'reset' && <ResetFcntDialog devEUI={d.devEUI} onClose={() => setDialog(null)} />}
    </Box>
  );
}
