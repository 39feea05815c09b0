/**
 * The agent: the packet forwarder's UDP bridged to the MQTT gateway link, and the agent protocol
 * (reports, config, requests, web shell) on the same connection. Wired here, started by cli.ts and tests.
 */
import { AGENT_PROTOCOL_VERSION, agentConfig } from '@lns/contract/gateway-agent';
import { type GatewayTopicKind, gatewayTopic, parseGatewayTopic } from '@lns/contract/gateway-mqtt';
import { Bridge } from './bridge';
import { type AgentSettings, clampKeepAlive, clampStatInterval } from './config';
import { CpuMeter } from './host/cpu';
import { Link } from './link';
import { Log, type LogSink } from './log';
import { logHandlers } from './logs/handlers';
import { pfConfigHandler } from './pfconf/handler';
import { buildReport } from './report';
import { Requests } from './requests';
import { rsshHandlers } from './rssh/handlers';
import { ReverseTunnel } from './rssh/tunnel';
import { scanHandler } from './scan/handler';
import type { Scanner } from './scan/scanner';
import { spectralScanner } from './scan/spectral';
import { syncHandlers } from './sync';
import { ForwarderSocket } from './udp';
import { upgradeHandler } from './upgrade/handler';
import { stateFileOf, upgradeVersions } from './upgrade/state';
import { webShellHandlers } from './webshell/handlers';
import { WebShell } from './webshell/web-shell';

export interface Agent {
  link: Link;
  forwarder: ForwarderSocket;
  log: Log;
  webShell: WebShell;
  tunnel: ReverseTunnel | null;
  /** Seconds between reports now (the file's, then the console's). */
  readonly statInterval: number;
  reportNow(): Promise<void>;
  /** Publishes OFFLINE, disconnects and closes the UDP socket. */
  stop(): Promise<void>;
}

export interface AgentOptions {
  /** Log lines to stderr too (default true). */
  echoLog?: boolean;
  /** Each log line, for a program running agents in-process (the simulator's `--link mqtt`). */
  onLog?: LogSink;
  /**
   * Measures the noise for frequencyScan instead of the file's spectralScan (the simulator's
   * simulated concentrator); without either, a scan is answered `unsupported`.
   */
  scanner?: Scanner;
  /** Called on each connection to the broker, once subscribed (the check of a new agent program). */
  onConnected?: () => void;
}

