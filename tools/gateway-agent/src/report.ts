/**
 * The agent protocol's Report (docs/protocols/gateway-agent.md), read from the host it runs on
 * at the moment it is sent.
 */
import os from 'node:os';
import { AGENT_PROTOCOL_VERSION, type AgentReport } from '@lns/contract/gateway-agent';
import type { CpuMeter } from './host/cpu';
import { diskUsage, memoryUsage } from './host/memory';
import { addresses, fetchWanIp, interfaces, networkTypeOf } from './host/network';
import { boardModel, firmwareVersion, resetSource, temperature } from './host/sensors';
import type { Log } from './log';
import type { ForwarderSocket } from './udp';
import { AGENT_VERSION } from './version';

export interface ReportSources {
  logDir: string;
  udpPort: number;
  wanIpUrl?: string;
  log: Log;
  cpu: CpuMeter;
  /** The last MQTT round trip (ms). */
  rttMs(): number | null;
  forwarder(): ForwarderSocket | null;
  /** What upgrades installed (`upgrade:<kind>` entries), read at each report. */
  upgradeVersions?(): { name: string; version: string }[];
}

const clip = (s: string | undefined, max: number) => (s === undefined ? undefined : s.slice(0, max));

/** What stays the same while the agent runs: read once. */
const fixed = { model: clip(boardModel(), 64), firmwareVersion: clip(firmwareVersion(), 64) };

export async function buildReport(src: ReportSources, now = Date.now()): Promise<AgentReport> {
  const cpuUsage = await src.cpu.usage();
  const ifs = interfaces()
    .slice(0, 32)
    .map((i) => ({ name: clip(i.name, 32)!, mac: clip(i.mac, 32)!, addresses: i.addresses.slice(0, 16) }));
  const net = addresses(ifs);
  const wanIP = (src.wanIpUrl ? await fetchWanIp(src.wanIpUrl) : undefined) ?? net.routeIP;
  const fwd = src.forwarder();
  const stat = fwd?.lastStat;
  const count = (v: unknown) => (typeof v === 'number' && Number.isInteger(v) && v >= 0 ? v : undefined);
  const kernel = os.release();
  return {
    v: AGENT_PROTOCOL_VERSION,
    time: now,
    info: {
      ...(fixed.model ? { model: fixed.model } : {}),
      ...(fixed.firmwareVersion ? { firmwareVersion: fixed.firmwareVersion } : {}),
      kernelVersion: clip(kernel, 128),
      bridgeVersion: `agent ${AGENT_VERSION}`,
      arch: os.arch(),
      hostname: clip(os.hostname(), 64),
      uptime: Math.round(os.uptime()),
      supportGPS: typeof stat?.lati === 'number' && stat.lati !== 0,
      lte: ifs.some((i) => networkTypeOf(i.name) === 'lte'),
      wifi: ifs.some((i) => networkTypeOf(i.name) === 'wifi'),
    },
    network: {
      networkType: net.networkType,
      ...(wanIP ? { wanIP } : {}),
      ...(net.lanIP ? { lanIP: net.lanIP } : {}),
      lteSignal: null,
      nwkDelay: src.rttMs(),
      interfaces: ifs,
    },
    system: {
      cpuUsage,
      memUsage: memoryUsage(),
      ...optional('rootDiskUsage', diskUsage('/')),
      ...optional('logDiskUsage', diskUsage(src.logDir)),
      temperature: temperature(),
      resetSource: resetSource(),
      ...src.log.fileInfo(),
      load: os.loadavg().map((l) => Math.round(l * 100) / 100),
    },
    packetForwarder: {
      running: fwd?.running(now) ?? false,
      udpPort: fwd?.port ?? src.udpPort,
      lastPushAt: fwd?.lastPushAt ?? null,
      ...optional('rxReceived', count(stat?.rxnb)),
      ...optional('rxOk', count(stat?.rxok)),
      ...optional('txReceived', count(stat?.dwnb)),
      ...optional('txEmitted', count(stat?.txnb)),
    },
    versions: [
      { name: 'kernel', version: clip(kernel, 128)! },
      { name: 'agent', version: AGENT_VERSION },
      { name: 'node', version: process.versions.node },
      ...(src.upgradeVersions?.() ?? []),
    ],
  };
}

const optional = <K extends string>(key: K, v: number | undefined) =>
  (v === undefined ? {} : { [key]: v }) as Partial<Record<K, number>>;
