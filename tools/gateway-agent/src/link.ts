/**
 * The MQTT connection to the server's broker: the gateway's credentials, a retained will, QoS 1,
 * reconnection with back-off (1 s doubling to 60 s), and a new connection when the console
 * changes the keep-alive.
 */
import mqtt, { type MqttClient } from 'mqtt';
import type { Log } from './log';

export interface LinkOptions {
  server: string;
  clientId: string;
  username: string;
  password: string;
  keepalive: number;
  will: { topic: string; payload: string };
  subscriptions: string[];
  /** Called on each (re)connection once the subscriptions are granted. */
  onConnect(): void;
  onMessage(topic: string, payload: Buffer): void;
}

const BACKOFF_MIN_MS = 1000;
const BACKOFF_MAX_MS = 60_000;

export class Link {
  private current: MqttClient;
  private keepalive: number;
  private backoff = BACKOFF_MIN_MS;
  private retry: NodeJS.Timeout | undefined;
  private stopped = false;
  /** Publish-to-PUBACK time of the last QoS 1 publish sent while connected (ms). */
  rttMs: number | null = null;

  constructor(
    private readonly o: LinkOptions,
    private readonly log: Log,
  ) {
    this.keepalive = o.keepalive;
    this.current = this.open();
  }

  get client(): MqttClient {
    return this.current;
  }

  /** The keep-alive in use (s): the file's, then the console's. */
  get keepAlive(): number {
    return this.keepalive;
  }

  get connected(): boolean {
    return this.current.connected;
  }

  /**
   * JSON, QoS 1. While disconnected a message is dropped (an uplink is worth nothing minutes
   * later) unless `queue` asks to keep it for the next connection.
   */
  async publish(topic: string, msg: unknown, opts: { retain?: boolean; queue?: boolean } = {}): Promise<boolean> {
    const c = this.current;
    if (!c.connected && !opts.queue) return false;
    const measured = c.connected;
    const start = performance.now();
    try {
      await c.publishAsync(topic, JSON.stringify(msg), { qos: 1, retain: opts.retain ?? false });
    } catch (err) {
      this.log.warn(`mqtt: publish on ${topic} failed: ${(err as Error).message}`);
      return false;
    }
    if (measured) this.rttMs = Math.round((performance.now() - start) * 10) / 10;
    return true;
  }

  /** A new keep-alive takes a new connection: the old one says goodbye (no will) first. */
  async setKeepAlive(seconds: number): Promise<void> {
    if (seconds === this.keepalive || this.stopped) return;
    this.log.info(`mqtt: keep-alive ${this.keepalive} s → ${seconds} s, reconnecting`);
    this.keepalive = seconds;
    const old = this.current;
    clearTimeout(this.retry);
    await old.endAsync().catch(() => {});
    if (!this.stopped) this.current = this.open();
  }

  /** Ends the connection; `last` (the OFFLINE state) is published first when connected. */
  async stop(last?: { topic: string; msg: unknown; retain: boolean }): Promise<void> {
    if (last && this.connected) await this.publish(last.topic, last.msg, { retain: last.retain });
    this.stopped = true;
    clearTimeout(this.retry);
    await this.current.endAsync().catch(() => {});
  }

  private open(): MqttClient {
    const o = this.o;
    const c = mqtt.connect(o.server, {
      clientId: o.clientId,
      username: o.username,
      password: o.password,
      keepalive: this.keepalive,
      clean: true,
      // Reconnection is ours (back-off); mqtt.js would retry at a fixed period.
      reconnectPeriod: 0,
      resubscribe: false,
      will: { topic: o.will.topic, payload: Buffer.from(o.will.payload), qos: 1, retain: true },
    });
    c.on('connect', () => {
      // No Nagle: a keystroke's echo or a command's answer would wait for a delayed ACK (~40 ms).
      (c.stream as { setNoDelay?: (on: boolean) => void }).setNoDelay?.(true);
      this.backoff = BACKOFF_MIN_MS;
      this.log.info(`mqtt: connected to ${o.server} (keep-alive ${this.keepalive} s)`);
      c.subscribeAsync(o.subscriptions, { qos: 1 }).then(
        (grants) => {
          const refused = grants.filter((g) => g.qos === 128).map((g) => g.topic);
          if (refused.length) this.log.error(`mqtt: subscription refused: ${refused.join(', ')}`);
          if (c === this.current) o.onConnect();
        },
        (err) => this.log.error(`mqtt: subscribe failed: ${(err as Error).message}`),
      );
    });
    c.on('message', (topic, payload) => {
      if (c === this.current) o.onMessage(topic, payload);
    });
    c.on('error', (err) => this.log.warn(`mqtt: ${err.message}`));
    c.on('close', () => {
      // end() (stop, new keep-alive) sets `disconnecting`: that close is ours, not a loss.
      if (c !== this.current || this.stopped || c.disconnecting) return;
      clearTimeout(this.retry);
      const wait = Math.round(this.backoff * (0.8 + Math.random() * 0.4));
      this.backoff = Math.min(this.backoff * 2, BACKOFF_MAX_MS);
      this.log.warn(`mqtt: connection closed, retrying in ${(wait / 1000).toFixed(1)} s`);
      this.retry = setTimeout(() => c.reconnect(), wait);
    });
    return c;
  }
}
