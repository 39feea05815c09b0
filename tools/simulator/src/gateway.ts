import dgram from 'node:dgram';
import { performance } from 'node:perf_hooks';
import {
  buildPullData,
  buildPushData,
  buildTxAck,
  parseDatagram,
  type Rxpk,
  type Stat,
  type Txpk,
} from '@lns/semtech-udp/packets';
import type { GatewayLink } from './provision';
import type { Point } from './radio';

export interface GatewayCounters {
  /** PUSH_DATA sent (receptions and stats), and acknowledged. */
  pushes: number;
  pushAcks: number;
  pullAcks: number;
  pullResps: number;
  rxnb: number;
  txnb: number;
}

/**
 * A packet forwarder speaking Semtech UDP v2 (to the server, or to its own gateway agent):
 * PUSH_DATA for receptions and stats, PULL_DATA keep-alives, TX_ACK for every PULL_RESP; the
 * downlink's PHYPayload goes to `onDownlink`.
 */
export class SimGateway {
  readonly counters: GatewayCounters = { pushes: 0, pushAcks: 0, pullAcks: 0, pullResps: 0, rxnb: 0, txnb: 0 };
  private socket: dgram.Socket | undefined;
  private timers: NodeJS.Timeout[] = [];
  /** The concentrator's free-running microsecond counter starts somewhere random. */
  private readonly tmstOffset = Math.floor(Math.random() * 2 ** 31);
  private token = Math.floor(Math.random() * 0xffff);

  constructor(
    readonly gwID: string,
    readonly pos: Point,
    private readonly server: { host: string; port: number },
    private readonly onDownlink: (gw: SimGateway, txpk: Txpk, phy: Buffer) => void,
    private readonly onError: (gw: SimGateway, message: string) => void,
    /** `mqtt`: `server` is the gateway's own agent, which carries its traffic over MQTT. */
    readonly link: GatewayLink = 'udp',
    /** The local address to send from (default any). */
    private readonly localAddress?: string,
  ) {}

  get tmst(): number {
    return (Math.floor(performance.now() * 1000) + this.tmstOffset) >>> 0;
  }

  async start(keepaliveMs: number, statMs: number): Promise<void> {
    const socket = dgram.createSocket(this.server.host.includes(':') ? 'udp6' : 'udp4');
    this.socket = socket;
    socket.on('message', (msg) => this.onMessage(msg));
    socket.on('error', (err) => this.onError(this, err.message));
    await new Promise<void>((r) => socket.bind({ port: 0, address: this.localAddress }, r));
    this.pull();
    this.sendStat();
    this.timers.push(
      setInterval(() => this.pull(), keepaliveMs),
      setInterval(() => this.sendStat(), statMs),
    );
  }

  /**
   * Until every PUSH_DATA is acknowledged, at most `ms`: through an agent, the ack says it has
   * the frame and is publishing it, so stopping the agent after that loses nothing.
   */
  async drain(ms: number): Promise<void> {
    const end = Date.now() + ms;
    while (this.socket && this.counters.pushAcks < this.counters.pushes && Date.now() < end)
      await new Promise((r) => setTimeout(r, 20));
  }

  stop(): void {
    for (const t of this.timers) clearInterval(t);
    this.timers = [];
    this.socket?.close();
    this.socket = undefined;
  }

  /** Forward one reception (the radio model decided this gateway heard it). */
  uplink(rxpk: Rxpk): void {
    this.counters.rxnb++;
    this.counters.pushes++;
    this.send(buildPushData(2, this.nextToken(), this.gwID, { rxpk: [rxpk] }));
  }

  private sendStat(): void {
    const stat: Stat = {
      time: `${new Date().toISOString().replace('T', ' ').slice(0, 19)} GMT`,
      lati: 46.2 + this.pos.y / 111,
      long: 6.15 + this.pos.x / 77,
      alti: 420,
      rxnb: this.counters.rxnb,
      rxok: this.counters.rxnb,
      rxfw: this.counters.rxnb,
      ackr: 100,
      dwnb: this.counters.pullResps,
      txnb: this.counters.txnb,
    };
    this.counters.pushes++;
    this.send(buildPushData(2, this.nextToken(), this.gwID, { stat }));
  }

  private pull(): void {
    this.send(buildPullData(2, this.nextToken(), this.gwID));
  }

  private onMessage(msg: Buffer): void {
    let d: ReturnType<typeof parseDatagram>;
    try {
      d = parseDatagram(msg);
    } catch (err) {
      this.onError(this, `bad datagram from the server: ${(err as Error).message}`);
      return;
    }
    if (d.kind === 'PUSH_ACK') this.counters.pushAcks++;
    else if (d.kind === 'PULL_ACK') this.counters.pullAcks++;
    else if (d.kind === 'PULL_RESP') {
      this.counters.pullResps++;
      this.counters.txnb++;
      this.send(buildTxAck(d.version, d.token, this.gwID, 'NONE'));
      this.onDownlink(this, d.txpk, Buffer.from(d.txpk.data, 'base64'));
    }
  }

  private nextToken(): number {
    this.token = (this.token + 1) & 0xffff;
    return this.token;
  }

  private send(buf: Buffer): void {
    this.socket?.send(buf, this.server.port, this.server.host);
  }
}
