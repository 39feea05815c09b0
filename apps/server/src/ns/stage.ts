import type { AppMessage, DownlinkRecord, GatewayFrame, ProtocolFrame } from '@lns/contract/frames';
import type { FastifyBaseLogger } from 'fastify';
import type { MulticastEvent } from '../bus/bus';
import type { AppRef } from '../bus/events';
import type { Config } from '../config';
import type { Db } from '../db/client';
import type { DecoderCache } from '../integrations/decoders/decoders';
import type { CutoverWatch } from './cutover-watch';
import type { RxCopy } from './dedup';
import type { TxSender } from './downlink/sender';
import type { GatewayRegistry } from './gateways';
import type { DataPlaneMetrics } from './metrics';
import type { DataSettingsCache } from './settings';
import type { HistoryWriter } from './writer';

/** The configuration values the uplink, join and downlink stages read. */
export type StageConfig = Pick<
  Config,
  | 'ADR_MARGIN'
  | 'NET_ID'
  | 'RX_WINDOW'
  | 'RX1_DEADLINE_MS'
  | 'DOWNLINK_RETRIES'
  | 'MC_SESSION_LEAD_S'
  | 'RELAY_ANSWER_WAIT_MS'
  | 'FUOTA_ANSWER_WAIT_S'
  | 'FUOTA_FRAGMENT_INTERVAL_MS'
>;

/** Where the stages hand what they produced: history rows (as the settings allow) and bus events. */
export interface FrameSink {
  /** `stored`: the row was written with the uplink's acceptance; only the event is left. */
  protocolFrame(f: ProtocolFrame, stored?: boolean): void;
  /**
   * `stored`: the history row was written with the acceptance; `durable`: so were its outbox
   * rows (integrations then only wake their sender instead of queueing the message).
   */
  appMessage(m: AppMessage, app: AppRef, opts?: { stored?: boolean; durable?: boolean }): void;
  gatewayFrame(g: GatewayFrame): void;
  downlinkStatus(r: DownlinkRecord): void;
  multicast(e: MulticastEvent): void;
}

/**
 * What the uplink, join and downlink stages work with; the data plane (ns/dataplane.ts) builds
 * each part once. Helpers that need less take a `Pick` of it.
 */
export interface Stage {
  db: Db;
  log: FastifyBaseLogger;
  config: StageConfig;
  metrics: DataPlaneMetrics;
  settings: DataSettingsCache;
  writer: HistoryWriter;
  events: FrameSink;
  gateways: GatewayRegistry;
  sender: TxSender;
  decoders: DecoderCache;
  /** Class B devices' downlinks wait for their ping slots here. */
  classB: { schedule(devEUI: string): Promise<void> };
  /** Whether subnet cutover requests may be due (set by the cutover runner). */
  cutover: CutoverWatch;
  /** Class C devices with a send in progress (one downlink at a time per device). */
  classCBusy: Set<string>;
  /** Work an uplink left running after its batch (decoding): counted as in flight, errors logged. */
  track(work: Promise<unknown>): void;
  /** A frame a relay forwarded (ns/relay/forward.ts): de-duplicated and processed like a gateway's copy. */
  relayed(copy: RxCopy): void;
}
