import { isIP } from 'node:net';
import path from 'node:path';
import { AUDIT_RETENTION_DEFAULT_DAYS } from '@lns/contract/audit';
import {
  COMMAND_TIMEOUT_DEFAULT_S,
  LOG_DOWNLOAD_DEFAULT_MAX_MB,
  SHELL_IDLE_DEFAULT_S,
} from '@lns/contract/gateway-commands';
import { publicKeyFrom } from '@lns/contract/license-codec';
import { APPS_PER_USER_DEFAULT, DECODER_CHANGES_PER_MINUTE_DEFAULT, UPLOAD_MAX_BYTES } from '@lns/contract/limits';
import { passwordMessage, passwordProblem } from '@lns/contract/password-policy';
import { z } from 'zod';
import { PGLITE_SHARED_BUFFERS_DEFAULT } from './db/pglite-settings';

const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');
const port = z.coerce.number().int().min(0).max(65535);
const url = (protocols: string[]) =>
  z
    .string()
    .url()
    .refine((u) => protocols.includes(new URL(u).protocol), { message: `must start with ${protocols.join(' or ')}` });

/** An address or CIDR (10.0.0.0/8, fd00::/8; a bare address is one host). */
function isCidr(s: string): boolean {
  const [addr = '', bits, extra] = s.split('/');
  const family = isIP(addr);
  if (!family || extra !== undefined) return false;
  return bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128));
}

/** A comma-separated list whose every entry passes `valid`. */
const commaList = (valid: (entry: string) => boolean, message: string) =>
  z
    .string()
    .transform((v) =>
      v
        .split(',')
        .map((e) => e.trim())
        .filter(Boolean),
    )
    .refine((list) => list.every(valid), { message });

/** Proxies whose X-Forwarded-For is believed: CIDRs or proxy-addr's range names, as Fastify's trustProxy takes them. */
const proxyList = commaList(
  (e) => ['loopback', 'linklocal', 'uniquelocal'].includes(e) || isCidr(e),
  'must be a comma list of IP addresses or CIDRs',
);
const networks = commaList(isCidr, 'must be a comma-separated list of CIDR networks');

const isLicenseKey = (s: string) => {
  try {
    publicKeyFrom(s);
    return true;
  } catch {
    return false;
  }
};

