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
  /** The gateway's time server: its own ntpServer, else the platform's NTP host; absent when neither is set. */
  ntpServer: z.string().max(128).optional(),
});
export type AgentConfig = z.infer<typeof agentConfig>;

/** Requests the server sends for its own pages beside the console's commands. */
export const AGENT_INTERNAL_REQUESTS = ['listLogs', 'readLog', 'frequencyScan', 'applyPacketForwarderConfig'] as const;

export const agentRequest = z.object({
  v: z.literal(AGENT_PROTOCOL_VERSION),
  cToken: z.string().min(1).max(64),
  cmdType: z.string().min(1).max(64),
  extra: z.record(z.string(), z.unknown()).optional(),
  /** The server stops waiting after this many seconds; the agent ends the command before. */
  timeoutS: z.number().positive().optional(),
});
export type AgentRequest = z.infer<typeof agentRequest>;

export const agentResponse = z.object({
  v: z.literal(AGENT_PROTOCOL_VERSION),
  cToken: z.string().min(1).max(64),
  state: z.enum(['progress', 'done', 'error']),
  progress: z.number().min(0).max(100).optional(),
  result: z.unknown().optional(),
  error: z.string().max(1024).optional(),
  /** With `error`: `notNeeded` (nothing to do, 12007), `busy` (12008), `unsupported` (not on this gateway). */
  reason: z.enum(['notNeeded', 'busy', 'unsupported']).optional(),
});
export type AgentResponse = z.infer<typeof agentResponse>;

/** listLogs: `extra.dir`; readLog: `extra.dir`, `extra.name`, `extra.offset`, `extra.length`. */
export const listLogsExtra = z.object({ dir: z.enum(['log', 'rlog']) });
export const readLogExtra = listLogsExtra.extend({
  name: z.string().min(1).max(255),
  offset: z.number().int().min(0),
  length: z
    .number()
    .int()
    .min(1)
    .max(256 * 1024),
});
export const listLogsResult = z.object({
  files: z.array(z.object({ name: z.string(), size: z.number().int().min(0), mtime: z.number() })).max(2000),
});
export const readLogResult = z.object({ data: z.string(), size: z.number().int().min(0), eof: z.boolean() });
/** frequencyScan: Hz; the result's points as in gateway-commands.ts `scanPoint`. */
export const frequencyScanExtra = z.object({
  frequencyMin: z.number().int(),
  frequencyMax: z.number().int(),
  frequencyStep: z.number().int().positive(),
});

// ---- Web shell sessions: agent/shell-in (server → agent), agent/shell-out (agent → server) ----

const shellSession = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/);
const shellSize = { cols: z.number().int().min(10).max(500), rows: z.number().int().min(4).max(200) };
export const shellIn = z.discriminatedUnion('type', [
  z.object({ v: z.literal(AGENT_PROTOCOL_VERSION), session: shellSession, type: z.literal('open'), ...shellSize }),
  z.object({ v: z.literal(AGENT_PROTOCOL_VERSION), session: shellSession, type: z.literal('input'), data: z.string() }),
  z.object({ v: z.literal(AGENT_PROTOCOL_VERSION), session: shellSession, type: z.literal('resize'), ...shellSize }),
  z.object({ v: z.literal(AGENT_PROTOCOL_VERSION), session: shellSession, type: z.literal('close') }),
]);
export type ShellIn = z.infer<typeof shellIn>;
export const shellOut = z.discriminatedUnion('type', [
  z.object({ v: z.literal(AGENT_PROTOCOL_VERSION), session: shellSession, type: z.literal('opened') }),
  /** `seq` counts output messages from 0 so the server can put them back in order. */
  z.object({
    v: z.literal(AGENT_PROTOCOL_VERSION),
    session: shellSession,
    type: z.literal('output'),
    seq: z.number().int().min(0),
    data: z.string(),
  }),
  z.object({
    v: z.literal(AGENT_PROTOCOL_VERSION),
    session: shellSession,
    type: z.literal('closed'),
    reason: z.enum(['exited', 'refused', 'idle', 'closed']),
    detail: z.string().max(512).optional(),
    code: z.number().int().nullable().optional(),
  }),
]);
export type ShellOut = z.infer<typeof shellOut>;
