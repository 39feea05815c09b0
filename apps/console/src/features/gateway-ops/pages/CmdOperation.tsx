import { gatewayCommandApi } from '@lns/contract/api/gateway-commands';
import type { GatewayCommand } from '@lns/contract/gateway-agent';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { refusalOf } from '../../../lib/api';
import { useHasPage } from '../../../lib/builtPages';
import { chosenGatewayKey, useChosenGateway } from '../../../lib/chosenGateway';
import { runCommand } from '../api';
import { opError } from '../commandError';
import { COMMAND_COLUMNS, COMMAND_GROUPS, CONFIRMED_COMMANDS } from '../commandGroups';
import { CommandCard } from '../components/CommandCard';
import { type CommandOutcome, CommandResult } from '../components/CommandResult';
import { GatewayBar } from '../components/GatewayBar';
import { SHELL_PAGE, shellPath } from '../components/ResultBody';
import { RsshForm } from '../components/RsshForm';
import { EMPTY_RSSH, type RsshField, rsshCheck } from '../rsshForm';

const groupOf = (cmd: GatewayCommand) => COMMAND_GROUPS.find((g) => g.rows.some((r) => r.commands.includes(cmd)))!;

/**
 * /gateway/cmd-operation?gwID: the gateway agent's commands (docs/protocols/gateway-agent.md) in
 * cards. One runs at a time: the server waits up to a minute for the agent, then the outcome shows
 * in the card that asked. Restarts ask first; an offline gateway takes none.
 */
export default function CmdOperation() {
  const { t } = useTranslation('gatewayOps');
  const hasPage = useHasPage();
  const qc = useQueryClient();
  const gw = useChosenGateway();
  const [running, setRunning] = useState<GatewayCommand | null>(null);
  const [outcome, setOutcome] = useState<CommandOutcome | null>(null);
  const [confirming, setConfirming] = useState<GatewayCommand | null>(null);
  const [rssh, setRssh] = useState(EMPTY_RSSH);
  const [rsshErrors, setRsshErrors] = useState<Partial<Record<RsshField, string>>>({});
  const online = gw.info?.online ?? false;
  const gateway = gw.info ? { gwID: gw.info.gwID, gwName: gw.info.gwName } : undefined;

  const run = async (cmd: GatewayCommand) => {
    if (!gw.info) return;
    let extra: ReturnType<typeof rsshCheck>['extra'];
    if (cmd === 'startRssh') {
      const checked = rsshCheck(rssh);
      setRsshErrors(checked.errors);
      if (!checked.extra) return;
      extra = Object.keys(checked.extra).length > 0 ? checked.extra : undefined;
    }
    const gwID = gw.info.gwID;
    setRunning(cmd);
    setOutcome(null);
    try {
      setOutcome({ gwID, cmd, record: await runCommand(cmd, gwID, extra) });
    } catch (e) {
      // A command that reached the gateway comes back refused with its finished record (its output).
      setOutcome({ gwID, cmd, error: opError(e), record: refusalOf(gatewayCommandApi[cmd], e) });
    } finally {
      setRunning(null);
      // A command may change what the page shows of the gateway (offline after a reboot, 12003).
      void qc.invalidateQueries({ queryKey: chosenGatewayKey(gwID) });
    }
  };
  // An answer for the gateway chosen before is not this one's.
  const shown = outcome?.gwID === gw.gwID ? outcome : null;
  const ask = (cmd: GatewayCommand) => (CONFIRMED_COMMANDS.includes(cmd) ? setConfirming(cmd) : void run(cmd));

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, minWidth: 0 }}>
      <Typography variant="h6">{t('cmd.title')}</Typography>
      <GatewayBar gw={gw} />
      {!gw.gwID && <Alert severity="info">{t('picker.first')}</Alert>}
      {gw.info && !online && (
        <Alert severity="warning" data-testid="cmd-offline">
          {t('cmd.offline')}
        </Alert>
      )}
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          alignItems: 'start',
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' },
        }}
      >
        {/* Two stacks rather than a grid of rows: the tall remote access card leaves no hole beside it. */}
        {COMMAND_COLUMNS.map((column) => (
          <Box key={column.join()} sx={{ display: 'flex', flexDirection: 'column', gap: 2, minWidth: 0 }}>
            {column.map((key) => {
              const group = COMMAND_GROUPS.find((g) => g.key === key)!;
              return (
                <CommandCard
                  key={key}
                  group={group}
                  running={running}
                  disabled={!online}
                  onRun={ask}
                  rowExtra={{
                    rssh: (
                      <RsshForm
                        values={rssh}
                        errors={rsshErrors}
                        onChange={setRssh}
                        disabled={!online || running !== null}
                      />
                    ),
                    wssh: gateway && hasPage(SHELL_PAGE) && (
                      <Link component={RouterLink} to={shellPath(gateway)} variant="body2" data-testid="shell-link">
                        {t('cmd.shellLink')}
                      </Link>
                    ),
                  }}
                  result={
                    running && groupOf(running) === group
                      ? {
                          cmd: running,
                          node: (
                            <Typography variant="body2" color="text.secondary" data-testid="cmd-waiting">
                              {t('cmd.waiting', { name: t(`kind.${running}`) })}
                            </Typography>
                          ),
                        }
                      : shown && groupOf(shown.cmd) === group
                        ? { cmd: shown.cmd, node: <CommandResult outcome={shown} gateway={gateway} /> }
                        : null
                  }
                />
              );
            })}
          </Box>
        ))}
      </Box>
      <ConfirmDialog
        open={confirming !== null}
        title={confirming ? t(`kind.${confirming}`) : undefined}
        message={confirming ? t(`confirm.${confirming}`, { name: gw.info?.gwName ?? '' }) : ''}
        color="warning"
        confirmText={t('confirm.run')}
        // The dialog closes at once; the card's button shows the wait.
        onConfirm={() => {
          if (confirming) void run(confirming);
        }}
        onClose={() => setConfirming(null)}
      />
    </Box>
  );
}
