/**
 * `--link mqtt`: each simulated gateway's packet forwarder talks Semtech UDP to a gateway agent of
 * its own (tools/gateway-agent, run in-process on a free local UDP port), which reaches the
 * server's MQTT broker with that gateway's credentials, as a real gateway running the agent does.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import type { GatewayMqttInfo } from '@lns/contract/gateway-status';
// The agent's module API, used in-process as bench and e2e use the server's and the simulator's.
import { type Agent, startAgent } from '../../gateway-agent/src/agent';
import { parseConfig } from '../../gateway-agent/src/config';
import type { Level } from '../../gateway-agent/src/log';
import { PLATFORM_COMMANDS } from '../../gateway-agent/src/platform';
import { writeAgentFiles } from './agent-files';
import type { GatewayLink } from './provision';
import { radioPlan } from './radio';
import { simulatedScanner } from './sim-scanner';

export type LinkMode = 'udp' | 'mqtt' | 'mixed';
export const LINK_MODES: readonly LinkMode[] = ['udp', 'mqtt', 'mixed'];

/** Gateway i's link: `mixed` alternates, UDP first, so that half the gateways are on each. */
export const linkOf = (mode: LinkMode, i: number): GatewayLink =>
  mode === 'mixed' ? (i % 2 === 0 ? 'udp' : 'mqtt') : mode;

/** How many gateways are on each link, and the broker of those on MQTT. */
export interface SimLinks {
  mode: LinkMode;
  udp: number;
  mqtt: number;
  broker?: string;
}

/** The gateways' link as the provisioned line and the summary say it. */
export function linkText(l: SimLinks): string {
  const via = `through a gateway agent each to ${l.broker}`;
  if (l.mqtt === 0) return 'UDP';
  if (l.udp === 0) return `MQTT ${via}`;
  return `mixed, ${l.udp} on UDP and ${l.mqtt} on MQTT ${via}`;
}

/** How long an agent may take to be connected to the broker before the run is given up. */
const CONNECT_TIMEOUT_MS = 15_000;

/**
 * No shell command of the agent's presets (`systemctl reboot`, …) and no reverse SSH tunnel: a
 * request from the console to a simulated gateway must not reach the machine running the
 * simulator. Those are answered unsupported ("not configured on this gateway"); the built-in
 * requests answer from the agent's temporary directory (log files, forwarder configuration) and
 * a simulated noise scan. The web shell is allowed, as on a gateway only after openWssh: it is a
 * shell of the simulator's user, started in that directory.
 */
const NO_COMMANDS = Object.fromEntries(
  Object.values(PLATFORM_COMMANDS).flatMap((commands) => Object.keys(commands).map((name) => [name, null])),
);

/** The uplink channels (Hz) of a region, where a simulated scan shows traffic; none for a region unknown here. */
function uplinkChannels(region: string): number[] {
  try {
    const plan = radioPlan(region);
    return [...new Set([...plan.data, ...plan.join].map((c) => c.frequency))].sort((a, b) => a - b);
  } catch {
    return [];
  }
}

export interface SimAgent {
  gwID: string;
  agent: Agent;
  /** The broker it connects to. */
  server: string;
  /** Where the simulated forwarder sends its Semtech UDP. */
  udp: { host: string; port: number };
}

/** The agents of one run, with a temporary directory each for their files (logs, forwarder configuration). */
export class SimAgents {
  private readonly byId = new Map<string, SimAgent>();
  private dir: string | undefined;
  private stopped = false;

  of(gwID: string): SimAgent | undefined {
    return this.byId.get(gwID);
  }

  /**
   * Starts the agent of one gateway and waits until it is connected to the broker. `broker`
   * replaces the address the server gave with the credentials (its MQTT_PUBLIC_URL, MQTT_URL or
   * its host with MQTT_PORT). Rejects, the agent stopped, with the broker's last complaint.
   */
  async start(
    gwID: string,
    cred: GatewayMqttInfo,
    broker: string | undefined,
    onLog: (level: Level, msg: string) => void,
  ): Promise<SimAgent> {
    if (this.stopped) throw new Error('the gateway agents were stopped');
    this.dir ??= mkdtempSync(join(os.tmpdir(), 'lns-sim-agents-'));
    const a = await startSimAgent(gwID, cred, broker, join(this.dir, gwID), onLog);
    if (this.stopped) {
      // Another agent failed while this one connected: the run is over.
      await a.agent.stop();
      throw new Error('the gateway agents were stopped');
    }
    this.byId.set(gwID, a);
    return a;
  }

  /** Each agent says OFFLINE and disconnects; the log files go. */
  async stop(): Promise<void> {
    this.stopped = true;
    const all = [...this.byId.values()];
    this.byId.clear();
    await Promise.all(all.map((a) => a.agent.stop()));
    if (this.dir) rmSync(this.dir, { recursive: true, force: true });
    this.dir = undefined;
  }
}

async function startSimAgent(
  gwID: string,
  cred: GatewayMqttInfo,
  broker: string | undefined,
  dir: string,
  onLog: (level: Level, msg: string) => void,
): Promise<SimAgent> {
  const server = broker ?? cred.url;
  // The server names the gateway's region as its topic prefix.
  const channels = uplinkChannels(cred.topicPrefix);
  mkdirSync(dir, { recursive: true });
  const files = writeAgentFiles(dir, gwID, channels);
  /** What the agent complained of before it was connected (the reason first, then "connection closed"). */
  const complaints: string[] = [];
  const settings = parseConfig({
    gatewayId: gwID,
    server,
    username: cred.username,
    password: cred.password,
    prefix: cred.topicPrefix,
    udpHost: '127.0.0.1',
    udpPort: 0,
    // The agent's own log file, when the console switches it on, is one of the listed files.
    logDir: files.logDirs.log,
    logDirs: files.logDirs,
    packetForwarderConfig: files.packetForwarderConfig,
    commands: NO_COMMANDS,
    rssh: null,
    webShell: { enabled: true, command: '/bin/sh', args: [], cwd: dir },
    // Packages are downloaded and checked for real; "installing" one only checks it is there, and
    // nothing that would touch this machine (dpkg, a program swap, a reboot) is configured.
    upgrade: {
      workDir: join(dir, 'upgrade-work'),
      stateDir: join(dir, 'upgrade-state'),
      deb: 'test -s {file}',
      opkg: 'test -s {file}',
      agentPath: null,
      packetForwarderPath: null,
    },
  });
  let agent: Agent | undefined;
  agent = await startAgent(settings, {
    echoLog: false,
    scanner: simulatedScanner(channels),
    onLog: (level, msg) => {
      if (level !== 'info' && !agent?.link.connected) complaints.push(msg);
      onLog(level, msg);
    },
  });
  const end = Date.now() + CONNECT_TIMEOUT_MS;
  while (!agent.link.connected) {
    // A first attempt that failed (refused, unknown host, credentials): the server is up, as the
    // API just answered, so the agent's retries would only fail again.
    if (complaints.length > 0 || Date.now() > end) {
      await agent.stop();
      const why = complaints.find((c) => !c.includes('connection closed')) ?? complaints[0];
      throw new Error(
        `the agent of gateway ${gwID} could not connect to ${server}: ${why ?? `not connected after ${CONNECT_TIMEOUT_MS / 1000} s`} (--mqtt sets the broker)`,
      );
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return { gwID, agent, server, udp: { host: '127.0.0.1', port: agent.forwarder.port } };
}
