/**
 * The gateway agent protocol, version 1 (docs/protocols/gateway-agent.md): reports of the host,
 * the settings pushed to it, and commands with a correlation token.
 */
import { z } from 'zod';

export const AGENT_PROTOCOL_VERSION = 1;

/** The gateway commands of the console (each answered through the agent). */
export const GATEWAY_COMMANDS = [
  'openSSH',
  'closeSSH',
  'startRssh',
  'stopRssh',
  'queryRssh',
  'openWssh',
  'closeWssh',
  'queryWssh',
  'openSerial',
  'closeSerial',
  'openWeb',
  'closeWeb',
  'getBridgeLogs',
  'getPacketForwarderLogs',
  'reboot',
  'restartBridge',
  'restartPacketForwarder',
  'syncNetworkInfo',
  'syncSystemInfo',
  'syncBridgeConfig',
  'syncPacketForwarderConfig',
] as const;
export type GatewayCommand = (typeof GATEWAY_COMMANDS)[number];

export const RESET_SOURCES = ['notReset', 'powerOn', 'hardware', 'software', 'watchdog', 'unknown'] as const;
export const NETWORK_TYPES = ['ethernet', 'wifi', 'lte'] as const;

const pct = z.number().min(0).max(100);
const text = (max = 128) => z.string().max(max);

export const reportInfo = z
  .object({
    model: text(64),
    firmwareVersion: text(64),
    hardwareVersion: text(64),
    kernelVersion: text(128),
    bridgeVersion: text(64),
    pktfwdVersion: text(64),
    sdkVersion: text(64),
    arch: text(32),
    hostname: text(64),
    uptime: z.number().min(0),
    supportGPS: z.boolean(),
    lte: z.boolean(),
    wifi: z.boolean(),
  })
  .partial();

export const reportNetwork = z
  .object({
    networkType: z.enum(NETWORK_TYPES),
    wanIP: text(64),
    lanIP: text(64),
    lteSignal: z.number().nullable(),
    nwkDelay: z.number().min(0).nullable(),
    interfaces: z.array(z.object({ name: text(32), mac: text(32), addresses: z.array(text(64)).max(16) })).max(32),
  })
  .partial();

export const reportSystem = z
  .object({
    cpuUsage: pct,
    memUsage: pct,
    rootDiskUsage: pct,
    logDiskUsage: pct,
    temperature: z.number().nullable(),
    resetSource: z.enum(RESET_SOURCES),
    logName: text(128),
    logSize: z.number().min(0),
    load: z.array(z.number()).max(3),
  })
  .partial();

export const reportPacketForwarder = z
  .object({
    running: z.boolean(),
    udpPort: z.number().int(),
    lastPushAt: z.number().nullable(),
    rxReceived: z.number().int().min(0),
    rxOk: z.number().int().min(0),
    txReceived: z.number().int().min(0),
    txEmitted: z.number().int().min(0),
  })
  .partial();

export const reportVersions = z.array(z.object({ name: text(32), version: text(128) })).max(32);

export const agentReport = z.object({
  v: z.literal(AGENT_PROTOCOL_VERSION),
  time: z.number().int().min(0),
  info: reportInfo.optional(),
  network: reportNetwork.optional(),
  system: reportSystem.optional(),
  packetForwarder: reportPacketForwarder.optional(),
  versions: reportVersions.optional(),
});
export type AgentReport = z.infer<typeof agentReport>;

export const agentConfig = z.object({
  v: z.literal(AGENT_PROTOCOL_VERSION),
  mqttKeepAlive: z.number().int(),
  statInterval: z.number().int(),
  enableBridgeLogToFile: z.boolean(),
});
export type AgentConfig = z.infer<typeof agentConfig>;

export const agentRequest = z.object({
  v: z.literal(AGENT_PROTOCOL_VERSION),
  cToken: z.string().min(1).max(64),
  cmdType: z.string().min(1).max(64),
  extra: z.record(z.string(), z.unknown()).optional(),
});
export type AgentRequest = z.infer<typeof agentRequest>;

export const agentResponse = z.object({
  v: z.literal(AGENT_PROTOCOL_VERSION),
  cToken: z.string().min(1).max(64),
  state: z.enum(['progress', 'done', 'error']),
  progress: z.number().min(0).max(100).optional(),
  result: z.unknown().optional(),
  error: z.string().max(1024).optional(),
});
export type AgentResponse = z.infer<typeof agentResponse>;
