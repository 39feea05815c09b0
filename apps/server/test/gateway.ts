import dgram from 'node:dgram';
import {
  buildPullData,
  buildPushData,
  buildTxAck,
  type Datagram,
  PUSH_ACK,
  parseDatagram,
  type Rxpk,
  type Stat,
  type Txpk,
} from '@lns/semtech-udp/packets';

/** A downlink the server handed to the gateway, and the test that picks those out of what came back. */
export type PullResp = Datagram & { kind: 'PULL_RESP' };
export const isPullResp = (d: Datagram): d is PullResp => d.kind === 'PULL_RESP';

/**
 * RP002 US915 class B: ping slots hop over 923.3 + 0.6·n MHz, n = (address + floor(beaconTime / 128))
 * mod 8. Written from the formula, not from the server's code, for the tests to check it against.
 */
export const us915PingSlotMHz = (addr: string, tmms: number) =>
  Number((923.3 + 0.6 * ((Number.parseInt(addr, 16) + Math.floor(tmms / 128_000)) % 8)).toFixed(1));

/**
 * A packet forwarder for tests, benchmarks and the simulator: a UDP socket that sends PUSH_DATA /
 * PULL_DATA / TX_ACK to the server and records what comes back.
 */
export class TestGateway {
  readonly received: Datagram[] = [];
  private readonly socket = dgram.createSocket('udp4');
  private token = 0;
  private waiters: { pred: (d: Datagram) => boolean; resolve: (d: Datagram) => void }[] = [];
  /** Called for each PULL_RESP (benchmarks measure latency here). */
  onPullResp?: (txpk: Txpk, token: number) => void;
  /** A benchmark's load generator (see `open`). */
  private lean = false;

  constructor(
    readonly eui: string,
    private readonly serverPort: number,
    private readonly host = '127.0.0.1',
    readonly version = 2,
  ) {
    this.socket.on('message', (msg) => {
      if (this.lean && msg[3] === PUSH_ACK) return;
      let d: Datagram;
      try {
        d = parseDatagram(msg);
      } catch {
        return;
      }
      if (d.kind === 'PULL_RESP') this.onPullResp?.(d.txpk, d.token);
      this.received.push(d);
      if (this.received.length > 10_000) this.received.splice(0, 5_000);
      this.waiters = this.waiters.filter((w) => {
        if (!w.pred(d)) return true;
        w.resolve(d);
        return false;
      });
    });
  }

  /**
   * `address`: the local address to send from (another loopback address is another gateway host).
   * `lean`: for a benchmark's load generator, which shares the server's CPUs: the socket is connected
   * to the server (no address lookup per datagram; it hears only the server) and PUSH_ACKs are dropped
   * unread (parsing and keeping 10,000s of them is the generator's CPU).
   */
  async open(address = '127.0.0.1', lean = false): Promise<this> {
    await new Promise<void>((r) => this.socket.bind(0, address, () => r()));
    if (lean) await new Promise<void>((r) => this.socket.connect(this.serverPort, this.host, () => r()));
    this.lean = lean;
    return this;
  }

  private next(): number {
    this.token = (this.token + 1) & 0xffff;
    return this.token;
  }

  /** The local UDP port (after open). */
  get port(): number {
    return this.socket.address().port;
  }

  raw(buf: Buffer): void {
    if (this.lean) this.socket.send(buf);
    else this.socket.send(buf, this.serverPort, this.host);
  }

  pull(): void {
    this.raw(buildPullData(this.version, this.next(), this.eui));
  }

  push(rxpk: Rxpk[], stat?: Stat): number {
    const token = this.next();
    this.raw(buildPushData(this.version, token, this.eui, { rxpk, ...(stat ? { stat } : {}) }));
    return token;
  }

  txAck(token: number, error = 'NONE'): void {
    this.raw(buildTxAck(this.version, token, this.eui, error));
  }

  /** The next datagram matching `pred` (already received ones count unless `fresh`). */
  waitFor(pred: (d: Datagram) => boolean, timeoutMs = 3000, fresh = false): Promise<Datagram> {
    if (!fresh) {
      const hit = this.received.find(pred);
      if (hit) return Promise.resolve(hit);
    }
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((w) => w.resolve !== done);
        reject(new Error(`gateway ${this.eui}: no matching datagram within ${timeoutMs} ms`));
      }, timeoutMs);
      const done = (d: Datagram) => {
        clearTimeout(timer);
        resolve(d);
      };
      this.waiters.push({ pred, resolve: done });
    });
  }

  pullResps(): (Datagram & { kind: 'PULL_RESP' })[] {
    return this.received.filter((d): d is Datagram & { kind: 'PULL_RESP' } => d.kind === 'PULL_RESP');
  }

  close(): void {
    this.socket.close();
  }
}

/** An rxpk for a PHYPayload with sensible EU868 defaults. */
export function rxpkOf(phy: Buffer, extra: Partial<Rxpk> = {}): Rxpk {
  return {
    tmst: 1_000_000,
    chan: 0,
    rfch: 0,
    freq: 868.1,
    stat: 1,
    modu: 'LORA',
    datr: 'SF7BW125',
    codr: '4/5',
    rssi: -60,
    lsnr: 7.5,
    size: phy.length,
    data: phy.toString('base64'),
    ...extra,
  };
}
