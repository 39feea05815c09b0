import dgram from 'node:dgram';
import { performance } from 'node:perf_hooks';
import { buildPullAck, buildPushAck, type Datagram, parseDatagram, TX_ACK_ERRORS } from '@lns/semtech-udp/packets';
import type { Deduplicator } from '../ns/dedup';
import { handleTxAck } from '../ns/downlink/txack';
import type { Stage } from '../ns/stage';
import { KeyedRateLimiter } from './rate-limit';

/** The receive buffer the bridge asks the kernel for: datagrams wait there while the event loop is busy. */
const RECV_BUFFER_BYTES = 4 * 1024 * 1024;

/**
 * Asks for a receive buffer of `bytes` (bursts from many gateways wait there between the event
 * loop's reads; what does not fit is dropped by the kernel) and warns when the system gives less:
 * Linux caps it at net.core.rmem_max, 208 KB on many distributions, and says so nowhere else.
 * Returns the size granted (Linux reports twice what it grants, its bookkeeping included).
 */
export function widenRecvBuffer(socket: dgram.Socket, bytes: number, log: Pick<Stage['log'], 'warn'>): number {
  try {
    socket.setRecvBufferSize(bytes);
  } catch {
    // Refused outright on some systems: the check below reports what there is.
  }
  const granted = socket.getRecvBufferSize() / (process.platform === 'linux' ? 2 : 1);
  if (granted < bytes)
    log.warn(
      { grantedBytes: granted, wantedBytes: bytes },
      'UDP receive buffer smaller than asked: a burst of datagrams may be dropped by the kernel (raise net.core.rmem_max, docs/deployment.md)',
    );
  return granted;
}

/**
 * The Semtech UDP packet-forwarder endpoint (protocol v1 and v2). PUSH_DATA → PUSH_ACK and its
 * rxpk into de-duplication, PULL_DATA → PULL_ACK and the gateway's downlink address, TX_ACK →
 * the downlink record. Unknown gateways are ignored and malformed datagrams dropped; both counted.
 */
export class UdpBridge {
  private socket: dgram.Socket | undefined;
  private readonly rxpkRate: KeyedRateLimiter;

  constructor(
    private readonly dp: Stage,
    private readonly dedup: Pick<Deduplicator, 'add'>,
    maxUplinksPerS: number,
  ) {
    this.rxpkRate = new KeyedRateLimiter(maxUplinksPerS);
  }

  listen(port: number, host = '0.0.0.0'): Promise<number> {
    const socket = dgram.createSocket({ type: host.includes(':') ? 'udp6' : 'udp4', reuseAddr: false });
    this.socket = socket;
    return new Promise((resolve, reject) => {
      socket.once('error', (err: NodeJS.ErrnoException) => {
        this.socket = undefined;
        reject(
          err.code === 'EADDRINUSE'
            ? new Error(`UDP_PORT ${port} is already in use; set UDP_PORT to a free port`)
            : err,
        );
      });
      socket.bind(port, host, () => {
        socket.removeAllListeners('error');
        widenRecvBuffer(socket, RECV_BUFFER_BYTES, this.dp.log);
        socket.on('error', (err) => this.dp.log.warn({ err }, 'UDP socket error'));
        socket.on('message', (msg, rinfo) => this.receive(msg, rinfo));
        resolve(socket.address().port);
      });
    });
  }

  get port(): number | undefined {
    return this.socket?.address().port;
  }

  send(buf: Buffer, port: number, address: string): void {
    this.socket?.send(buf, port, address);
  }

  close(): Promise<void> {
    const s = this.socket;
    this.socket = undefined;
    return new Promise((resolve) => (s ? s.close(() => resolve()) : resolve()));
  }

  /** One datagram from the socket (public so tests can feed datagrams without kernel buffering). */
  receive(msg: Buffer, rinfo: Pick<dgram.RemoteInfo, 'address' | 'port'>): void {
    const at = performance.now();
    let d: Datagram;
    try {
      d = parseDatagram(msg);
    } catch {
      this.dp.metrics.malformed.inc();
      return;
    }
    this.dp.metrics.datagrams.inc({ type: d.kind });
    if (d.kind !== 'PUSH_DATA' && d.kind !== 'PULL_DATA' && d.kind !== 'TX_ACK') {
      // Server-to-gateway identifiers never travel this way.
      this.dp.metrics.malformed.inc();
      return;
    }
    void this.handle(d, rinfo, at).catch((err) => this.dp.log.warn({ err }, 'UDP datagram handling failed'));
  }

  private async handle(
    d: Datagram & { gatewayEui: string },
    rinfo: Pick<dgram.RemoteInfo, 'address' | 'port'>,
    at: number,
  ): Promise<void> {
    const gwId = d.gatewayEui;
    const gw = await this.dp.gateways.get(gwId);
    if (!gw) {
      this.dp.metrics.unknownGateway.inc();
      return;
    }
    switch (d.kind) {
      case 'PUSH_DATA': {
        this.send(buildPushAck(d.version, d.token), rinfo.port, rinfo.address);
        if (d.dropped > 0) this.dp.metrics.rxpkDropped.inc({ reason: 'datagram_cap' }, d.dropped);
        const granted = d.rxpk.length && this.rxpkRate.take(gwId, d.rxpk.length);
        if (granted < d.rxpk.length) this.dp.metrics.rxpkDropped.inc({ reason: 'rate' }, d.rxpk.length - granted);
        for (const rxpk of d.rxpk.slice(0, granted)) {
          // CRC-failed frames are not LoRaWAN frames; the forwarder normally drops them already.
          if (rxpk.stat === -1 || rxpk.stat === 0) continue;
          this.dedup.add({ gwId, rxpk, at });
        }
        if (d.stat) this.dp.gateways.stat(gwId, d.stat);
        break;
      }
      case 'PULL_DATA': {
        const isNew = !this.dp.gateways.pull.has(gwId);
        this.dp.gateways.pull.set(gwId, { address: rinfo.address, port: rinfo.port, version: d.version });
        this.dp.sender.pulled(gwId, isNew);
        this.send(buildPullAck(d.version, d.token), rinfo.port, rinfo.address);
        break;
      }
      case 'TX_ACK':
        // Known values only as labels: a gateway must not be able to grow the metric without bound.
        this.dp.metrics.txAck.inc({
          error: (TX_ACK_ERRORS as readonly string[]).includes(d.error) ? d.error : 'OTHER',
        });
        await handleTxAck(this.dp, gwId, d.token, d.error);
        return;
    }
    await this.dp.gateways.heard(gwId);
  }
}
