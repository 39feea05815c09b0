import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { Registry } from 'prom-client';
import { MqttGatewayLink } from '../bridge/mqtt';
import { UdpBridge } from '../bridge/udp';
import type { BusTopics, EventBus, LocalTopics } from '../bus/bus';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { DecoderCache } from '../integrations/decoders/decoders';
import type { DecoderPool } from '../integrations/decoders/pool';
import { UplinkBatcher } from './batcher';
import { CutoverWatch } from './cutover-watch';
import { Deduplicator, type RxCopy, senderOf, type Uplink } from './dedup';
import { ClassBScheduler } from './downlink/classb';
import { TxSender } from './downlink/sender';
import { FrameEvents } from './events';
import { GatewayRegistry } from './gateways';
import { type DataPlaneMetrics, dataPlaneMetrics } from './metrics';
import { gatewayFrames, received } from './received';
import { RetentionJob } from './retention';
import { DataSettingsCache } from './settings';
import type { Stage, StageConfig } from './stage';
import { HistoryWriter } from './writer';

/** The configuration values the data plane reads (its stages' and its own). */
export type DataPlaneConfig = StageConfig &
  Pick<
    Config,
    | 'REDIS_URL'
    | 'DEDUP_WINDOW_MS'
    | 'DEDUP_EARLY_CLOSE'
    | 'UDP_PORT'
    | 'HOST'
    | 'GATEWAY_OFFLINE_MS'
    | 'GATEWAY_MAX_UPLINKS_PER_S'
  >;

/** What the data plane is built from (app.ts passes them). */
export interface DataPlaneDeps {
  config: DataPlaneConfig;
  db: Db;
  /** PGlite has one connection: history inserts wait for the uplink batch, retention vacuums. */
  singleConnection: boolean;
  log: FastifyBaseLogger;
  /** Live-stream events and the downlink relay between instances. */
  bus: EventBus<BusTopics>;
  /** This instance's events, for integrations. */
  local: EventBus<LocalTopics>;
  /** The app's /metrics registry. */
  registry: Registry;
  /** The decoder threads, shared with the API's script checks. */
  decoderPool: DecoderPool;
  /** With REDIS_URL: the de-duplication shared by instances (`Deduplicator`). */
  redis?: Redis;
}

const SWEEP_MS = 10_000;

/**
 * The LoRaWAN network server of one instance: the Semtech UDP bridge, de-duplication, the
 * uplink/join pipeline, the downlink scheduler, gateway state, history writing and retention.
 * Built with the app (so the downlink API works without the UDP socket); `start` binds UDP.
 * It is the `Stage` its uplink, join and downlink stages work with.
 */
export class DataPlane implements Stage {
  readonly config: DataPlaneConfig;
  readonly db: Db;
  readonly log: FastifyBaseLogger;
  readonly metrics: DataPlaneMetrics;
  readonly writer: HistoryWriter;
  readonly settings: DataSettingsCache;
  readonly events: FrameEvents;
  readonly gateways: GatewayRegistry;
  readonly dedup: Deduplicator;
  readonly sender: TxSender;
  readonly bridge: UdpBridge;
  /** Gateways over MQTT; the broker attaches its publish when it starts (integrations/install.ts). */
  readonly mqttLink: MqttGatewayLink;
  readonly retention: RetentionJob;
  readonly batcher: UplinkBatcher;
  readonly decoders: DecoderCache;
  readonly classCBusy = new Set<string>();
  readonly cutover = new CutoverWatch();
  readonly classB: ClassBScheduler;
  private readonly redis?: Redis;
  private sweeper: NodeJS.Timeout | undefined;

