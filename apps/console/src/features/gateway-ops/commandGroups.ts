import type { GatewayCommand } from '@lns/contract/gateway-agent';

/**
 * The command page's cards, in the order an operator reaches for them. Each row holds commands
 * that belong together (open/close); `confirm` ones ask first since they cut the gateway's
 * traffic for a while.
 */
export interface CommandGroup {
  key: 'remote' | 'logs' | 'maintenance' | 'sync';
  rows: { key: string; commands: GatewayCommand[] }[];
}

export const COMMAND_GROUPS: CommandGroup[] = [
  {
    key: 'remote',
    rows: [
      { key: 'ssh', commands: ['openSSH', 'closeSSH'] },
      { key: 'rssh', commands: ['startRssh', 'stopRssh', 'queryRssh'] },
      { key: 'wssh', commands: ['openWssh', 'closeWssh', 'queryWssh'] },
      { key: 'serial', commands: ['openSerial', 'closeSerial'] },
      { key: 'web', commands: ['openWeb', 'closeWeb'] },
    ],
  },
  { key: 'logs', rows: [{ key: 'logs', commands: ['getBridgeLogs', 'getPacketForwarderLogs'] }] },
  {
    key: 'maintenance',
    rows: [{ key: 'restart', commands: ['reboot', 'restartBridge', 'restartPacketForwarder'] }],
  },
  {
    key: 'sync',
    rows: [
      {
        key: 'sync',
        commands: ['syncNetworkInfo', 'syncSystemInfo', 'syncBridgeConfig', 'syncPacketForwarderConfig'],
      },
    ],
  },
];

/** The cards in two columns on a wide screen, one after the other on a narrow one. */
export const COMMAND_COLUMNS: readonly CommandGroup['key'][][] = [['remote'], ['logs', 'maintenance', 'sync']];

/** Commands that interrupt the gateway (reboot, restarts): a confirm dialog first. */
export const CONFIRMED_COMMANDS: readonly GatewayCommand[] = ['reboot', 'restartBridge', 'restartPacketForwarder'];

/** Commands whose result is the reverse SSH tunnel's state. */
export const TUNNEL_COMMANDS: readonly GatewayCommand[] = ['startRssh', 'stopRssh', 'queryRssh'];
