import {
  FINAL_STREAM_CLOSES,
  MAX_UNANSWERED_PINGS,
  PING_INTERVAL_MS,
  RECONNECT_MS,
  type SocketState,
  type StreamMessage,
} from '@lns/contract/streams';

/** The WebSocket base follows the page: wss on https, ws otherwise. */
export function streamUrl(path: string, query: Record<string, string | number>, base = ''): string {
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();
  const { protocol, host } = window.location;
  const origin = /^https?:/.test(base)
    ? base.replace(/^http/, 'ws')
    : `${protocol === 'https:' ? 'wss' : 'ws'}://${host}${base}`;
  return `${origin}${path}?${qs}`;
}

export interface LiveSocketOptions<M = StreamMessage> {
  /** A function is asked again for every connection (e.g. a terminal's current size in the query). */
  url: string | (() => string);
  token: string | null;
  /** Every JSON message; the text `pong` is the heartbeat's and never arrives here. */
  onMessage: (m: M) => void;
  onState: (s: SocketState) => void;
  /** A close the user did not ask for; `retrying` tells whether a new connection follows after the delay. */
  onDrop?: (code: number, retrying: boolean) => void;
  pingMs?: number;
  reconnectMs?: number;
  /** For tests. */
  WebSocketImpl?: typeof WebSocket;
}

/**
 * One live stream (docs/product/live-and-history.md): connects with the token as
 * sub-protocol; on open pings every 30 s and counts unanswered pings; a pong resets the count;
 * more than one unanswered ping closes the socket; any close not asked for by the user retries
 * after 4 s, except the server's final ones (token revoked, access withdrawn, target deleted),
 * which a retry would only repeat: the stream stays closed until started again. Errors and closes
 * are only logged. Messages are JSON of type M (StreamMessage for the live streams); a stream
 * that talks back (the web shell) sends with `send`.
 */
export class LiveSocket<M = StreamMessage> {
  private ws?: WebSocket;
  private heartbeat?: ReturnType<typeof setInterval>;
  private retry?: ReturnType<typeof setTimeout>;
  private unanswered = 0;
  private running = false;

  constructor(private readonly o: LiveSocketOptions<M>) {}

  start(): void {
    if (this.running) return;
    this.running = true;
    this.connect();
  }

  /**
   * Sends on the open socket; false when it is not open. Nothing is queued: what was typed for a
   * socket that dropped must not reach the next one (a web shell's next session).
   */
  send(data: string): boolean {
    const ws = this.ws;
    if (ws?.readyState !== 1) return false;
    ws.send(data);
    return true;
  }

  /** Pause: close and stay closed. */
  stop(): void {
    this.running = false;
    clearTimeout(this.retry);
    this.stopHeartbeat();
    if (this.ws && this.ws.readyState < 2) {
      this.o.onState(2);
      this.ws.close();
    }
  }

  private connect(): void {
    const Impl = this.o.WebSocketImpl ?? WebSocket;
    let ws: WebSocket;
    try {
      const url = typeof this.o.url === 'function' ? this.o.url() : this.o.url;
      ws = this.o.token ? new Impl(url, [this.o.token]) : new Impl(url);
    } catch (e) {
      console.warn('live socket', e);
      this.scheduleRetry();
      return;
    }
    this.ws = ws;
    this.o.onState(0);
    ws.onopen = () => {
      if (this.ws !== ws) return;
      this.o.onState(1);
      this.startHeartbeat(ws);
    };
    ws.onmessage = (ev) => {
      if (this.ws !== ws || typeof ev.data !== 'string') return;
      if (ev.data === 'pong') {
        this.unanswered = 0;
        return;
      }
      try {
        this.o.onMessage(JSON.parse(ev.data) as M);
      } catch (e) {
        console.warn('live socket: bad message', e);
      }
    };
    ws.onerror = (e) => console.warn('live socket error', e);
    ws.onclose = (ev) => {
      if (this.ws !== ws) return;
      console.info('live socket closed', ev.code, ev.reason);
      this.stopHeartbeat();
      this.o.onState(3);
      // After stop() the close was asked for: not a drop.
      const dropped = this.running;
      if (FINAL_STREAM_CLOSES.includes(ev.code)) this.running = false;
      if (dropped) this.o.onDrop?.(ev.code, this.running);
      if (this.running) this.scheduleRetry();
    };
  }

  private scheduleRetry(): void {
    clearTimeout(this.retry);
    this.retry = setTimeout(() => {
      if (this.running) this.connect();
    }, this.o.reconnectMs ?? RECONNECT_MS);
  }

  private startHeartbeat(ws: WebSocket): void {
    this.stopHeartbeat();
    this.unanswered = 0;
    this.heartbeat = setInterval(() => {
      if (this.unanswered > MAX_UNANSWERED_PINGS) {
        this.stopHeartbeat();
        this.o.onState(2);
        ws.close();
        return;
      }
      ws.send('ping');
      this.unanswered++;
    }, this.o.pingMs ?? PING_INTERVAL_MS);
  }

  private stopHeartbeat(): void {
    clearInterval(this.heartbeat);
    this.heartbeat = undefined;
  }
}
