import dgram from 'node:dgram';
import {
  buildPullData,
  buildPushData,
  buildTxAck,
  type Datagram,
  parseDatagram,
  type Rxpk,
  type Stat,
} from '@lns/semtech-udp/packets';

/** A packet forwarder as the test plays it: Semtech UDP v2 to the agent's port. */
export class FakeForwarder {
  readonly received: Datagram[] = [];
  private waiters: (() => void)[] = [];
  private token = 1;

  private constructor(
    private readonly socket: dgram.Socket,
    private readonly agentPort: number,
    readonly eui: string,
  ) {
    socket.on('message', (buf) => {
      this.received.push(parseDatagram(buf));
      for (const w of this.waiters) w();
    });
  }

  static async open(agentPort: number, eui: string): Promise<FakeForwarder> {
    const socket = dgram.createSocket('udp4');
    await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
    return new FakeForwarder(socket, agentPort, eui);
  }

  private send(buf: Buffer) {
    this.socket.send(buf, this.agentPort, '127.0.0.1');
  }

  /** PUSH_DATA, resolved with the agent's PUSH_ACK. */
  async push(body: { rxpk?: Rxpk[]; stat?: Stat }) {
    const token = this.token++;
    this.send(buildPushData(2, token, this.eui, body));
    return this.next((d) => d.kind === 'PUSH_ACK' && d.token === token);
  }

  /** PULL_DATA (version 2 unless told), resolved with the agent's PULL_ACK. */
  async pull(version = 2) {
    const token = this.token++;
    this.send(buildPullData(version, token, this.eui));
    return this.next((d) => d.kind === 'PULL_ACK' && d.token === token);
  }

  txAck(token: number, error = 'NONE') {
    this.send(buildTxAck(2, token, this.eui, error));
  }

  next(match: (d: Datagram) => boolean, timeoutMs = 5000): Promise<Datagram> {
    return new Promise((resolve, reject) => {
      const check = () => {
        const i = this.received.findIndex(match);
        if (i < 0) return;
        const [hit] = this.received.splice(i, 1);
        cleanup();
        resolve(hit!);
      };
      const timer = setTimeout(() => {
        cleanup();
        reject(new Error(`no matching datagram within ${timeoutMs} ms`));
      }, timeoutMs);
      const cleanup = () => {
        clearTimeout(timer);
        this.waiters = this.waiters.filter((w) => w !== check);
      };
      this.waiters.push(check);
      check();
    });
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.socket.close(() => resolve()));
  }
}
