import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { GatewayPicker } from '../../../components/GatewayPicker';
import { OnlineBadge } from '../../../components/OnlineBadge';
import type { ChosenGateway } from '../../../lib/chosenGateway';

/**
 * The gateway picker above a page's work, its online state beside it and the page's own buttons
 * (refresh) at the end; says so when the URL names a gateway the user cannot open.
 */
export function GatewayBar({ gw, children }: { gw: ChosenGateway; children?: ReactNode }) {
  const { t } = useTranslation('gatewayOps');
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <GatewayPicker sx={{ width: { xs: '100%', sm: 360 } }} value={gw.picked} onChange={gw.choose} />
        {gw.info && <OnlineBadge online={gw.info.online} />}
        <Box sx={{ flexGrow: 1 }} />
        {children}
      </Box>
      {gw.missing && (
        <Alert severity="warning" data-testid="gw-missing">
          {t('picker.missing')}
        </Alert>
      )}
    </Box>
  );
}