  constructor(deps: DataPlaneDeps) {
    const { config, db, log } = deps;
    this.config = config;
    this.db = db;
    this.log = log;
    this.metrics = dataPlaneMetrics(deps.registry);
    // On PGlite (one connection) history inserts wait briefly for the uplink batch in progress.
    this.writer = new HistoryWriter(
      db,
      log,
      (n) => this.metrics.writeErrors.inc(n),
      100,
      5000,
      () => (deps.singleConnection ? this.batcher.idle(20) : Promise.resolve()),
    );
    this.settings = new DataSettingsCache(db);
    this.events = new FrameEvents(this.settings, this.writer, deps.bus, deps.local);
    this.gateways = new GatewayRegistry(db, deps.local, this.writer, this.settings);
    this.redis = deps.redis;
    this.redis?.on('error', () => {});
    // One batch at a time: measured faster than 2 or 4 on PostgreSQL too (bigger batches, fewer
    // statements); PGlite has a single connection anyway.
    this.batcher = new UplinkBatcher(this, 1);
    this.dedup = new Deduplicator(
      config.DEDUP_WINDOW_MS,
      (u) => this.batcher.push(u),
      this.redis,
      (u, copy) => this.lateCopy(u, copy),
      config.DEDUP_EARLY_CLOSE,
    );
    this.bridge = new UdpBridge(this, this.dedup, config.GATEWAY_MAX_UPLINKS_PER_S);
    this.mqttLink = new MqttGatewayLink(this, this.dedup, config.GATEWAY_MAX_UPLINKS_PER_S);
    this.sender = new TxSender(
      this.gateways.pull,
      (buf, port, address) => this.bridge.send(buf, port, address),
      config.REDIS_URL ? deps.bus : undefined,
      this.mqttLink,
    );
    this.decoders = new DecoderCache(db, deps.decoderPool, (appID, message) => {
      this.metrics.decodeErrors.inc();
      log.debug({ appID, message }, 'decoder error');
    });
    this.retention = new RetentionJob(db, this.settings, log, deps.singleConnection);
    this.classB = new ClassBScheduler(this);
  }

  private detached = 0;

  /** Uplinks received and not yet processed (tests and benchmarks wait for 0). */
  get inflight(): number {
    return this.dedup.size + this.batcher.pending + this.detached;
  }

  track(work: Promise<unknown>): void {
    this.detached++;
    work
      .catch((err) => this.log.error({ err }, 'uplink follow-up'))
      .finally(() => {
        this.detached--;
      });
  }

  /**
   * A gateway's copy that came after its uplink's window closed early: it joins the uplink while
   * that waits for its batch; later, it is kept as that gateway's frame (history and live page).
   */
  private lateCopy(u: Uplink, copy: RxCopy): void {
    this.metrics.lateCopies.inc();
    if (this.batcher.waiting(u)) return;
    const rx = received({ ...u, copies: [copy] });
    const sender = senderOf(u.data);
    gatewayFrames(this.events, rx, {
      msgType: rx.phy.length > 0 ? rx.phy[0]! >> 5 : null,
      devAddr: sender?.startsWith('d') ? Buffer.from(sender.slice(1), 'hex').reverse().toString('hex') : null,
      devEUI: null,
      data: '',
    });
  }

  relayed(copy: RxCopy): void {
    this.dedup.add(copy);
  }

  /** Binds the UDP socket and starts the background jobs. Returns the bound port. */
  async start(port = this.config.UDP_PORT, host = this.config.HOST): Promise<number> {
    const bound = await this.bridge.listen(port, host);
    await this.settings.refresh();
    void this.gateways.sweep(this.config.GATEWAY_OFFLINE_MS).catch(() => {});
    this.sweeper = setInterval(() => {
      void this.gateways.sweep(this.config.GATEWAY_OFFLINE_MS).catch((err) => this.log.warn({ err }, 'gateway sweep'));
    }, SWEEP_MS);
    this.sweeper.unref();
    this.retention.start();
    return bound;
  }

  async close(): Promise<void> {
    if (this.sweeper) clearInterval(this.sweeper);
    this.retention.stop();
    this.classB.close();
    this.sender.close();
    await this.bridge.close();
    // Let in-flight uplinks finish before the last flush.
    for (let i = 0; i < 100 && this.inflight > 0; i++) await new Promise((r) => setTimeout(r, 20));
    await this.writer.flush().catch(() => {});
    this.decoders.close();
    this.redis?.disconnect();
  }
}
