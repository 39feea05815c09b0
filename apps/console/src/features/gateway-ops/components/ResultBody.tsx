import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useHasPage } from '../../../lib/builtPages';
import { resultView } from '../resultView';
import { LazyJsonTree } from './LazyJsonTree';
import { ShellOutput } from './ShellOutput';

export const SHELL_PAGE = '/gateway/shell-tool';

/** Where the web shell of a gateway opens. */
export const shellPath = (gw: { gwID: string; gwName: string }) =>
  `${SHELL_PAGE}?gwID=${gw.gwID}&gwName=${encodeURIComponent(gw.gwName)}`;

/** What a command answered: shell output, the tunnel's or the web shell's state in words, else the JSON. */
export function ResultBody({ result, gateway }: { result: unknown; gateway?: { gwID: string; gwName: string } }) {
  const { t } = useTranslation('gatewayOps');
  const hasPage = useHasPage();
  const view = resultView(result);
  switch (view.kind) {
    case 'none':
      return null;
    case 'shell':
      return <ShellOutput {...view} />;
    case 'tunnel':
      return (
        <Typography variant="body2" data-testid="tunnel-state" sx={{ overflowWrap: 'anywhere' }}>
          {!view.running
            ? t('result.tunnelDown')
            : view.host && view.user && view.remotePort
              ? t('result.tunnelUp', { host: view.host, port: view.port, user: view.user, remotePort: view.remotePort })
              : t('result.tunnelRunning')}
        </Typography>
      );
    case 'wssh':
      return (
        <Box data-testid="wssh-state">
          <Typography variant="body2">
            {view.open ? t('result.wsshOpen', { count: view.sessions }) : t('result.wsshClosed')}
          </Typography>
          {view.open && gateway && hasPage(SHELL_PAGE) && (
            <Link component={RouterLink} to={shellPath(gateway)} variant="body2">
              {t('result.openShell')}
            </Link>
          )}
        </Box>
      );
    default:
      return (
        <Box sx={{ maxHeight: 420, overflow: 'auto', minWidth: 0 }}>
          <LazyJsonTree data={view.data} />
        </Box>
      );
  }
}
