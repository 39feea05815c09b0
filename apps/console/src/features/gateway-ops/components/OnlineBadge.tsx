import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';

/** Online or offline, as the pickers and headers of these pages show a gateway. */
export function OnlineBadge({ online }: { online: boolean }) {
  const { t } = useTranslation('gatewayOps');
  return (
    <Chip
      size="small"
      color={online ? 'success' : 'default'}
      variant={online ? 'filled' : 'outlined'}
      label={online ? t('online') : t('offline')}
    />
  );
}
