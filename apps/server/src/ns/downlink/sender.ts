import type { Txpk } from '../../bridge/semtech';
import { buildPullResp } from '../../bridge/semtech';
import type { PullAddress } from '../gateways';

/** What a PULL_RESP carried, so its TX_ACK can be matched to the downlink record. */
export interface TxMeta {
  devEUI: string;
  /** Downlink record, when the frame carried a queued downlink (not a bare ACK / MAC answer / join-accept). */
  msgID?: string;
  classC?: boolean;
  /** Resolves once the record says "sent" (a fast TX_ACK must not be overwritten by it). */
  recorded?: Promise<unknown>;
}

export type SendDatagram = (buf: Buffer, port: number, address: string) => void;

const TX_TTL_MS = 30_000;

/**
 * Sends PULL_RESP datagrams to a gateway's latest PULL_DATA address and remembers each token
 * (protocol v2) until its TX_ACK arrives or 30 s pass.
 */
export class TxSender {
  private token = Math.floor(Math.random() * 0x10000);
  private readonly inflight = new Map<string, TxMeta & { at: number }>();
  private readonly sweeper: NodeJS.Timeout;

  constructor(
    private readonly pull: Map<string, PullAddress>,
    private readonly send: SendDatagram,
  ) {
    this.sweeper = setInterval(() => {
      const old = Date.now() - TX_TTL_MS;
      for (const [k, v] of this.inflight) if (v.at < old) this.inflight.delete(k);
    }, TX_TTL_MS);
    this.sweeper.unref();
  }

  canReach(gwId: string): boolean {
    return this.pull.has(gwId);
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
    if (!addr) return undefined;
    this.token = (this.token + 1) & 0xffff;
    const entry: TxMeta & { at: number } = { ...meta, at: Date.now() };
    if (addr.version >= 2) this.inflight.set(`${gwId}:${this.token}`, entry);
    this.send(buildPullResp(addr.version, this.token, txpk), addr.port, addr.address);
    return {
      version: addr.version,
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
  }
}
