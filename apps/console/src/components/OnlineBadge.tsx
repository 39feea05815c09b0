import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';

/** Online or offline, as the gateway pickers, lists and page headers show a gateway. */
export function OnlineBadge({ online }: { online: boolean }) {
  const { t } = useTranslation('widgets');
  return (
    <Chip
      size="small"
      color={online ? 'success' : 'default'}
      variant={online ? 'filled' : 'outlined'}
      label={online ? t('gatewayPicker.online') : t('gatewayPicker.offline')}
      data-online={online}
    />
  );
}
