import type { AppMessage, DownlinkRecord, GatewayFrame, ProtocolFrame } from '@lns/contract/frames';
import { Redis } from 'ioredis';
import { UdpBridge } from '../bridge/udp';
import { localTopics, topics } from '../bus/bus';
import type { AppStreamEvent } from '../bus/events';
import type { Services } from '../context';
import { deviceFrames, deviceMessages, gatewayFrames } from '../db/schema/dataplane';
import { DecoderCache } from '../integrations/decoders/decoders';
import { UplinkBatcher } from './batcher';
import { Deduplicator } from './dedup';
import { TxSender } from './downlink/sender';
import { GatewayRegistry } from './gateways';
import { type DataPlaneMetrics, dataPlaneMetrics } from './metrics';
import { appMessageRow, gatewayFrameRow, protocolFrameRow } from './records';
import { RetentionJob } from './retention';
import { DataSettingsCache } from './settings';
import { HistoryWriter } from './writer';

/** The application an uplink belongs to, as integrations need it. */
export interface AppInfo {
  appID: number;
  appName: string;
  pushUrls: string[];
  headers: Record<string, string>;
  enableMQTT: boolean;
  ownerId: number;
}

const SWEEP_MS = 10_000;

/**
 * The LoRaWAN network server of one instance: the Semtech UDP bridge, de-duplication, the
 * uplink/join pipeline, the downlink scheduler, gateway state, history writing and retention.
 * Built with the app (so the downlink API works without the UDP socket); `start` binds UDP.
 */
export class DataPlane {
  readonly metrics: DataPlaneMetrics;
  readonly writer: HistoryWriter;
  readonly settings: DataSettingsCache;
  readonly gateways: GatewayRegistry;
  readonly dedup: Deduplicator;
  readonly sender: TxSender;
  readonly bridge: UdpBridge;
  readonly retention: RetentionJob;
  readonly batcher: UplinkBatcher;
  readonly decoders: DecoderCache;
  /** Class C devices with a send in progress (one downlink at a time per device). */
  readonly classCBusy = new Set<string>();
  private readonly redis?: Redis;
  private sweeper: NodeJS.Timeout | undefined;

  constructor(readonly s: Services) {
    this.metrics = dataPlaneMetrics(s.metrics);
    // On PGlite (one connection) history inserts wait briefly for the uplink batch in progress.
    this.writer = new HistoryWriter(
      s.db,
      s.log,
      (n) => this.metrics.writeErrors.inc(n),
      100,
      5000,
      () => (s.database.kind === 'pglite' ? this.batcher.idle(20) : Promise.resolve()),
    );
    this.settings = new DataSettingsCache(s.db);
    this.gateways = new GatewayRegistry(s, this.writer, this.settings);
    if (s.config.REDIS_URL) {
      this.redis = new Redis(s.config.REDIS_URL, { maxRetriesPerRequest: 1, enableOfflineQueue: false });
      this.redis.on('error', () => {});
    }
    // One batch at a time: measured faster than 2 or 4 on PostgreSQL too (bigger batches, fewer
    // statements); PGlite has a single connection anyway.
    this.batcher = new UplinkBatcher(this, 1);
    this.dedup = new Deduplicator(s.config.DEDUP_WINDOW_MS, (u) => this.batcher.push(u), this.redis);
    this.bridge = new UdpBridge(this);
    this.sender = new TxSender(
      this.gateways.pull,
      (buf, port, address) => this.bridge.send(buf, port, address),
      s.config.REDIS_URL ? s.bus : undefined,
    );
    this.decoders = new DecoderCache(s.db, s.decoders, (appID, message) => {
      this.metrics.decodeErrors.inc();
      s.log.debug({ appID, message }, 'decoder error');
    });
    this.retention = new RetentionJob(s.db, this.settings, s.log, s.database.kind === 'pglite');
  }

  private detached = 0;

