import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import { usePlatformAccount, usePlatformConfig } from '../api';
import { AccountCard } from '../components/AccountCard';
import { DataSettingsCard } from '../components/DataSettingsCard';
import LicensePanel from '../license/LicensePanel';

/**
 * /platform/authentication (docs/product/platform.md), admins only: the data switches and
 * retention, the account, and the license with its token, top to bottom.
 */
export default function Authentication() {
  const config = usePlatformConfig();
  const account = usePlatformAccount();
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, minWidth: 0 }}>
      {config.data ? (
        // A configuration read afresh (saved elsewhere, say) starts the form over from it.
        <DataSettingsCard key={JSON.stringify(config.data)} config={config.data} />
      ) : (
        <LinearProgress />
      )}
      <AccountCard account={account.data} onRefresh={() => void account.refetch()} />
      <LicensePanel />
    </Box>
  );
}
