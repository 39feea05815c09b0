/**
 * Packet forwarder ↔ MQTT: uplinks and stats out, downlinks in, TX_ACKs back as DownlinkTxAck
 * with the downlink's ID. A downlink's items are tried in order until one is sent.
 */
import { gatewayTopic } from '@lns/contract/gateway-mqtt';
import type { Rxpk, Stat } from '@lns/semtech-udp/packets';
import { ackStatus, type DownlinkFrameMsg, downlinkFrame, type TxAckStatus, txpkOf } from './downlink';
import type { Link } from './link';
import type { Log } from './log';
import type { ForwarderSocket } from './udp';
import { gatewayStatsOf, uplinkFrameOf } from './uplink';

/** A forwarder that has not answered a PULL_RESP by then never will: nothing is published. */
export const TX_ACK_TIMEOUT_MS = 5000;

interface Pending {
  frame: DownlinkFrameMsg;
  index: number;
  statuses: TxAckStatus[];
  timer: NodeJS.Timeout;
}

export class Bridge {
  private uplinkId = 0;
  private readonly pending = new Map<number, Pending>();

  constructor(
    private readonly link: Link,
    private readonly forwarder: ForwarderSocket,
    private readonly prefix: string,
    private readonly gatewayId: string,
    private readonly log: Log,
  ) {}

  private topic(kind: 'event', name: string) {
    return gatewayTopic(this.prefix, this.gatewayId, kind, name);
  }

  onRxpk(rxpk: Rxpk[]): void {
    for (const r of rxpk) {
      this.uplinkId = (this.uplinkId + 1) >>> 0;
      const id = this.uplinkId;
      const frame = uplinkFrameOf(r, this.gatewayId, id);
      if (!frame) continue;
      void this.link.publish(this.topic('event', 'up'), frame).then((ok) => {
        if (!ok) this.log.warn(`uplink ${id} dropped: not connected to the broker`);
      });
    }
  }

  onStat(stat: Stat): void {
    void this.link.publish(this.topic('event', 'stats'), gatewayStatsOf(stat, this.gatewayId));
  }

  /** A message on command/down. */
  onDownlink(payload: Buffer): void {
    let raw: unknown;
    try {
      raw = JSON.parse(payload.toString('utf8'));
    } catch {
      this.log.warn('downlink: not JSON, dropped');
      return;
    }
    const r = downlinkFrame.safeParse(raw);
    if (!r.success) {
      this.log.warn(`downlink: dropped, ${r.error.issues[0]?.path.join('.')}: ${r.error.issues[0]?.message}`);
      return;
    }
    this.send(r.data, 0, []);
  }

  onTxAck(token: number, error: string): void {
    const p = this.pending.get(token);
    if (!p) return;
    this.pending.delete(token);
    clearTimeout(p.timer);
    const status = ackStatus(error);
    if (status !== 'OK' && p.index + 1 < p.frame.items.length) {
      this.send(p.frame, p.index + 1, [...p.statuses, status]);
      return;
    }
    this.ack(p.frame, [...p.statuses, status]);
  }

  close(): void {
    for (const p of this.pending.values()) clearTimeout(p.timer);
    this.pending.clear();
  }

  private send(frame: DownlinkFrameMsg, index: number, statuses: TxAckStatus[]): void {
    const item = frame.items[index]!;
    const txpk = txpkOf(item);
    if (typeof txpk === 'string') {
      this.log.warn(`downlink ${frame.downlinkId}: ${txpk}`);
      this.next(frame, index, statuses, 'INTERNAL_ERROR');
      return;
    }
    const token = this.freeToken();
    const sent = this.forwarder.sendTxpk(token, txpk);
    if (!sent) {
      this.log.warn(`downlink ${frame.downlinkId}: no PULL_DATA from the packet forwarder yet`);
      this.next(frame, index, statuses, 'INTERNAL_ERROR');
      return;
    }
    // Protocol v1 has no TX_ACK: the downlink stays "sent" at the server.
    if (sent.version < 2) return;
    const timer = setTimeout(() => this.pending.delete(token), TX_ACK_TIMEOUT_MS);
    timer.unref();
    this.pending.set(token, { frame, index, statuses, timer });
  }

  private next(frame: DownlinkFrameMsg, index: number, statuses: TxAckStatus[], status: TxAckStatus): void {
    if (index + 1 < frame.items.length) this.send(frame, index + 1, [...statuses, status]);
    else this.ack(frame, [...statuses, status]);
  }

  /** Statuses of the items tried; the ones never tried are IGNORED. */
  private ack(frame: DownlinkFrameMsg, statuses: TxAckStatus[]): void {
    const items = frame.items.map((_, i) => ({ status: statuses[i] ?? 'IGNORED' }));
    void this.link.publish(this.topic('event', 'ack'), {
      gatewayId: this.gatewayId,
      downlinkId: frame.downlinkId,
      items,
    });
  }

  private freeToken(): number {
    let token: number;
    do token = Math.floor(Math.random() * 0x10000);
    while (this.pending.has(token));
    return token;
  }
}
