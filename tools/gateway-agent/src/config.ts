/**
 * The agent's configuration file (JSON), every key with its default. A bad file stops the agent
 * with one line naming the key, before anything is opened.
 */
import { readFileSync } from 'node:fs';
import { z } from 'zod';

/** Shell commands for a Debian gateway with systemd; the file's `commands` map replaces or removes them. */
export const DEFAULT_COMMANDS: Record<string, string> = {
  reboot: 'systemctl reboot',
  // --no-block: systemd stops this agent; the command must return first so that it answers.
  restartBridge: 'systemctl --no-block restart gateway-agent',
  restartPacketForwarder: 'systemctl restart lora-pkt-fwd',
  openSSH: 'systemctl start ssh',
  closeSSH: 'systemctl stop ssh',
  getBridgeLogs: 'journalctl -u gateway-agent -n 200 --no-pager',
  getPacketForwarderLogs: 'journalctl -u lora-pkt-fwd -n 200 --no-pager',
};

/** The stat interval the console offers (s); `minStatInterval` lowers the floor (tests, bench). */
export const STAT_INTERVAL_MAX = 1800;
export const KEEPALIVE_RANGE = [5, 60] as const;

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
  })
  .strict();

export type FileConfig = z.input<typeof fileSchema>;
export type AgentSettings = Omit<z.output<typeof fileSchema>, 'username' | 'commands'> & {
  username: string;
  /** Defaults merged with the file's map; a command set to null or "" there is removed. */
  commands: Record<string, string>;
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
  const commands: Record<string, string> = { ...DEFAULT_COMMANDS };
  for (const [name, cmd] of Object.entries(c.commands)) {
    if (cmd) commands[name] = cmd;
    else delete commands[name];
  }
  return {
    ...c,
    username: c.username ?? c.gatewayId,
    commands,
    statInterval: clampStatInterval(c.statInterval, c.minStatInterval),
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
