import KeyIcon from '@mui/icons-material/Autorenew';
import VisibilityIcon from '@mui/icons-material/Visibility';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOff';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../../components/ConfirmDialog';
import { MqttUnavailable } from '../../../../components/MqttUnavailable';
import { StatusList } from '../../../../components/StatusList';
import { toast } from '../../../../lib/toast';
import { useMqttCredentials, useRegenerateMqtt } from '../../api';
import { StatusCard } from './StatusCard';

/** Shown instead of the password: the same length whatever the password, so it gives nothing away. */
export const MASK = '••••••••••••';

/**
 * The gateway's credentials for the MQTT gateway link (docs/protocols/gateway-mqtt.md): user name,
 * password (masked, shown on demand, copyable), broker URL and topic prefix; a new password after
 * a confirmation (the gateway's connection with the old one is closed).
 */
export function MqttCredentials({ gwID }: { gwID: string }) {
  const { t } = useTranslation('gateways');
  const q = useMqttCredentials(gwID);
  const regen = useRegenerateMqtt(gwID);
  const [shown, setShown] = useState(false);
  const [asking, setAsking] = useState(false);
  const c = q.data;
  return (
    <StatusCard
      title={t('mqtt.title')}
      testId="gw-mqtt"
      action={
        <Button
          size="small"
          color="warning"
          startIcon={<KeyIcon />}
          disabled={!c}
          onClick={() => setAsking(true)}
          data-testid="gw-mqtt-regenerate"
        >
          {t('mqtt.regenerate')}
        </Button>
      }
    >
      <MqttUnavailable />
      {q.isLoading && <LinearProgress />}
      {c && (
        <>
          <StatusList
            labelWidth={120}
            items={[
              { label: t('mqtt.username'), value: <code>{c.username}</code>, copy: c.username, copyable: true },
              {
                label: t('mqtt.password'),
                value: (
                  <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
                    <code data-testid="gw-mqtt-password">{shown ? c.password : MASK}</code>
                    <Tooltip title={shown ? t('mqtt.hide') : t('mqtt.show')}>
                      <IconButton
                        size="small"
                        aria-label={shown ? t('mqtt.hide') : t('mqtt.show')}
                        onClick={() => setShown((s) => !s)}
                      >
                        {shown ? <VisibilityOffIcon fontSize="inherit" /> : <VisibilityIcon fontSize="inherit" />}
                      </IconButton>
                    </Tooltip>
                  </Box>
                ),
                copy: c.password,
                copyable: true,
              },
              { label: t('mqtt.url'), value: <code>{c.url}</code>, copy: c.url, copyable: true },
              {
                label: t('mqtt.topicPrefix'),
                value: <code>{c.topicPrefix}</code>,
                copy: c.topicPrefix,
                copyable: true,
              },
            ]}
          />
          <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1, wordBreak: 'break-all' }}>
            {t('mqtt.topics', { topic: `${c.topicPrefix}/gateway/${c.username}/…` })}
          </Typography>
        </>
      )}
      <ConfirmDialog
        open={asking}
        onClose={() => setAsking(false)}
        title={t('mqtt.regenerateTitle')}
        message={t('mqtt.regenerateConfirm')}
        confirmText={t('mqtt.regenerate')}
        color="warning"
        onConfirm={async () => {
          await regen.mutateAsync();
          toast.success(t('mqtt.regenerated'));
        }}
      />
    </StatusCard>
  );
}
