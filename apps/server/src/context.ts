import type { MqttAvailability } from '@lns/contract/system';
import type { FastifyBaseLogger } from 'fastify';
import type { Registry } from 'prom-client';
import type { DecoderChangeRate } from './applications/decoder-changes';
import type { AuditLog } from './audit/log';
import type { CaptchaService } from './auth/captcha';
import type { AuthUser } from './auth/guard';
import type { LoginThrottle } from './auth/throttle';
import type { TokenCache } from './auth/token-cache';
import type { BusTopics, EventBus, LocalTopics } from './bus/bus';
import type { Config } from './config';
import type { Database, Db } from './db/client';
import type { FileStore } from './files/store';
import type { FrequencyPlans } from './frequency-plans/service';
import type { GatewayCommands } from './gateways/agent/commands';
import type { GatewayScans } from './gateways/agent/scans';
import type { ShellSessions } from './gateways/agent/shell';
import type { SubnetSwitchRunner } from './gateways/subnet-switch/runner';
import type { UpgradeRunner } from './gateways/upgrades/runner';
import type { StreamRegistry } from './http/streams/registry';
import type { DecoderPool } from './integrations/decoders/pool';
import type { LicenseGate } from './license/gate';
import type { DataPlane } from './ns/dataplane';
import type { FuotaRunner } from './ns/fuota/runner';
import type { SearchRegistry } from './search/registry';
import type { SpreadsheetReader } from './spreadsheets/reader';
import type { UsageMeter } from './usage/meter';
import type { SessionRepository, UserRepository } from './users/repository';

/** What route modules and background services share; built once in buildApp. */
export interface Services {
  config: Config;
  database: Database;
  db: Db;
  users: UserRepository;
  sessions: SessionRepository;
  /** Checked API tokens for a few seconds (auth/token-cache.ts); revocations drop them. */
  tokens: TokenCache<AuthUser>;
  captcha: CaptchaService;
  throttle: LoginThrottle;
  log: FastifyBaseLogger;
  /** Frames and messages for live streams, push and MQTT (Redis-backed when REDIS_URL is set). */
  bus: EventBus<BusTopics>;
  /**
   * Events produced by THIS instance (topics in bus/bus.ts `localTopics`). Integrations (HTTP
   * push, MQTT) consume these, so each event is pushed once even when several instances share
   * the Redis bus.
   */
  local: EventBus<LocalTopics>;
  /** Prometheus registry served on /metrics; areas register their own metrics here. */
  metrics: Registry;
  /** Threads running application payload decoders (the data plane, and checks when a script is saved). */
  decoders: DecoderPool;
  /** Decoder script changes per user and minute. */
  decoderChanges: DecoderChangeRate;
  /** Global search providers, registered by each area's route module. */
  search: SearchRegistry;
  /** Audit entries of API changes and sign-ins, written in batches (audit/hook.ts records them). */
  audit: AuditLog;
  /** Reads uploaded spreadsheets (imports) on worker threads with limits. */
  spreadsheets: SpreadsheetReader;
  /** Every open live stream of this instance, ended on revocation and deletion. */
  streams: StreamRegistry;
  /** The LoRaWAN data plane, built with the app (the downlink API queues through it; UDP binds in `starters`). */
  dataPlane: DataPlane;
  /** Runs FUOTA sessions; routes wake it after a change. */
  fuota: FuotaRunner;
  /** Commands to gateway agents and their records (gateway remote operations). */
  gatewayCommands: GatewayCommands;
  /** Noise scans run by gateway agents. */
  gatewayScans: GatewayScans;
  /** Runs gateway upgrade tasks through the agents; routes wake it after a change. */
  upgrades: UpgradeRunner;
  /** Runs subnet cutover tasks (the switch, statuses, their end); routes wake it after a change. */
  subnetSwitch: SubnetSwitchRunner;
  /** Effective packet-forwarder configurations and their push to gateway agents. */
  frequencyPlans: FrequencyPlans;
  /** The power meter: what this instance handled, added to the day's usage row every minute. */
  usage: UsageMeter;
  /** Web shell sessions of this instance's browser sockets. */
  shells: ShellSessions;
  /** The platform license: device and gateway creates and common users' sign-in ask it (license/gate.ts). */
  license: LicenseGate;
  /** Uploaded files (firmware images, later gateway packages), by content hash. */
  files: FileStore;
  /** Whether applications can use MQTT here: false once the embedded broker found its port taken. */
  mqtt: MqttAvailability;
  /** Work to run on shutdown after the HTTP server stops (closing sockets, flushing). */
  onClose(fn: () => Promise<void> | void): void;
  /**
   * Listeners started by main.ts after HTTP is up (UDP bridge, MQTT broker). Each throws an
   * Error whose message is the one-line report (e.g. "UDP_PORT 1700 is already in use").
   */
  starters: (() => Promise<void>)[];
}
