import type { GatewayCommand } from '@lns/contract/gateway-agent';
import type { CommandRecord } from '@lns/contract/gateway-commands';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../../lib/format';
import type { OpError } from '../commandError';
import { OpErrorAlert } from './OpErrorAlert';
import { ResultBody } from './ResultBody';
import { StateChip } from './StateChip';

export interface CommandOutcome {
  /** The gateway it ran on. */
  gwID: string;
  cmd: GatewayCommand;
  /** The record the server answered, or the one a refused command left. */
  record?: CommandRecord;
  error?: OpError;
}

/** The last command's outcome: its name, state, when, then the output or what went wrong. */
export function CommandResult({
  outcome,
  gateway,
}: {
  outcome: CommandOutcome;
  gateway?: { gwID: string; gwName: string };
}) {
  const { t } = useTranslation('gatewayOps');
  const { record } = outcome;
  return (
    <Paper
      variant="outlined"
      sx={{ p: 1.5, display: 'flex', flexDirection: 'column', gap: 1 }}
      data-testid="cmd-result"
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="subtitle2">{t(`kind.${outcome.cmd}`)}</Typography>
        {record && <StateChip state={record.state} />}
        <Box sx={{ flexGrow: 1 }} />
        {record && (
          <Typography variant="caption" color="text.secondary">
            {formatTime(record.finishedAt ?? record.createdAt)}
          </Typography>
        )}
      </Box>
      {outcome.error && <OpErrorAlert error={outcome.error} />}
      {record && <ResultBody result={record.result} gateway={gateway} />}
    </Paper>
  );
}
