import { randomBytes } from 'node:crypto';
import type { Txpk } from '@lns/semtech-udp/packets';
import { buildPullResp } from '@lns/semtech-udp/packets';
import { type BusTopics, type EventBus, topics } from '../../bus/bus';
import type { RelayedTx, RelayedTxMeta } from '../../bus/events';
import type { PullAddress } from '../gateways';

/** What a PULL_RESP carried, so its TX_ACK can be matched to the downlink record. */
export interface TxMeta extends RelayedTxMeta {
  /** Resolves once the record says "sent" (a fast TX_ACK must not be overwritten by it). */
  recorded?: Promise<unknown>;
}

export type SendDatagram = (buf: Buffer, port: number, address: string) => void;

/** The MQTT gateway link (bridge/mqtt.ts): downlinks to gateways that use it. */
export interface MqttDownlinks {
  prefixOf(gwId: string): string | undefined;
  send(gwId: string, downlinkId: number, txpk: Txpk): boolean;
}

const TX_TTL_MS = 30_000;
/** Each instance tells the others which gateways pull from it this often, and forgets after 3×. */
const ANNOUNCE_MS = 20_000;

/**
 * Sends PULL_RESP datagrams to a gateway's latest PULL_DATA address and remembers each token
 * (protocol v2) until its TX_ACK arrives or 30 s pass.
 *
 * Clustered (a shared bus): a gateway's PULL_DATA may reach another instance than its uplinks
 * (the forwarder sends them from different ports, which a UDP load balancer may spread). Each
 * instance announces the gateways that pull from it; a downlink for a gateway pulling elsewhere
 * is handed to that instance, which sends it and takes its TX_ACK (the record is shared).
 */
export class TxSender {
  private token = Math.floor(Math.random() * 0x10000);
  private readonly inflight = new Map<string, TxMeta & { at: number }>();
  private readonly sweeper: NodeJS.Timeout;
  private readonly instance = randomBytes(6).toString('hex');
  /** Gateways pulling from other instances: where, their protocol version, when announced. */
  private readonly remote = new Map<string, { instance: string; version: number; at: number }>();
  private readonly offs: (() => void)[] = [];

  constructor(
    private readonly pull: Map<string, PullAddress>,
    private readonly send: SendDatagram,
    private readonly cluster?: EventBus<BusTopics>,
    private readonly mqtt?: MqttDownlinks,
  ) {
    this.sweeper = setInterval(
      () => {
        const old = Date.now() - TX_TTL_MS;
        for (const [k, v] of this.inflight) if (v.at < old) this.inflight.delete(k);
        if (this.cluster) {
          const stale = Date.now() - 3 * ANNOUNCE_MS;
          for (const [k, v] of this.remote) if (v.at < stale) this.remote.delete(k);
          this.announce();
        }
      },
      this.cluster ? ANNOUNCE_MS : TX_TTL_MS,
    );
    this.sweeper.unref();
    if (cluster) {
      this.offs.push(
        cluster.subscribe(topics.relayAnnounce, (a) => {
          if (a.instance === this.instance) return;
          for (const [gwId, version] of a.gateways)
            this.remote.set(gwId, { instance: a.instance, version, at: Date.now() });
        }),
        cluster.subscribe(topics.relayTx(this.instance), (r) => {
          // Sent from here or dropped, never handed on again (no loop between stale announcements).
          if (this.pull.has(r.gwId)) this.transmit(r.gwId, r.txpk, r.meta);
        }),
      );
    }
  }

  /** Tells the other instances at once about a gateway that started pulling here. */
  pulled(gwId: string, isNew: boolean): void {
    this.remote.delete(gwId);
    if (isNew) this.announce([gwId]);
  }

  canReach(gwId: string): boolean {
    return this.pull.has(gwId) || this.mqtt?.prefixOf(gwId) !== undefined || this.remote.has(gwId);
  }

  /**
   * Sends the PULL_RESP. Returns the gateway's protocol version and `recorded(p)`, to hand over
   * the promise of the "sent" record; undefined when the gateway has no PULL address here.
   */
  transmit(
    gwId: string,
    txpk: Txpk,
    meta: TxMeta,
  ): { version: number; recorded: (p: Promise<unknown>) => Promise<unknown> } | undefined {
    const addr = this.pull.get(gwId);
    // MQTT gateways: any instance publishes on the broker; their event/ack is the TX_ACK (v2).
    const viaMqtt = !addr && this.mqtt?.prefixOf(gwId) !== undefined;
    if (!addr && !viaMqtt) return this.relay(gwId, txpk, meta);
    this.token = (this.token + 1) & 0xffff;
    const version = addr?.version ?? 2;
    const entry: TxMeta & { at: number } = { ...meta, at: Date.now() };
    if (version >= 2) this.inflight.set(`${gwId}:${this.token}`, entry);
    if (addr) this.send(buildPullResp(addr.version, this.token, txpk), addr.port, addr.address);
    else this.mqtt!.send(gwId, this.token, txpk);
    return {
      version,
      recorded: (p) => {
        entry.recorded = p.catch(() => {});
        return p;
      },
    };
  }

  /** The PULL_RESP a TX_ACK answers (once). */
  take(gwId: string, token: number): TxMeta | undefined {
    const k = `${gwId}:${token}`;
    const m = this.inflight.get(k);
    this.inflight.delete(k);
    return m;
  }

  close(): void {
    clearInterval(this.sweeper);
    for (const off of this.offs) off();
  }

  private announce(gwIds: string[] = [...this.pull.keys()]): void {
    if (!this.cluster || gwIds.length === 0) return;
    const gateways = gwIds.flatMap((g): [string, number][] => {
      const a = this.pull.get(g);
      return a ? [[g, a.version]] : [];
    });
    this.cluster.publish(topics.relayAnnounce, { instance: this.instance, gateways });
  }

  /**
   * Hands the PULL_RESP to the instance the gateway pulls from. A frame that carries a queued
   * downlink goes once its "sent" record is written, so the TX_ACK there cannot be overtaken.
   */
  private relay(gwId: string, txpk: Txpk, meta: TxMeta) {
    const at = this.remote.get(gwId);
    if (!this.cluster || !at) return undefined;
    const { recorded: _, ...rest } = meta;
    const msg: RelayedTx = { gwId, txpk, meta: rest };
    const forward = () => this.cluster!.publish(topics.relayTx(at.instance), msg);
    if (!meta.msgID) forward();
    return {
      version: at.version,
      recorded: (p: Promise<unknown>) => {
        if (meta.msgID) void p.then(forward, () => {});
        return p;
      },
    };
  }
}
