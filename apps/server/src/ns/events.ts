import type { AppMessage, DownlinkRecord, GatewayFrame, ProtocolFrame } from '@lns/contract/frames';
import { type BusTopics, type EventBus, type LocalTopics, localTopics, type MulticastEvent, topics } from '../bus/bus';
import type { AppRef, AppStreamEvent } from '../bus/events';
import { deviceFrames, deviceMessages, gatewayFrames } from '../db/schema/dataplane';
import { appMessageRow, gatewayFrameRow, protocolFrameRow } from './records';
import type { DataSettingsCache } from './settings';
import type { FrameSink } from './stage';
import type { HistoryWriter } from './writer';

/**
 * Frames and messages of the data plane: into history as the platform settings allow, onto the
 * bus for live streams, and onto the local bus for this instance's integrations.
 */
export class FrameEvents implements FrameSink {
  constructor(
    private readonly settings: DataSettingsCache,
    private readonly writer: HistoryWriter,
    private readonly bus: EventBus<BusTopics>,
    private readonly local: EventBus<LocalTopics>,
  ) {}

  protocolFrame(f: ProtocolFrame, stored = false): void {
    const st = this.settings.get();
    if (!stored && st.enableDevMacData && (f.uplink || st.enableDevDlData))
      this.writer.add(deviceFrames, protocolFrameRow(f));
    this.bus.publish(topics.deviceProtocol(f.devEUI), { kind: 'protocol', data: f });
  }

  appMessage(m: AppMessage, app: AppRef, opts: { stored?: boolean; durable?: boolean } = {}): void {
    if (!opts.stored && this.settings.get().enableDevAppData) this.writer.add(deviceMessages, appMessageRow(m));
    const event: AppStreamEvent = { kind: 'app', data: m };
    this.bus.publish(topics.deviceApp(m.devEUI), event);
    this.bus.publish(topics.application(m.appID), event);
    this.local.publish(localTopics.appMessage, { message: m, application: app, durable: opts.durable });
  }

  gatewayFrame(g: GatewayFrame): void {
    if (this.settings.get().enableGwData) this.writer.add(gatewayFrames, gatewayFrameRow(g));
    this.bus.publish(topics.gateway(g.gwID), { kind: 'gateway', data: g });
  }

  downlinkStatus(r: DownlinkRecord): void {
    this.bus.publish(topics.deviceProtocol(r.devEUI), { kind: 'downlink', data: r });
    this.local.publish(localTopics.downlinkStatus, r);
  }

  multicast(e: MulticastEvent): void {
    this.local.publish(localTopics.multicastEvent, e);
  }
}
