import type { GatewayCommand } from '@lns/contract/gateway-agent';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import { Fragment, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CardPanel } from '../../../components/CardPanel';
import type { CommandGroup } from '../commandGroups';

export interface CommandCardProps {
  group: CommandGroup;
  /** The command waiting for its answer: its button spins, every other one waits. */
  running: GatewayCommand | null;
  disabled: boolean;
  onRun: (cmd: GatewayCommand) => void;
  /** Content under a row's buttons, by row key (the tunnel's form, the web shell link). */
  rowExtra?: Partial<Record<string, ReactNode>>;
  /** The wait for, or the outcome of, this card's last command: shown under that command's row. */
  result?: { cmd: GatewayCommand; node: ReactNode } | null;
}

/** One card of commands: a titled row of buttons per thing the commands act on. */
export function CommandCard({ group, running, disabled, onRun, rowExtra = {}, result }: CommandCardProps) {
  const { t } = useTranslation('gatewayOps');
  return (
    <CardPanel title={t(`group.${group.key}`)} data-testid={`cmd-group-${group.key}`}>
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
        {group.rows.map((row, i) => (
          <Fragment key={row.key}>
            {i > 0 && <Divider />}
            <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
              {group.rows.length > 1 && <Typography variant="body2">{t(`row.${row.key}`)}</Typography>}
              <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
                {row.commands.map((cmd) => (
                  <Button
                    key={cmd}
                    size="small"
                    variant="outlined"
                    color={group.key === 'maintenance' ? 'warning' : 'primary'}
                    loading={running === cmd}
                    disabled={disabled || (running !== null && running !== cmd)}
                    onClick={() => onRun(cmd)}
                    data-testid={`cmd-${cmd}`}
                  >
                    {t(`kind.${cmd}`)}
                  </Button>
                ))}
              </Box>
              {rowExtra[row.key]}
              {result && row.commands.includes(result.cmd) && result.node}
            </Box>
          </Fragment>
        ))}
      </Box>
    </CardPanel>
  );
}
