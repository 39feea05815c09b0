import { z } from 'zod';
import { endpoint } from '../endpoint';
import { envelopeOf, listEnvelopeOf } from '../envelope';
import type { GatewayCommand } from '../gateway-agent';
import {
  commandBody,
  commandListQuery,
  commandQuery,
  commandRecord,
  gwcmdCreateBody,
  logDownloadQuery,
  logFile,
  logListQuery,
  scanGatewayQuery,
  scanIdQuery,
  scanListQuery,
  scanRecord,
  scanStartBody,
  scanStatus,
} from '../gateway-commands';

const tags = ['gateway operations'] as const;
const answer =
  'Waits for the agent: 0 with the record when it ran; 12007 when it need not run, 12002 with the gateway’s message when it failed, 12101 when it did not answer in time (these three with the finished record as data); 12003 at once when the gateway is offline, 12008 while another command runs on it';

const post = <C extends GatewayCommand>(cmd: C, what: string) =>
  endpoint({
    method: 'POST',
    path: `/api/gatewayCommand/${cmd}`,
    access: 'admin',
    tags,
    summary: `${what}. ${answer}`,
    body: commandBody,
    response: envelopeOf(commandRecord),
    refusal: commandRecord,
  });
const get = <C extends GatewayCommand>(cmd: C, what: string) =>
  endpoint({
    method: 'GET',
    path: `/api/gatewayCommand/${cmd}`,
    access: 'admin',
    tags,
    summary: `${what}. ${answer}`,
    query: commandQuery,
    response: envelopeOf(commandRecord),
    refusal: commandRecord,
  });

/** One endpoint per console command (GATEWAY_COMMANDS), each run by the gateway's agent. */
export const gatewayCommandApi = {
  openSSH: post('openSSH', 'Start the gateway’s SSH server'),
  closeSSH: post('closeSSH', 'Stop the gateway’s SSH server'),
  startRssh: post(
    'startRssh',
    'Open a reverse SSH tunnel from the gateway (extra: host, port, user, remotePort; missing ones from RSSH_*)',
  ),
  stopRssh: post('stopRssh', 'Close the reverse SSH tunnel'),
  queryRssh: get('queryRssh', 'Whether the reverse SSH tunnel is up, and where to'),
  openWssh: post('openWssh', 'Allow web shell sessions on the gateway'),
  closeWssh: post('closeWssh', 'Refuse web shell sessions and end the open ones'),
  queryWssh: get('queryWssh', 'Whether web shell sessions are allowed, and how many are open'),
  openSerial: post('openSerial', 'Start a login on the gateway’s serial console'),
  closeSerial: post('closeSerial', 'Stop the login on the serial console'),
  openWeb: post('openWeb', 'Start the gateway’s local web page'),
  closeWeb: post('closeWeb', 'Stop the gateway’s local web page'),
  getBridgeLogs: post('getBridgeLogs', 'The agent’s latest log lines'),
  getPacketForwarderLogs: post('getPacketForwarderLogs', 'The packet forwarder’s latest log lines'),
  reboot: post('reboot', 'Reboot the gateway'),
  restartBridge: post('restartBridge', 'Restart the agent'),
  restartPacketForwarder: post('restartPacketForwarder', 'Restart the packet forwarder'),
  syncNetworkInfo: post('syncNetworkInfo', 'Ask for a fresh report (network)'),
  syncSystemInfo: post('syncSystemInfo', 'Ask for a fresh report (system)'),
  syncBridgeConfig: post('syncBridgeConfig', 'Send the gateway its settings again; answers the settings it runs with'),
  syncPacketForwarderConfig: post('syncPacketForwarderConfig', 'The packet forwarder’s configuration file'),
  list: endpoint({
    method: 'GET',
    path: '/api/gatewayCommand/list',
    access: 'admin',
    tags,
    summary: 'Command records (commands, web shell sessions, noise scans, log downloads), newest first',
    query: commandListQuery,
    response: listEnvelopeOf(commandRecord),
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/gwcmd/create',
    access: 'admin',
    tags,
    summary: `Run any command by name with the caller’s cToken (12103 when the gateway had it already). ${answer}`,
    body: gwcmdCreateBody,
    response: envelopeOf(commandRecord),
    refusal: commandRecord,
  }),
};

export const gatewayLogApi = {
  list: endpoint({
    method: 'GET',
    path: '/api/gateway/logfile/list',
    access: 'admin',
    tags,
    summary:
      'Files in the gateway’s /var/log/ or /var/rlog/ as its agent lists them (logSize in KB); 12003 when offline',
    query: logListQuery,
    response: envelopeOf(z.object({ files: z.array(logFile) })),
  }),
  download: endpoint({
    method: 'GET',
    path: '/api/gateway/logfile/download',
    access: 'admin',
    tags,
    summary: 'One log file, streamed from the gateway through the server; 12102 above LOG_DOWNLOAD_MAX_MB',
    query: logDownloadQuery,
    response: 'file',
  }),
};

export const frequencyScanApi = {
  start: endpoint({
    method: 'POST',
    path: '/api/gateway/frequencyScan/start',
    access: 'user',
    tags,
    summary:
      'Start a noise scan (Hz; at most 500 frequencies); answers the running scan. 12003 offline, 12008 busy, 12002 when the gateway cannot scan',
    body: scanStartBody,
    response: envelopeOf(scanRecord),
  }),
  status: endpoint({
    method: 'GET',
    path: '/api/gateway/frequencyScan/status',
    access: 'user',
    tags,
    summary: 'Whether the gateway scans now, with the latest scan’s progress',
    query: scanGatewayQuery,
    response: envelopeOf(scanStatus),
  }),
  latestRecord: endpoint({
    method: 'GET',
    path: '/api/gateway/frequencyScan/latestRecord',
    access: 'user',
    tags,
    summary: 'The latest finished scan of the gateway with its points (data null when none)',
    query: scanGatewayQuery,
    response: envelopeOf(scanRecord.nullable()),
  }),
  query: endpoint({
    method: 'GET',
    path: '/api/gateway/frequencyScan/query',
    access: 'user',
    tags,
    summary: 'One scan with its points',
    query: scanIdQuery,
    response: envelopeOf(scanRecord),
  }),
  list: endpoint({
    method: 'GET',
    path: '/api/gateway/frequencyScan/list',
    access: 'user',
    tags,
    summary: 'Scans of the caller’s gateways (one gateway with gatewayId), newest first, without points',
    query: scanListQuery,
    response: listEnvelopeOf(scanRecord),
  }),
};
