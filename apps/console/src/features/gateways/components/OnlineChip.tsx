import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';

export function OnlineChip({ online }: { online: boolean }) {
  const { t } = useTranslation('gateways');
  return (
    <Chip
      size="small"
      color={online ? 'success' : 'default'}
      variant={online ? 'filled' : 'outlined'}
      label={online ? t('onlineYes') : t('onlineNo')}
    />
  );
}
