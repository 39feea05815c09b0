import path from 'node:path';
import { z } from 'zod';

const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');
const port = z.coerce.number().int().min(0).max(65535);
const url = (protocols: string[]) =>
  z
    .string()
    .url()
    .refine((u) => protocols.includes(new URL(u).protocol), { message: `must start with ${protocols.join(' or ')}` });

/** Every environment variable the server reads, with its default. README's table mirrors this. */
const schema = z.object({
  PORT: port.default(8080),
  HOST: z.string().default('0.0.0.0'),
  UDP_PORT: port.default(1700),
  MQTT_PORT: port.default(1883),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: url(['postgres:', 'postgresql:']).optional(),
  REDIS_URL: url(['redis:', 'rediss:']).optional(),
  MQTT_URL: url(['mqtt:', 'mqtts:', 'ws:', 'wss:']).optional(),
  /** Broker address given to users and applications in their MQTT credentials. */
  MQTT_PUBLIC_URL: z.string().optional(),
  ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
  LOGIN_CAPTCHA: bool.default(true),
  /** Sliding session lifetime in hours. */
  SESSION_TTL_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 365)
    .default(24),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  CONSOLE_DIR: z.string().optional(),
  DEDUP_WINDOW_MS: z.coerce.number().int().min(0).max(5000).default(200),
  /** Data plane (issue 7): confirmed-downlink resends before status 4 (timeout). */
  DOWNLINK_RETRIES: z.coerce.number().int().min(0).max(15).default(2),
  /** ADR installation margin (dB) kept above the SNR a data rate needs; `off` disables network-side ADR. */
  ADR_MARGIN: z.union([z.literal('off'), z.coerce.number().min(0).max(30)]).default(10),
  /** Class A receive window: auto = RX1 when it can still be met, else RX2. */
  RX_WINDOW: z.enum(['auto', 'rx1', 'rx2']).default('auto'),
  /** RX1 is given up (RX2 used) when a downlink is ready later than this after the uplink's arrival. */
  RX1_DEADLINE_MS: z.coerce.number().int().min(0).max(5000).default(700),
  /** LoRaWAN NetID (6 hex digits); its NwkID prefixes allocated DevAddrs. */
  NET_ID: z
    .string()
    .regex(/^[0-9a-fA-F]{6}$/, 'must be 6 hex digits')
    .default('000000'),
  /** A gateway is offline after this long without PULL_DATA or PUSH_DATA. */
  GATEWAY_OFFLINE_MS: z.coerce.number().int().min(1000).max(3_600_000).default(90_000),
  /** Uplinks (rxpk) accepted per second from one gateway, twice that as a burst; the excess is dropped. */
  GATEWAY_MAX_UPLINKS_PER_S: z.coerce.number().int().min(1).max(1_000_000).default(1000),
  /** Tries of one HTTP push or MQTT delivery from the outbox before it is abandoned. */
  OUTBOX_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(1000).default(20),
  /** An outbox delivery not made within this many hours of its event is abandoned. */
  OUTBOX_MAX_AGE_HOURS: z.coerce.number().positive().max(720).default(24),
  MAP_ENABLED: bool.default(true),
  MAP_TYPE: z.enum(['gaode', 'google']).default('google'),
  GAODE_MAP_KEY: z.string().default(''),
  GOOGLE_MAP_KEY: z.string().default(''),
  CUSTOM_ICON: z.string().default(''),
  CUSTOM_LOGO: z.string().default(''),
  HIDE_LOGO: bool.default(false),
  DOCS_URL: z.string().default(''),
});

export type Config = z.infer<typeof schema> & {
  consoleDir: string;
  dataDir: string;
  /** MQTT_PORT was set: a busy port is then an error instead of a warning. */
  mqttPortExplicit: boolean;
};

export class ConfigError extends Error {}

/** Parse the environment; a bad value throws a one-line error naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== ''));
  const parsed = schema.safeParse(cleaned);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const name = String(issue.path[0]);
    throw new ConfigError(`invalid ${name}=${JSON.stringify(env[name])}: ${issue.message}`);
  }
  const c = parsed.data;
  return {
    ...c,
    dataDir: path.resolve(c.DATA_DIR),
    mqttPortExplicit: cleaned.MQTT_PORT !== undefined,
    consoleDir: path.resolve(c.CONSOLE_DIR ?? new URL('../../console/dist', import.meta.url).pathname),
  };
}
