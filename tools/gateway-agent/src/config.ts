/**
 * The agent's configuration file (JSON), every key with its default. A bad file stops the agent
 * with one line naming the key, before anything is opened.
 */
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { PACKET_FORWARDER_STOP_START, PLATFORM_COMMANDS, PLATFORMS } from './platform';
import { resolveUpgrade, type UpgradeSettings, upgradeSchema } from './upgrade/settings';

/** The shell commands of a Debian gateway (the default platform). */
export const DEFAULT_COMMANDS = PLATFORM_COMMANDS.debian;

/** Answered by the agent itself: the file's `commands` cannot name them. */
export const BUILT_IN_COMMANDS = [
  'syncSystemInfo',
  'syncNetworkInfo',
  'syncBridgeConfig',
  'syncPacketForwarderConfig',
  'startRssh',
  'stopRssh',
  'queryRssh',
  'openWssh',
  'closeWssh',
  'queryWssh',
  'listLogs',
  'readLog',
  'frequencyScan',
  'upgrade',
  'applyPacketForwarderConfig',
] as const;

/** The stat interval the console offers (s); `minStatInterval` lowers the floor (tests, bench). */
export const STAT_INTERVAL_MAX = 1800;
export const KEEPALIVE_RANGE = [5, 60] as const;

/** A directory the console may list, or null: none on this gateway. */
const dirOrOff = z.string().min(1).nullable();

const fileSchema = z
  .object({
    gatewayId: z
      .string()
      .regex(/^[0-9a-fA-F]{16}$/, 'must be 16 hex digits')
      .transform((s) => s.toLowerCase()),
    server: z.string().regex(/^(mqtts?|tcp|tls|ssl|wss?):\/\/[^/]+/, 'must be a URL like mqtt://host:1883'),
    username: z.string().min(1, 'must not be empty').optional(),
    password: z.string().default(''),
    prefix: z
      .string()
      .regex(/^[^/#+$][^/#+]{0,63}$/, 'must be one MQTT topic level')
      .default('eu868'),
    udpPort: z.number().int().min(0).max(65535).default(1700),
    udpHost: z.string().min(1).default('127.0.0.1'),
    statInterval: z.number().int().min(1).default(300),
    minStatInterval: z.number().int().min(1).max(300).default(300),
    mqttKeepAlive: z.number().int().min(KEEPALIVE_RANGE[0]).max(KEEPALIVE_RANGE[1]).default(10),
    logDir: z.string().min(1).default('/var/log'),
    enableBridgeLogToFile: z.boolean().default(false),
    commands: z.record(z.string(), z.string().nullable()).default({}),
    commandTimeoutS: z.number().positive().max(3600).default(60),
    wanIpUrl: z.url({ protocol: /^https?$/ }).optional(),
    platform: z.enum(PLATFORMS).default('debian'),
    packetForwarderConfig: z.string().min(1).default('/etc/lora-pkt-fwd/global_conf.json'),
    logDirs: z
      .object({ log: dirOrOff.default('/var/log'), rlog: dirOrOff.default('/var/rlog') })
      .strict()
      .prefault({}),
    rssh: z
      .object({
        command: z.string().min(1).default('ssh'),
        keyFile: z.string().min(1).default('/etc/gateway-agent/rssh_key'),
        localPort: z.number().int().min(1).max(65535).default(22),
      })
      .strict()
      .nullable()
      .prefault({}),
    spectralScan: z
      .object({
        command: z.string().min(1),
        args: z.array(z.string()).default([]),
        workDir: z.string().min(1).default('/tmp'),
        samples: z.number().int().min(100).max(65535).default(1000),
        stopPacketForwarder: z.string().min(1).optional(),
        startPacketForwarder: z.string().min(1).optional(),
      })
      .strict()
      .nullable()
      .default(null),
    webShell: z
      .object({
        enabled: z.boolean().default(true),
        command: z.string().min(1).default('/bin/sh'),
        args: z.array(z.string()).default(['-l']),
        cwd: z.string().min(1).optional(),
        idleS: z.number().positive().max(86_400).default(900),
        maxSessions: z.number().int().min(1).max(32).default(4),
      })
      .strict()
      .prefault({}),
    upgrade: upgradeSchema,
  })
  .strict();

export type FileConfig = z.input<typeof fileSchema>;
type Parsed = z.output<typeof fileSchema>;
export type SpectralScanSettings = Required<NonNullable<Parsed['spectralScan']>>;
export type WebShellSettings = Parsed['webShell'];
export type RsshSettings = NonNullable<Parsed['rssh']>;
export type AgentSettings = Omit<Parsed, 'username' | 'commands' | 'spectralScan' | 'upgrade'> & {
  username: string;
  /** The platform's defaults merged with the file's map; a command set to null or "" there is removed. */
  commands: Record<string, string>;
  /** With the platform's stop and start of the packet forwarder filled in. */
  spectralScan: SpectralScanSettings | null;
  /** With the platform's defaults filled in; null: upgrades are off. */
  upgrade: UpgradeSettings | null;
};

export class ConfigError extends Error {}

export const clampStatInterval = (s: number, min: number) => Math.min(STAT_INTERVAL_MAX, Math.max(min, s));
export const clampKeepAlive = (s: number) => Math.min(KEEPALIVE_RANGE[1], Math.max(KEEPALIVE_RANGE[0], s));

/** Validates a parsed file; throws ConfigError with one line naming the first bad key. */
export function parseConfig(raw: unknown): AgentSettings {
  const r = fileSchema.safeParse(raw);
  if (!r.success) {
    const issue = r.error.issues[0]!;
    const keys = 'keys' in issue && Array.isArray(issue.keys) ? issue.keys.join(', ') : '';
    const where = issue.path.join('.') || keys || 'file';
    const what = issue.code === 'unrecognized_keys' ? 'is not a known key' : issue.message;
    throw new ConfigError(`${where}: ${what}`);
  }
  const c = r.data;
  const commands: Record<string, string> = { ...PLATFORM_COMMANDS[c.platform] };
  for (const [name, cmd] of Object.entries(c.commands)) {
    if ((BUILT_IN_COMMANDS as readonly string[]).includes(name)) {
      throw new ConfigError(`commands.${name}: is built into the agent`);
    }
    if (cmd) commands[name] = cmd;
    else delete commands[name];
  }
  const pf = PACKET_FORWARDER_STOP_START[c.platform];
  const scan = c.spectralScan;
  return {
    ...c,
    username: c.username ?? c.gatewayId,
    commands,
    statInterval: clampStatInterval(c.statInterval, c.minStatInterval),
    spectralScan: scan && {
      ...scan,
      stopPacketForwarder: scan.stopPacketForwarder ?? pf.stop,
      startPacketForwarder: scan.startPacketForwarder ?? pf.start,
    },
    upgrade: resolveUpgrade(c.upgrade, c.platform),
  };
}

export function loadConfig(path: string): AgentSettings {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    throw new ConfigError(`cannot read ${path}: ${(err as NodeJS.ErrnoException).code ?? String(err)}`);
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (err) {
    throw new ConfigError(`${path} is not JSON: ${(err as Error).message}`);
  }
  try {
    return parseConfig(raw);
  } catch (err) {
    throw err instanceof ConfigError ? new ConfigError(`${path}: ${err.message}`) : err;
  }
}
