import DevicesIcon from '@mui/icons-material/DevicesOther';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { CardPanel } from '../../../components/CardPanel';
import { GoneNotice } from '../../../components/GoneNotice';
import { MqttUnavailable } from '../../../components/MqttUnavailable';
import { StatusList } from '../../../components/StatusList';
import { appIDOf, isAppMissing, useAppInfo } from '../../../lib/appInfo';
import { formatTime } from '../../../lib/format';
import { AppFormDialog } from '../components/AppFormDialog';
import { openApp } from './AppList';

/** /application/detail: the application's fields, its push links and MQTT credentials. */
export default function AppDetail() {
  const { t } = useTranslation('applications');
  const [params] = useSearchParams();
  const appID = appIDOf(params.get('appID'));
  const info = useAppInfo(appID, { showsMissing: true });
  const [editing, setEditing] = useState(false);
  const a = info.data;
  useEffect(() => {
    if (a) openApp(a);
  }, [a]);

  // A stale bookmark or a hand-written link: say so, rather than a blank page.
  if (appID === 0 || isAppMissing(info.error))
    return (
      <GoneNotice
        testId={appID === 0 ? 'app-invalid' : 'app-missing'}
        message={appID === 0 ? t('invalidLink') : t('missing', { appID })}
        back={t('backToList')}
        to="/application/list"
      />
    );
  if (!a) return info.isLoading ? <Typography>{t('common:loading')}</Typography> : null;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, maxWidth: 1000 }} data-testid="app-detail">
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="h6" sx={{ flexGrow: 1 }}>
          {a.appName}
        </Typography>
        <Button
          variant="outlined"
          startIcon={<DevicesIcon />}
          component={RouterLink}
          to={`/application/device/list?appID=${a.appID}&appName=${encodeURIComponent(a.appName)}`}
          data-testid="app-devices"
        >
          {t('devices')}
        </Button>
      </Box>
      <CardPanel
        title={t('info')}
        actions={['update', 'refresh']}
        onUpdate={() => setEditing(true)}
        onRefresh={() => info.refetch()}
      >
        <StatusList
          items={[
            { label: t('appID'), value: a.appID, copyable: true },
            { label: t('appName'), value: a.appName, copyable: true },
            { label: t('productType'), value: t(`productTypes.${a.productType}`) },
            { label: t('deviceNums'), value: a.deviceNums },
            { label: t('decoderType'), value: t(`decoders.${a.decoder?.type ?? 'none'}`) },
            { label: t('owner'), value: a.username },
            { label: t('createtime'), value: formatTime(a.createtime) },
            { label: t('updatetime'), value: formatTime(a.updatetime) },
          ]}
        />
      </CardPanel>
      <CardPanel title={t('pushPanel')} data-testid="app-push-panel">
        {a.pushLinks.length === 0 ? (
          <Typography color="text.secondary">{t('noPushUrls')}</Typography>
        ) : (
          <StatusList
            copyAll
            items={a.pushLinks.flatMap((l, i) => [
              { label: `${t('pushUrl')} ${i + 1}`, value: l.pushUrl },
              { label: t('joinURL'), value: l.joinURL },
              { label: t('uplinkURL'), value: l.uplinkURL },
            ])}
          />
        )}
        {Object.keys(a.headers).length > 0 && (
          <Box sx={{ mt: 2 }}>
            <Typography variant="subtitle2">{t('headers')}</Typography>
            <StatusList items={Object.entries(a.headers).map(([k, v]) => ({ label: k, value: v, copyable: true }))} />
          </Box>
        )}
      </CardPanel>
      <CardPanel title={t('mqttPanel')}>
        <MqttUnavailable />
        {a.enableMQTT ? (
          <StatusList
            copyAll
            items={[
              { label: t('mqURL'), value: a.mqURL },
              { label: t('mqName'), value: a.mqName },
              { label: t('mqPassword'), value: a.mqPassword },
            ]}
          />
        ) : (
          <Typography color="text.secondary">{t('mqttOff')}</Typography>
        )}
      </CardPanel>
      {editing && <AppFormDialog open onClose={() => setEditing(false)} app={a} />}
    </Box>
  );
}
