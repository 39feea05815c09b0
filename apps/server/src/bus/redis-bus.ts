import { Redis } from 'ioredis';
import { type BusHandler, type EventBus, LocalFanout } from './bus';

const PREFIX = 'lns:bus:';

/**
 * Bus shared by several server instances through Redis pub/sub: a frame received by one
 * instance reaches a subscriber connected to another. Each instance subscribes to a Redis
 * channel only while it has a local subscriber for that topic.
 */
export class RedisBus implements EventBus {
  private readonly pub: Redis;
  private readonly sub: Redis;
  private readonly fanout = new LocalFanout();

  private constructor(url: string) {
    this.pub = new Redis(url, { maxRetriesPerRequest: 2, lazyConnect: true });
    this.sub = new Redis(url, { maxRetriesPerRequest: 2, lazyConnect: true });
    this.sub.on('message', (channel: string, message: string) => {
      let event: unknown;
      try {
        event = JSON.parse(message);
      } catch {
        return;
      }
      this.fanout.deliver(channel.slice(PREFIX.length), event);
    });
  }

  static async connect(url: string): Promise<RedisBus> {
    const bus = new RedisBus(url);
    await Promise.all([bus.pub.connect(), bus.sub.connect()]);
    return bus;
  }

  publish(topic: string, event: unknown): void {
    this.pub.publish(PREFIX + topic, JSON.stringify(event)).catch(() => {});
  }

  subscribe(topic: string, handler: BusHandler): () => void {
    if (this.fanout.add(topic, handler)) void this.sub.subscribe(PREFIX + topic).catch(() => {});
    return () => {
      if (this.fanout.remove(topic, handler)) void this.sub.unsubscribe(PREFIX + topic).catch(() => {});
    };
  }

  /** Resolves once Redis confirms the subscription (tests and cross-instance hand-offs). */
  async ready(topic: string): Promise<void> {
    await this.sub.subscribe(PREFIX + topic);
  }

  async close(): Promise<void> {
    this.pub.disconnect();
    this.sub.disconnect();
  }
}
