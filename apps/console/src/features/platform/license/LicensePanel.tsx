import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import LinearProgress from '@mui/material/LinearProgress';
import { useTranslation } from 'react-i18next';
import { CardPanel } from '../../../components/CardPanel';
import { useLicenseStatus } from './api';
import { LicenseForm } from './LicenseForm';
import { LicenseStatusView } from './LicenseStatusView';

/**
 * The "License and token" card of the platform authentication page (docs/product/platform.md):
 * what the license allows and how much is used, and the form that installs a license with its
 * token. Without a public key on the server the platform is unlimited and the form is off.
 */
export default function LicensePanel() {
  const { t } = useTranslation('license');
  const status = useLicenseStatus();
  const s = status.data;
  return (
    <CardPanel
      title={t('title')}
      actions={['refresh']}
      onRefresh={() => void status.refetch()}
      data-testid="license-panel"
    >
      {!s ? (
        <LinearProgress />
      ) : (
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          <LicenseStatusView status={s} />
          <Divider />
          <LicenseForm disabled={s.mode === 'unlimited'} />
        </Box>
      )}
    </CardPanel>
  );
}