/** Every environment variable the server reads, with its default. README's table mirrors this. */
const schema = z.object({
  PORT: port.default(8080),
  HOST: z.string().default('0.0.0.0'),
  UDP_PORT: port.default(1700),
  MQTT_PORT: port.default(1883),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: url(['postgres:', 'postgresql:']).optional(),
  /** Without DATABASE_URL: run PGlite in a worker thread (its SQL does not block UDP and HTTP) or on the main thread. */
  PGLITE_THREAD: z.enum(['worker', 'main']).default('worker'),
  /** Without DATABASE_URL: PGlite's shared_buffers, most of its memory (more caches more of the data in the process). */
  PGLITE_SHARED_BUFFERS: z
    .string()
    .regex(/^[1-9]\d{0,5}(kB|MB|GB)$/, 'a size such as 16MB (kB, MB or GB)')
    .default(PGLITE_SHARED_BUFFERS_DEFAULT),
  REDIS_URL: url(['redis:', 'rediss:']).optional(),
  MQTT_URL: url(['mqtt:', 'mqtts:', 'ws:', 'wss:']).optional(),
  /** Broker address given to users and applications in their MQTT credentials. */
  MQTT_PUBLIC_URL: z.string().optional(),
  /** With MQTT_URL: the shared-subscription group of this deployment's instances (one takes each command and gateway message). */
  MQTT_SHARED_GROUP: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/, 'letters, digits, _ and -')
    .default('lns-server'),
  /** The bootstrap admin's password obeys the password policy like every other. */
  ADMIN_PASSWORD: z
    .string()
    .superRefine((pw, ctx) => {
      const code = passwordProblem(pw, 'admin');
      if (code) ctx.addIssue({ code: 'custom', message: passwordMessage(code) });
    })
    .optional(),
  /** Proxies whose X-Forwarded-For is believed; none by default, so clients cannot pick their address. */
  TRUST_PROXY: proxyList.default([]),
  LOGIN_CAPTCHA: bool.default(true),
  /** Sliding session lifetime in hours. */
  SESSION_TTL_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 365)
    .default(24),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  CONSOLE_DIR: z.string().optional(),
  /** Where the file store keeps uploaded files (default DATA_DIR/files). */
  FILE_DIR: z.string().optional(),
  DEDUP_WINDOW_MS: z.coerce.number().int().min(0).max(5000).default(200),
  /**
   * Close an uplink's de-dup window once the gateways that heard its sender last time have reported
   * it (single instance). On: at 1,000 confirmed uplinks/s on a quiet host it took PUSH_DATA → PULL_RESP
   * p99 from 311 to 141 ms with every uplink answered and no late copy (docs/performance.md).
   */
  DEDUP_EARLY_CLOSE: bool.default(true),
  /** Data plane: confirmed-downlink resends before status 4 (timeout). */
  DOWNLINK_RETRIES: z.coerce.number().int().min(0).max(15).default(2),
  /** TS005: a multicast session starts this many seconds after its request leaves (time for the device to get it). */
  MC_SESSION_LEAD_S: z.coerce.number().int().min(1).max(3600).default(30),
  /**
   * Relay and ladtp requests: an uplink of the device counts as a try without answer only this long
   * after the request left (or after the last counted one), so a device that sends often has time to answer.
   */
  RELAY_ANSWER_WAIT_MS: z.coerce.number().int().min(0).max(600_000).default(3000),
  /** FUOTA: how long a session waits for its members' multicast session and their answers to setup and delete. */
  FUOTA_ANSWER_WAIT_S: z.coerce.number().int().min(5).max(86_400).default(600),
  /** FUOTA: time between two fragments; 0 = the frame's air time under the RX2 channel's duty cycle (docs/protocols/fuota.md). */
  FUOTA_FRAGMENT_INTERVAL_MS: z.coerce.number().int().min(0).max(600_000).default(0),
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
  /**
   * Ed25519 public key licenses are checked against (docs/protocols/license.md): PEM, or the 32 raw
   * bytes in base64. Unset, the platform is unlimited and needs no license.
   */
  LICENSE_PUBLIC_KEY: z
    .string()
    .refine(isLicenseKey, 'must be an Ed25519 public key: PEM, or 32 bytes in base64')
    .optional(),
  /** How long a gateway command waits for the agent's answer before it is reported timed out (s). */
  GATEWAY_COMMAND_TIMEOUT_S: z.coerce.number().int().min(2).max(3600).default(COMMAND_TIMEOUT_DEFAULT_S),
  /** Files larger than this are refused by /api/fileupload and /api/file/upload (MB). */
  UPLOAD_MAX_MB: z.coerce
    .number()
    .positive()
    .max(1024)
    .default(UPLOAD_MAX_BYTES / 1048576),
  /** Log files larger than this are not downloaded through the server (MB). */
  LOG_DOWNLOAD_MAX_MB: z.coerce.number().positive().max(1024).default(LOG_DOWNLOAD_DEFAULT_MAX_MB),
  /** A web shell session without a keystroke for this long is closed (s). */
  SHELL_IDLE_S: z.coerce.number().int().min(10).max(86_400).default(SHELL_IDLE_DEFAULT_S),
  /**
   * The address gateways reach this server's HTTP API at (upgrade packages are downloaded from
   * it); by default http://<HOST, or 127.0.0.1 for 0.0.0.0>:<PORT>, enough only on this machine.
   */
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** Where startRssh tunnels go when the console names no host, port or user (docs/product/gateway-operations.md). */
  RSSH_HOST: z.string().default(''),
  RSSH_PORT: z.coerce.number().int().min(1).max(65535).default(22),
  RSSH_USER: z.string().default(''),
  /**
   * Regions this deployment serves (region ids, comma-separated): network-server entries of other
   * regions are refused with 1017. Empty: every region of the catalogue.
   */
  NS_REGIONS: commaList((e) => /^[a-z0-9]{1,16}$/.test(e), 'must be a comma list of region ids like eu868').default([]),
  /** A gateway is offline after this long without PULL_DATA or PUSH_DATA. */
  GATEWAY_OFFLINE_MS: z.coerce.number().int().min(1000).max(3_600_000).default(90_000),
  /** Uplinks (rxpk) accepted per second from one gateway, twice that as a burst; the excess is dropped. */
  GATEWAY_MAX_UPLINKS_PER_S: z.coerce.number().int().min(1).max(1_000_000).default(1000),
  /** Audit log entries older than this many days are deleted (hourly). */
  AUDIT_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(AUDIT_RETENTION_DEFAULT_DAYS),
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
  /** Push URLs may reach loopback, link-local, private, unspecified and multicast addresses. */
  PUSH_ALLOW_PRIVATE: bool.default(false),
  /** Networks push URLs may reach although they are private (on-premise receivers). */
  PUSH_ALLOWED_NETWORKS: networks.default([]),
  /** When set, /metrics wants `Authorization: Bearer <token>`; unset, it answers loopback clients only. */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  /** Applications a common user may own (admins are exempt). */
  APPS_PER_USER: z.coerce.number().int().min(1).max(1_000_000).default(APPS_PER_USER_DEFAULT),
  /** Decoder scripts a user may save per minute (each is compiled to be checked). */
  DECODER_CHANGES_PER_MINUTE: z.coerce.number().int().min(1).max(10_000).default(DECODER_CHANGES_PER_MINUTE_DEFAULT),
  /** Threads running payload decoders: one looping script occupies at most one of them. */
  DECODER_THREADS: z.coerce.number().int().min(1).max(64).default(2),
  /** Memory budget of the compiled decoders kept loaded (least recently used ones are unloaded). */
  DECODER_MEMORY_MB: z.coerce.number().int().min(16).max(65_536).default(256),
  /** Compiled decoders kept loaded at most (least recently used ones are unloaded). */
  DECODER_LOADED_MAX: z.coerce.number().int().min(1).max(100_000).default(200),
});

