import mqtt, { type MqttClient } from 'mqtt';

export interface Received {
  topic: string;
  body: Record<string, unknown>;
  retain: boolean;
}

/** A client of the test that watches one gateway's topics and waits for what it expects. */
export class Subscriber {
  readonly received: Received[] = [];
  private waiters: (() => void)[] = [];

  private constructor(readonly client: MqttClient) {
    client.on('message', (topic, payload, packet) => {
      let body: Record<string, unknown> = {};
      try {
        body = JSON.parse(payload.toString('utf8'));
      } catch {}
      this.received.push({ topic, body, retain: packet.retain });
      for (const w of this.waiters) w();
    });
  }

  static async open(url: string, filter: string): Promise<Subscriber> {
    const client = await mqtt.connectAsync(url, { reconnectPeriod: 0 });
    const s = new Subscriber(client);
    await client.subscribeAsync(filter, { qos: 1 });
    return s;
  }

  /** The first message (after `from`) whose topic ends with `suffix` and that `match` accepts. */
  next(suffix: string, match: (b: Record<string, unknown>) => boolean = () => true, timeoutMs = 10_000, from = 0) {
    return new Promise<Received>((resolve, reject) => {
      const check = () => {
        const hit = this.received.slice(from).find((r) => r.topic.endsWith(suffix) && match(r.body));
        if (!hit) return false;
        cleanup();
        resolve(hit);
        return true;
      };
      const timer = setTimeout(() => {
        cleanup();
        reject(new Error(`no ${suffix} within ${timeoutMs} ms`));
      }, timeoutMs);
      const cleanup = () => {
        clearTimeout(timer);
        this.waiters = this.waiters.filter((w) => w !== waiter);
      };
      const waiter = () => void check();
      this.waiters.push(waiter);
      check();
    });
  }

  count(suffix: string): number {
    return this.received.filter((r) => r.topic.endsWith(suffix)).length;
  }

  publish(topic: string, msg: unknown): Promise<unknown> {
    return this.client.publishAsync(topic, JSON.stringify(msg), { qos: 1 });
  }

  close(): Promise<void> {
    return this.client.endAsync();
  }
}
