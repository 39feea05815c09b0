import { STREAM_CLOSE, STREAM_REVALIDATE_MS } from '@lns/contract/streams';
import type { WebSocket } from 'ws';

/** Tunables of every stream socket; tests shorten the ping timeout. */
export const streamLimits = {
  /** Close a socket that sent nothing (no `ping`) for this long. */
  pingTimeoutMs: 75_000,
  /** Frames kept for a slow reader; beyond it the oldest are dropped and counted. */
  maxQueue: 200,
  /** Bytes the kernel/ws may hold unsent before frames wait in the queue. */
  highWaterBytes: 256 * 1024,
  /** How often a backed-up queue is retried. */
  drainMs: 25,
  /** How often every open stream's token, access and target are checked again. */
  revalidateMs: STREAM_REVALIDATE_MS,
};

// One JSON text per event, shared by every socket that receives it (same object from the bus).
const encoded = new WeakMap<object, string>();
function encode(event: unknown): string {
  if (typeof event !== 'object' || event === null) return JSON.stringify(event);
  let text = encoded.get(event);
  if (text === undefined) {
    text = JSON.stringify(event);
    encoded.set(event, text);
  }
  return text;
}

/**
 * One accepted stream socket: answers `ping` with `pong`, closes after a silent
 * `pingTimeoutMs`, and never lets memory grow with a slow reader — frames wait in a bounded
 * queue while `bufferedAmount` is high, the oldest are dropped, and a `{kind:'dropped', count}`
 * notice precedes the next frame that gets through.
 */
export class StreamClient {
  private readonly queue: string[] = [];
  private dropped = 0;
  private drainTimer?: NodeJS.Timeout;
  private pingTimer?: NodeJS.Timeout;
  private closed = false;

  constructor(
    private readonly socket: WebSocket,
    private readonly onClose: () => void,
  ) {
    socket.on('message', (data, isBinary) => {
      this.armPingTimeout();
      if (!isBinary && data.toString() === 'ping') this.socket.send('pong');
    });
    socket.on('close', () => this.dispose());
    socket.on('error', () => this.dispose());
    this.armPingTimeout();
  }

  /** Queue or send one bus event. */
  push(event: unknown): void {
    if (this.closed) return;
    const text = encode(event);
    if (this.queue.length === 0 && this.dropped === 0 && this.socket.bufferedAmount < streamLimits.highWaterBytes) {
      this.socket.send(text);
      return;
    }
    this.queue.push(text);
    if (this.queue.length > streamLimits.maxQueue) {
      this.queue.shift();
      this.dropped++;
    }
    this.scheduleDrain();
  }

  send(message: unknown): void {
    if (!this.closed) this.socket.send(JSON.stringify(message));
  }

  private scheduleDrain(): void {
    if (this.drainTimer) return;
    this.drainTimer = setTimeout(() => {
      this.drainTimer = undefined;
      this.drain();
    }, streamLimits.drainMs);
  }

  private drain(): void {
    if (this.closed) return;
    while (this.queue.length > 0 && this.socket.bufferedAmount < streamLimits.highWaterBytes) {
      if (this.dropped > 0) {
        this.socket.send(JSON.stringify({ kind: 'dropped', count: this.dropped }));
        this.dropped = 0;
      }
      this.socket.send(this.queue.shift()!);
    }
    if (this.queue.length > 0) this.scheduleDrain();
  }

  /** Ends the stream from the server side; nothing more is sent after this. */
  close(code: number, reason: string): void {
    if (this.closed) return;
    this.dispose();
    this.socket.close(code, reason);
  }

  private armPingTimeout(): void {
    clearTimeout(this.pingTimer);
    this.pingTimer = setTimeout(() => {
      this.socket.close(STREAM_CLOSE.PING_TIMEOUT, 'ping timeout');
      this.dispose();
    }, streamLimits.pingTimeoutMs);
  }

  private dispose(): void {
    if (this.closed) return;
    this.closed = true;
    clearTimeout(this.pingTimer);
    clearTimeout(this.drainTimer);
    this.queue.length = 0;
    this.onClose();
  }
}
