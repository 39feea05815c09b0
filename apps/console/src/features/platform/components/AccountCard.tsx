import type { PlatformAccount } from '@lns/contract/platform';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { CardPanel } from '../../../components/CardPanel';

const FIELDS = ['username', 'deviceCount', 'gatewayCount', 'nwID'] as const;

/** The signed-in admin, the devices and gateways of every owner, and the NetID (read-only). */
export function AccountCard({ account, onRefresh }: { account?: PlatformAccount; onRefresh: () => void }) {
  const { t, i18n } = useTranslation('platform');
  const shown = (field: (typeof FIELDS)[number]) => {
    const value = account?.[field];
    // Exact counts here (not K+): this is the figure to read against the license.
    return typeof value === 'number' ? value.toLocaleString(i18n.language) : value;
  };
  return (
    <CardPanel title={t('account.title')} actions={['refresh']} onRefresh={onRefresh} data-testid="platform-account">
      <Box
        component="dl"
        sx={{ m: 0, display: 'grid', gridTemplateColumns: 'minmax(88px, max-content) minmax(0, 1fr)', gap: 1.5 }}
      >
        {FIELDS.map((field) => (
          <Box key={field} sx={{ display: 'contents' }}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {t(`account.${field}`)}
            </Typography>
            <Typography
              component="dd"
              variant="body2"
              sx={{
                m: 0,
                minWidth: 0,
                overflowWrap: 'anywhere',
                fontFamily: field === 'nwID' ? 'monospace' : undefined,
              }}
              data-testid={`platform-account-${field}`}
            >
              {account ? shown(field) : <Skeleton width={80} />}
            </Typography>
          </Box>
        ))}
      </Box>
    </CardPanel>
  );
}
