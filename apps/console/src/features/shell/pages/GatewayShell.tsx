import { normalizeHex } from '@lns/contract/hex';
import type { SocketState } from '@lns/contract/streams';
import LinkOffIcon from '@mui/icons-material/LinkOff';
import TerminalIcon from '@mui/icons-material/Terminal';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useGatewaySearch } from '../api';
import { GatewayPicker, type PickedGateway } from '../components/GatewayPicker';
import { ShellTerminal } from '../components/ShellTerminal';
import type { ShellTerm } from '../terminal';
import { useShellSession } from '../useShellSession';

const STATE_COLOR: Record<SocketState, 'warning' | 'success' | 'default'> = {
  0: 'warning',
  1: 'success',
  2: 'warning',
  3: 'default',
};

/**
 * /gateway/shell-tool?gwID&gwName (admins): a terminal on the gateway through its agent
 * (docs/protocols/gateway-agent.md "Web shell"). The gateway comes from the address or the
 * picker; changing it ends the open session.
 */
export default function GatewayShell() {
  const { t } = useTranslation('shell');
  const [params, setParams] = useSearchParams();
  const gwID = normalizeHex(params.get('gwID') ?? '');
  const valid = /^[0-9a-f]{16}$/.test(gwID);
  // The chosen gateway's row, for its online state (and its name when the address lacks it).
  const row = useGatewaySearch(valid ? gwID : '').data?.rows.find((r) => r.gwID === gwID);
  const picked: PickedGateway | null = valid
    ? { gwID, gwName: row?.gwName ?? params.get('gwName') ?? '', online: row?.online }
    : null;

  const termRef = useRef<ShellTerm | null>(null);
  const shell = useShellSession(valid ? gwID : '', termRef);
  const busy = shell.phase === 'preparing' || shell.phase === 'live';

  const pick = (g: PickedGateway | null) => setParams(g ? { gwID: g.gwID, gwName: g.gwName } : {}, { replace: true });

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5, minWidth: 0 }}>
      <Typography variant="h6">{t('title')}</Typography>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <GatewayPicker value={picked} onChange={pick} />
        <Chip
          size="small"
          color={STATE_COLOR[shell.state]}
          label={t(`state.${shell.state}`)}
          data-testid="shell-state"
          data-state={shell.state}
        />
        {shell.session && (
          <Typography variant="caption" color="text.secondary" data-testid="shell-session" noWrap>
            {t('session', { id: shell.session })}
          </Typography>
        )}
        <Box sx={{ flexGrow: 1 }} />
        {busy ? (
          <Button
            variant="outlined"
            startIcon={<LinkOffIcon />}
            onClick={shell.disconnect}
            data-testid="shell-disconnect"
          >
            {t('disconnect')}
          </Button>
        ) : (
          <Button
            variant="contained"
            startIcon={<TerminalIcon />}
            disabled={!valid}
            onClick={shell.connect}
            data-testid="shell-connect"
          >
            {t('connect')}
          </Button>
        )}
      </Box>
      {!valid && <Alert severity="info">{t('pickGateway')}</Alert>}
      {shell.phase === 'preparing' && (
        <Box>
          <LinearProgress />
          <Typography variant="caption" color="text.secondary">
            {t('preparing')}
          </Typography>
        </Box>
      )}
      {shell.ended && (
        <Alert
          severity={shell.ended.cause === 'exited' ? 'info' : 'warning'}
          data-testid="shell-ended"
          data-reason={shell.ended.cause}
          action={
            <Button color="inherit" size="small" onClick={shell.connect} data-testid="shell-connect-again">
              {t('connectAgain')}
            </Button>
          }
        >
          {t('ended', { reason: t(`reason.${shell.ended.cause}`) })}
          {shell.ended.detail ? ` (${shell.ended.detail})` : ''}
        </Alert>
      )}
      <ShellTerminal termRef={termRef} onData={shell.input} onResize={shell.resize} />
      <Typography variant="caption" color="text.secondary">
        {t('hint')}
      </Typography>
    </Box>
  );
}