  /** Uplinks received and not yet processed (tests and benchmarks wait for 0). */
  get inflight(): number {
    return this.dedup.size + this.batcher.pending + this.detached;
  }

  /** Work an uplink left running after its batch (decoding): counted in `inflight`, errors logged. */
  track(work: Promise<unknown>): void {
    this.detached++;
    work
      .catch((err) => this.s.log.error({ err }, 'uplink follow-up'))
      .finally(() => {
        this.detached--;
      });
  }

  /** Binds the UDP socket and starts the background jobs. Returns the bound port. */
  async start(port = this.s.config.UDP_PORT, host = this.s.config.HOST): Promise<number> {
    const bound = await this.bridge.listen(port, host);
    await this.settings.refresh();
    void this.gateways.sweep(this.s.config.GATEWAY_OFFLINE_MS).catch(() => {});
    this.sweeper = setInterval(() => {
      void this.gateways
        .sweep(this.s.config.GATEWAY_OFFLINE_MS)
        .catch((err) => this.s.log.warn({ err }, 'gateway sweep'));
    }, SWEEP_MS);
    this.sweeper.unref();
    this.retention.start();
    return bound;
  }

  async close(): Promise<void> {
    if (this.sweeper) clearInterval(this.sweeper);
    this.retention.stop();
    this.sender.close();
    await this.bridge.close();
    // Let in-flight uplinks finish before the last flush.
    for (let i = 0; i < 100 && this.inflight > 0; i++) await new Promise((r) => setTimeout(r, 20));
    await this.writer.flush().catch(() => {});
    this.decoders.close();
    this.redis?.disconnect();
  }

  // ---- events and history -------------------------------------------------------------------

  /** `stored`: the row was written with the uplink's acceptance; only the event is left. */
  protocolFrame(f: ProtocolFrame, stored = false): void {
    const st = this.settings.get();
    if (!stored && st.enableDevMacData && (f.uplink || st.enableDevDlData))
      this.writer.add(deviceFrames, protocolFrameRow(f));
    this.s.bus.publish(topics.deviceProtocol(f.devEUI), { kind: 'protocol', data: f });
  }

  /**
   * `stored`: the history row was written with the acceptance; `durable`: so were its outbox
   * rows (integrations then only wake their sender instead of queueing the message).
   */
  appMessage(m: AppMessage, app: AppInfo, opts: { stored?: boolean; durable?: boolean } = {}): void {
    if (!opts.stored && this.settings.get().enableDevAppData) this.writer.add(deviceMessages, appMessageRow(m));
    const event: AppStreamEvent = { kind: 'app', data: m };
    this.s.bus.publish(topics.deviceApp(m.devEUI), event);
    this.s.bus.publish(topics.application(m.appID), event);
    this.s.local.publish(localTopics.appMessage, { message: m, application: app, durable: opts.durable });
  }

  gatewayFrame(g: GatewayFrame): void {
    if (this.settings.get().enableGwData) this.writer.add(gatewayFrames, gatewayFrameRow(g));
    this.s.bus.publish(topics.gateway(g.gwID), { kind: 'gateway', data: g });
  }

  downlinkStatus(r: DownlinkRecord): void {
    this.s.bus.publish(topics.deviceProtocol(r.devEUI), { kind: 'downlink', data: r });
    this.s.local.publish(localTopics.downlinkStatus, r);
  }
}

const planes = new WeakMap<Services, DataPlane>();

/** The instance's data plane (undefined before `installDataPlane`). */
export const dataPlaneOf = (s: Services): DataPlane | undefined => planes.get(s);

/** Creates the data plane, registers the UDP starter (main.ts runs it after HTTP listens) and its close. */
export function installDataPlane(s: Services): DataPlane {
  const existing = planes.get(s);
  if (existing) return existing;
  const dp = new DataPlane(s);
  planes.set(s, dp);
  s.starters.push(async () => {
    await dp.start();
  });
  s.onClose(() => dp.close());
  return dp;
}
