/**
 * `--link mqtt`: each simulated gateway's packet forwarder talks Semtech UDP to a gateway agent of
 * its own (tools/gateway-agent, run in-process on a free local UDP port), which reaches the
 * server's MQTT broker with that gateway's credentials, as a real gateway running the agent does.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import type { GatewayMqttInfo } from '@lns/contract/gateway-status';
// The agent's module API, used in-process as bench and e2e use the server's and the simulator's.
import { type Agent, startAgent } from '../../gateway-agent/src/agent';
import { DEFAULT_COMMANDS, parseConfig } from '../../gateway-agent/src/config';
import type { Level } from '../../gateway-agent/src/log';
import type { GatewayLink } from './provision';

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
 * No shell command of the agent's defaults (`systemctl reboot`, …): a request from the console to
 * a simulated gateway must not reach the machine running the simulator. It is answered "not
 * configured on this gateway"; the built-in syncSystemInfo and syncNetworkInfo still answer.
 */
const NO_COMMANDS = Object.fromEntries(Object.keys(DEFAULT_COMMANDS).map((name) => [name, null]));

export interface SimAgent {
  gwID: string;
  agent: Agent;
  /** The broker it connects to. */
  server: string;
  /** Where the simulated forwarder sends its Semtech UDP. */
  udp: { host: string; port: number };
}

/** The agents of one run, with a temporary directory for their log files (switched on from the console). */
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
  logDir: string,
  onLog: (level: Level, msg: string) => void,
): Promise<SimAgent> {
  const server = broker ?? cred.url;
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
    logDir,
    commands: NO_COMMANDS,
  });
  let agent: Agent | undefined;
  agent = await startAgent(settings, {
    echoLog: false,
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
