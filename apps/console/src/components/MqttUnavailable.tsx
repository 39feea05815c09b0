import Alert from '@mui/material/Alert';
import { useTranslation } from 'react-i18next';
import { useMqttAvailability } from '../lib/webConfig';

/** Says why MQTT cannot be used on this server, or nothing when it can. */
export function MqttUnavailable() {
  const { t } = useTranslation('common');
  const mqtt = useMqttAvailability();
  if (mqtt.available) return null;
  return (
    <Alert severity="warning" data-testid="mqtt-unavailable">
      {t(`mqttUnavailable.${mqtt.reason ?? 'portInUse'}`, { port: mqtt.port })}
    </Alert>
  );
}
