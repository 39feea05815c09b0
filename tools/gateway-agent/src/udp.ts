/**
 * The network-server side of Semtech UDP, facing the local packet forwarder: acknowledges its
 * PUSH_DATA and PULL_DATA, remembers where its PULL_DATA came from (downlinks go there) and
 * hands on what it sends.
 */
import dgram from 'node:dgram';
import {
  buildPullAck,
  buildPullResp,
  buildPushAck,
  type Datagram,
  parseDatagram,
  type Rxpk,
  type Stat,
  type Txpk,
} from '@lns/semtech-udp/packets';
import type { Log } from './log';

/** A forwarder that has sent nothing for this long is reported as not running. */
export const RUNNING_WINDOW_MS = 60_000;

export interface ForwarderHandlers {
  onRxpk(rxpk: Rxpk[]): void;
  onStat(stat: Stat): void;
  onTxAck(token: number, error: string): void;
}

interface PullAddress {
  address: string;
  port: number;
  version: number;
}

export class ForwarderSocket {
  private pull: PullAddress | null = null;
  private lastSeenAt = 0;
  private warnedEui = '';
  lastPushAt: number | null = null;
  lastStat: Stat | null = null;

  private constructor(
    private readonly socket: dgram.Socket,
    private readonly gatewayId: string,
    private readonly handlers: ForwarderHandlers,
    private readonly log: Log,
  ) {
    socket.on('message', (buf, rinfo) => this.receive(buf, rinfo));
    socket.on('error', (err) => log.error(`udp: ${err.message}`));
  }

  static open(host: string, port: number, gatewayId: string, handlers: ForwarderHandlers, log: Log) {
    const socket = dgram.createSocket(host.includes(':') ? 'udp6' : 'udp4');
    return new Promise<ForwarderSocket>((resolve, reject) => {
      socket.once('error', reject);
      socket.bind(port, host, () => {
        socket.off('error', reject);
        resolve(new ForwarderSocket(socket, gatewayId, handlers, log));
      });
    });
  }

  get port(): number {
    return this.socket.address().port;
  }

  /** A PUSH_DATA or PULL_DATA within the last minute. */
  running(now = Date.now()): boolean {
    return now - this.lastSeenAt < RUNNING_WINDOW_MS;
  }

  /** Null when no PULL_DATA has told yet where the forwarder listens for downlinks. */
  sendTxpk(token: number, txpk: Txpk): { version: number } | null {
    if (!this.pull) return null;
    const { address, port, version } = this.pull;
    this.socket.send(buildPullResp(version, token, txpk), port, address);
    return { version };
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.socket.close(() => resolve()));
  }

  private receive(buf: Buffer, rinfo: dgram.RemoteInfo): void {
    let d: Datagram;
    try {
      d = parseDatagram(buf);
    } catch (err) {
      this.log.warn(`udp: dropped a datagram from ${rinfo.address}:${rinfo.port}: ${(err as Error).message}`);
      return;
    }
    if ('gatewayEui' in d && d.gatewayEui !== this.gatewayId && this.warnedEui !== d.gatewayEui) {
      // Still forwarded under the configured ID (the MQTT credentials are for that one).
      this.warnedEui = d.gatewayEui;
      this.log.warn(`udp: the forwarder says gateway ${d.gatewayEui}, the agent is configured for ${this.gatewayId}`);
    }
    const reply = (b: Buffer) => this.socket.send(b, rinfo.port, rinfo.address);
    switch (d.kind) {
      case 'PUSH_DATA':
        reply(buildPushAck(d.version, d.token));
        this.lastSeenAt = Date.now();
        this.lastPushAt = this.lastSeenAt;
        if (d.rxpk.length > 0) this.handlers.onRxpk(d.rxpk);
        if (d.stat && Object.keys(d.stat).length > 0) {
          this.lastStat = d.stat;
          this.handlers.onStat(d.stat);
        }
        return;
      case 'PULL_DATA':
        reply(buildPullAck(d.version, d.token));
        this.lastSeenAt = Date.now();
        if (this.pull?.address !== rinfo.address || this.pull.port !== rinfo.port) {
          this.log.info(`udp: packet forwarder pulls from ${rinfo.address}:${rinfo.port} (v${d.version})`);
        }
        this.pull = { address: rinfo.address, port: rinfo.port, version: d.version };
        return;
      case 'TX_ACK':
        this.handlers.onTxAck(d.token, d.error);
        return;
      default:
        this.log.warn(`udp: unexpected ${d.kind} from ${rinfo.address}:${rinfo.port}`);
    }
  }
}
