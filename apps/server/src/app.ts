import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import websocket from '@fastify/websocket';
import { API_DOCS } from '@lns/contract/endpoint';
import { BODY_LIMITS, IMPORT_LIMITS } from '@lns/contract/request-limits';
import Fastify, { LogController } from 'fastify';
import { jsonSchemaTransform, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { Registry } from 'prom-client';
import { DecoderChangeRate } from './applications/decoder-changes';
import { installAudit } from './audit/hook';
import { AuditLog } from './audit/log';
import { AuditRetentionJob } from './audit/retention';
import { CaptchaService } from './auth/captcha';
import { type AuthUser, installGuard } from './auth/guard';
import { MemoryLoginStore, RedisLoginStore } from './auth/login-store';
import { installRevocationRelay, onAuthRevoked } from './auth/revocation';
import { LoginThrottle } from './auth/throttle';
import { TokenCache } from './auth/token-cache';
import { type BusTopics, type LocalTopics, MemoryBus } from './bus/bus';
import { RedisBus } from './bus/redis-bus';
import { redisClient } from './bus/redis-client';
import type { Config } from './config';
import type { Services } from './context';
import type { Database } from './db/client';
import { FileStore } from './files/store';
import { FrequencyPlans } from './frequency-plans/service';
import { AgentChannel } from './gateways/agent/channel';
import { GatewayCommands } from './gateways/agent/commands';
import { GatewayScans } from './gateways/agent/scans';
import { ShellSessions } from './gateways/agent/shell';
import { SubnetSwitchRunner } from './gateways/subnet-switch/runner';
import { UpgradeRunner } from './gateways/upgrades/runner';
import { installBodyLimits } from './http/body-limits';
import { installClosingRefusal } from './http/closing';
import { frameworkErrors, installErrorHandler } from './http/error-handler';
import { installMetrics } from './http/metrics';
import { installRequestLog } from './http/request-log';
import { responseSerializer } from './http/response-serializer';
import { routeModules } from './http/routes';
import { installSecurityHeaders } from './http/security-headers';
import { installConsole } from './http/static';
import { StreamRegistry } from './http/streams/registry';
import type { App } from './http/types';
import { DecoderPool } from './integrations/decoders/pool';
import { type Integrations, installIntegrations } from './integrations/install';
import { LicenseGate } from './license/gate';
import { loggerOptions } from './log/options';
import { DataPlane } from './ns/dataplane';
import { FuotaRunner } from './ns/fuota/runner';
import { followSettingsChanges } from './ns/settings';
import { randomHex } from './random-hex';
import { SearchRegistry } from './search/registry';
import { SHEET_THREADS, SpreadsheetReader } from './spreadsheets/reader';
import { UsageMeter } from './usage/meter';
import { ensureAdmin } from './users/bootstrap';
import { SessionRepository, UserRepository } from './users/repository';
import { buildInfo } from './version';

export interface BuiltApp {
  app: App;
  services: Services;
  /** HTTP push and MQTT (tests tune the outbox and read the broker's port). */
  integrations: Integrations;
}

/** Build the HTTP app on an open database. Tests call this with `inject`; main.ts listens. */
export async function buildApp(
  config: Config,
  database: Database,
  /** checkResponses: false writes answers unparsed (main.ts; see http/response-serializer.ts). */
  opts: { logStream?: { write(line: string): void }; checkResponses?: boolean } = {},
): Promise<BuiltApp> {
  const app = Fastify({
    logger: loggerOptions(config.LOG_LEVEL, opts.logStream),
    // http/request-log.ts instead: one debug line each, a summary at info.
    logController: new LogController({ disableRequestLogging: true }),
    frameworkErrors,
    genReqId: () => randomHex(6),
    bodyLimit: BODY_LIMITS.json,
    // Only listed proxies may set the client address (X-Forwarded-For): the sign-in throttle counts by it.
    trustProxy: config.TRUST_PROXY.length > 0 ? config.TRUST_PROXY : false,
    return503OnClosing: false, // http/closing.ts answers with the envelope instead
  }).withTypeProvider<ZodTypeProvider>();
  installClosingRefusal(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializer(opts.checkResponses ?? true));

  const closers: (() => Promise<void> | void)[] = [];
  const bus = config.REDIS_URL ? await RedisBus.connect<BusTopics>(config.REDIS_URL) : new MemoryBus<BusTopics>();
  closers.push(() => bus.close());
  const loginStore = config.REDIS_URL ? await RedisLoginStore.connect(config.REDIS_URL) : new MemoryLoginStore();
  closers.push(() => loginStore.close());
  const local = new MemoryBus<LocalTopics>();
  const metrics = new Registry();
  const decoders = new DecoderPool({
    threads: config.DECODER_THREADS,
    memoryBytes: config.DECODER_MEMORY_MB * 1024 * 1024,
    loadedMax: config.DECODER_LOADED_MAX,
  });
  const dataPlane = new DataPlane({
    config,
    db: database.db,
    singleConnection: database.kind === 'pglite',
    log: app.log,
    bus,
    local,
    registry: metrics,
    decoderPool: decoders,
    redis: config.REDIS_URL
      ? await redisClient(config.REDIS_URL, { maxRetriesPerRequest: 1, enableOfflineQueue: false })
      : undefined,
  });
  const streams = new StreamRegistry({ config, local, bus, db: database.db, log: app.log });
  const agents = new AgentChannel(dataPlane.mqttLink, bus, app.log);
  const gatewayCommands = new GatewayCommands(database.db, agents);
  const publicUrl =
    config.PUBLIC_URL ?? `http://${config.HOST === '0.0.0.0' ? '127.0.0.1' : config.HOST}:${config.PORT}`;
  const files = new FileStore(database.db, config.fileDir);
  const frequencyPlans = new FrequencyPlans({
    db: database.db,
    files,
    commands: gatewayCommands,
    publicUrl,
    // Gateways without the agent send their Semtech UDP to this server's public host.
    udp: { host: new URL(publicUrl).hostname, port: config.UDP_PORT },
  });
  const services: Services = {
    config,
    database,
    db: database.db,
    users: new UserRepository(database.db),
    sessions: new SessionRepository(database.db, config.SESSION_TTL_HOURS * 3_600_000),
    tokens: new TokenCache<AuthUser>(),
    captcha: new CaptchaService(loginStore),
    throttle: new LoginThrottle(loginStore),
    log: app.log,
    search: new SearchRegistry(),
    audit: new AuditLog(database.db, app.log),
    spreadsheets: new SpreadsheetReader(SHEET_THREADS, IMPORT_LIMITS, app.log),
    decoders,
    decoderChanges: new DecoderChangeRate(loginStore, config.DECODER_CHANGES_PER_MINUTE),
    metrics,
    bus,
    local,
    streams,
    dataPlane,
    files,
    fuota: new FuotaRunner(dataPlane),
    gatewayCommands,
    gatewayScans: new GatewayScans(database.db, gatewayCommands, app.log),
    upgrades: new UpgradeRunner({
      db: database.db,
      commands: gatewayCommands,
      log: app.log,
      publicUrl: config.PUBLIC_URL ?? `http://${config.HOST === '0.0.0.0' ? '127.0.0.1' : config.HOST}:${config.PORT}`,
    }),
    usage: new UsageMeter(database.db, dataPlane.metrics, app.log),
    shells: new ShellSessions(agents, gatewayCommands.records, config.SHELL_IDLE_S, app.log),
    license: new LicenseGate(database.db, { publicKey: config.LICENSE_PUBLIC_KEY, netId: config.NET_ID }),
    frequencyPlans,
    subnetSwitch: new SubnetSwitchRunner({
      db: database.db,
      log: app.log,
      plans: frequencyPlans,
      watch: dataPlane.cutover,
    }),
    onClose: (fn) => closers.push(fn),
    starters: [],
    mqtt: { available: true, reason: null, port: config.MQTT_PORT },
  };
  closers.push(() => services.spreadsheets.close());
  // Pushed before the data plane's closer, so it runs after the last uplinks are decoded.
  closers.push(() => services.decoders.close());
  app.addHook('onClose', async () => {
    for (const fn of closers.reverse()) await fn();
  });

  installErrorHandler(app);
  // First: refusals (the guard below) carry the headers too.
  installSecurityHeaders(app);
  installBodyLimits(app);
  installGuard(app, services, services.tokens);
  // Revocations from this instance and, with Redis, from the others end cached sign-ins at once.
  closers.push(onAuthRevoked(services, (r) => services.tokens.revoke(r)));
  installAudit(app, services.audit);
  // Runs after in-flight requests have answered: their entries are written before the database closes.
  closers.push(() => services.audit.flush());
  const auditRetention = new AuditRetentionJob(database.db, config.AUDIT_RETENTION_DAYS, app.log);
  services.starters.push(async () => auditRetention.start());
  closers.push(() => auditRetention.stop());
  // Pushed before the data plane's closer, so its last flush counts the last uplinks.
  services.starters.push(async () => services.usage.start());
  closers.push(() => services.usage.stop());
  await app.register(rateLimit, { global: false });
  // One file per request; form fields are small text, so a form cannot buffer much besides the file.
  await app.register(multipart, {
    limits: { fileSize: IMPORT_LIMITS.fileBytes, files: 1, fields: 10, fieldSize: 1024, parts: 20, headerPairs: 50 },
  });
  await app.register(websocket, { options: { maxPayload: 1024 * 1024 } });
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'LNS API',
        version: buildInfo().version,
        description: 'Envelope: { code, msg?, data?, amount? }; code 0 is success.',
      },
      components: {
        securitySchemes: {
          token: { type: 'apiKey', in: 'header', name: 'x-access-token' },
          bearer: { type: 'http', scheme: 'bearer' },
        },
      },
      security: [{ token: [] }, { bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: API_DOCS, uiConfig: { docExpansion: 'none' } });
  installMetrics(app, services.metrics, config.METRICS_TOKEN);
  closers.push(installRequestLog(app));

  installRevocationRelay(services);
  closers.push(() => streams.stop());
  // Platform config saved on any instance: read again here; live streams end when switched off.
  closers.push(followSettingsChanges(bus, dataPlane.settings));
  closers.push(streams.endWhenSwitchedOff(dataPlane.settings));
  // UDP binds when main.ts runs the starters, after HTTP listens. Closed before the decoder threads.
  services.starters.push(async () => {
    const udp = await dataPlane.start();
    app.log.info(`Semtech UDP gateway bridge listening on port ${udp}`);
  });
  closers.push(() => dataPlane.close());
  // FUOTA sessions go on where they were (they are in the database) once the bridge is up.
  services.starters.push(async () => services.fuota.start());
  closers.push(() => services.fuota.stop());
  closers.push(() => services.shells.closeAll());
  // Upgrade tasks go on where they were (they are in the database) once the broker is up.
  services.starters.push(async () => services.upgrades.start());
  closers.push(() => services.upgrades.stop());
  // Cutover tasks too; the data plane asks for due requests only while one is open.
  services.starters.push(async () => services.subnetSwitch.start());
  closers.push(() => services.subnetSwitch.stop());
  for (const mod of routeModules) await mod(app, services);
  const integrations = installIntegrations(services);
  await installConsole(app, config.consoleDir);
  await ensureAdmin(services);
  return { app, services, integrations };
}