export type Config = z.infer<typeof schema> & {
  consoleDir: string;
  dataDir: string;
  fileDir: string;
  /** MQTT_PORT was set: a busy port is then an error instead of a warning. */
  mqttPortExplicit: boolean;
};

export class ConfigError extends Error {}

/** What a variable accepts, read off its schema ("an integer from 0 to 65535", "auto, rx1 or rx2"). */
function accepted(t: z.ZodType): string | null {
  if (t instanceof z.ZodDefault || t instanceof z.ZodOptional) return accepted(t.unwrap() as z.ZodType);
  if (t instanceof z.ZodPipe) return accepted(t.in as z.ZodType);
  if (t instanceof z.ZodEnum) return either(t.options.map(String));
  if (t instanceof z.ZodLiteral) return String(t.value);
  if (t instanceof z.ZodUnion) {
    const parts = (t.options as z.ZodType[]).map(accepted);
    return parts.every((p) => p !== null) ? either(parts as string[]) : null;
  }
  if (t instanceof z.ZodNumber) {
    const kind = t.isInt ? 'an integer' : 'a number';
    const { minValue: min, maxValue: max } = t;
    if (Number.isFinite(min) && Number.isFinite(max)) return `${kind} from ${min} to ${max}`;
    if (Number.isFinite(min)) return `${kind} of at least ${min}`;
    return kind;
  }
  return null;
}
const either = (options: string[]) =>
  options.length < 2 ? options.join('') : `${options.slice(0, -1).join(', ')} or ${options.at(-1)}`;

/** Parse the environment; a bad value throws a one-line error naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== ''));
  const parsed = schema.safeParse(cleaned);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const name = String(issue.path[0]);
    const valid = accepted(schema.shape[name as keyof typeof schema.shape] as z.ZodType);
    const why = valid ? `expected ${valid}` : issue.message;
    throw new ConfigError(`invalid ${name}=${JSON.stringify(env[name])}: ${why}`);
  }
  const c = parsed.data;
  return {
    ...c,
    dataDir: path.resolve(c.DATA_DIR),
    fileDir: path.resolve(c.FILE_DIR ?? path.join(c.DATA_DIR, 'files')),
    mqttPortExplicit: cleaned.MQTT_PORT !== undefined,
    consoleDir: path.resolve(c.CONSOLE_DIR ?? new URL('../../console/dist', import.meta.url).pathname),
  };
}