export async function startAgent(s: AgentSettings, opts: AgentOptions = {}): Promise<Agent> {
  const log = new Log(s.logDir, opts.echoLog ?? true, opts.onLog);
  log.setFile(s.enableBridgeLogToFile);
  const topic = (kind: GatewayTopicKind, name: string) => gatewayTopic(s.prefix, s.gatewayId, kind, name);
  const conn = (state: 'ONLINE' | 'OFFLINE') => ({ gatewayId: s.gatewayId, state });

  // Assigned below, before the first datagram or MQTT message can arrive (both are async).
  let bridge: Bridge | undefined;
  let requests: Requests | undefined;
  const forwarder = await ForwarderSocket.open(
    s.udpHost,
    s.udpPort,
    s.gatewayId,
    {
      onRxpk: (r) => bridge?.onRxpk(r),
      onStat: (st) => bridge?.onStat(st),
      onTxAck: (token, error) => bridge?.onTxAck(token, error),
    },
    log,
  );
  log.info(`udp: listening for the packet forwarder on ${s.udpHost}:${forwarder.port}`);

  const cpu = new CpuMeter();
  let statInterval = s.statInterval;
  let timer: NodeJS.Timeout | undefined;

  const reportNow = async () => {
    const report = await buildReport({
      logDir: s.logDir,
      udpPort: s.udpPort,
      wanIpUrl: s.wanIpUrl,
      log,
      cpu,
      rttMs: () => link.rttMs,
      forwarder: () => forwarder,
      upgradeVersions: () => (s.upgrade ? upgradeVersions(stateFileOf(s.upgrade.stateDir)) : []),
    });
    await link.publish(topic('agent', 'report'), report);
  };
  const report = () => reportNow().catch((err) => log.error(`report: ${(err as Error).message}`));
  const arm = () => {
    clearInterval(timer);
    timer = setInterval(report, statInterval * 1000);
  };

  const applyConfig = (payload: Buffer) => {
    let raw: unknown;
    try {
      raw = JSON.parse(payload.toString('utf8'));
    } catch {
      return log.warn('config: not JSON, ignored');
    }
    const r = agentConfig.safeParse(raw);
    if (!r.success) return log.warn(`config: not a version ${AGENT_PROTOCOL_VERSION} config, ignored`);
    const next = clampStatInterval(r.data.statInterval, s.minStatInterval);
    if (next !== statInterval) {
      log.info(`config: stat interval ${statInterval} s → ${next} s`);
      statInterval = next;
      arm();
    }
    log.setFile(r.data.enableBridgeLogToFile);
    void link.setKeepAlive(clampKeepAlive(r.data.mqttKeepAlive));
  };

  const link = new Link(
    {
      server: s.server,
      clientId: `gw-agent-${s.gatewayId}`,
      username: s.username,
      password: s.password,
      keepalive: s.mqttKeepAlive,
      will: { topic: topic('state', 'conn'), payload: JSON.stringify(conn('OFFLINE')) },
      subscriptions: [
        topic('command', 'down'),
        topic('agent', 'config'),
        topic('agent', 'request'),
        topic('agent', 'shell-in'),
      ],
      onConnect: () => {
        // ONLINE first: its PUBACK gives the first report its nwkDelay.
        void link.publish(topic('state', 'conn'), conn('ONLINE'), { retain: true }).then(report);
        opts.onConnected?.();
      },
      onMessage: (t, payload) => {
        const parsed = parseGatewayTopic(t);
        const key = parsed && `${parsed.kind}/${parsed.name}`;
        if (key === 'command/down') bridge?.onDownlink(payload);
        else if (key === 'agent/config') applyConfig(payload);
        else if (key === 'agent/request') void requests?.handle(payload);
        else if (key === 'agent/shell-in') webShell.handle(payload);
      },
    },
    log,
  );
  bridge = new Bridge(link, forwarder, s.prefix, s.gatewayId, log);
  const webShell = new WebShell(s.webShell, (m) => link.publish(topic('agent', 'shell-out'), m, { queue: true }), log);
  const tunnel = s.rssh && new ReverseTunnel({ ...s.rssh, log });
  const scanner = opts.scanner ?? (s.spectralScan && spectralScanner(s.spectralScan, log));
  requests = new Requests({
    handlers: {
      ...syncHandlers({
        settings: s,
        sendReport: reportNow,
        current: () => ({ mqttKeepAlive: link.keepAlive, statInterval, enableBridgeLogToFile: log.toFile }),
        canScan: scanner !== null,
      }),
      ...rsshHandlers(tunnel, s.rssh?.keyFile ?? ''),
      ...webShellHandlers(webShell),
      ...logHandlers(s.logDirs),
      frequencyScan: scanHandler(scanner),
      upgrade: upgradeHandler({ settings: s.upgrade, commands: s.commands, log }),
      applyPacketForwarderConfig: pfConfigHandler({
        path: s.packetForwarderConfig,
        gatewayId: s.gatewayId,
        udp: () => ({ host: s.udpHost, port: forwarder.port }),
        restart: s.commands.restartPacketForwarder,
        log,
      }),
    },
    commands: s.commands,
    timeoutS: s.commandTimeoutS,
    respond: async (r) => {
      await link.publish(topic('agent', 'response'), r, { queue: true });
    },
    log,
  });
  arm();

  return {
    link,
    forwarder,
    log,
    webShell,
    tunnel,
    get statInterval() {
      return statInterval;
    },
    reportNow,
    stop: async () => {
      clearInterval(timer);
      bridge?.close();
      tunnel?.stop();
      webShell.refuse('the gateway agent stops');
      await link.stop({ topic: topic('state', 'conn'), msg: conn('OFFLINE'), retain: true });
      await forwarder.close();
      log.info('stopped');
    },
  };
}
