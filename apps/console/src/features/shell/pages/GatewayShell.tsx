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
import { GatewayPicker } from '../../../components/GatewayPicker';
import { OnlineBadge } from '../../../components/OnlineBadge';
import { isGwID, useChosenGateway } from '../../../lib/chosenGateway';
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
  const gw = useChosenGateway();
  const gwID = gw.gwID;
  const valid = isGwID(gwID);

  const termRef = useRef<ShellTerm | null>(null);
  const shell = useShellSession(valid ? gwID : '', termRef);
  const busy = shell.phase === 'preparing' || shell.phase === 'live';

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5, minWidth: 0 }}>
      <Typography variant="h6">{t('title')}</Typography>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <GatewayPicker
          sx={{ minWidth: 0, width: { xs: '100%', sm: 440 } }}
          label={t('gateway')}
          testId="shell-gateway"
          value={gw.picked}
          onChange={gw.choose}
        />
        {gw.info && <OnlineBadge online={gw.info.online} />}
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
