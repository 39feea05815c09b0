import type { Redis } from 'ioredis';
import { type EventBus, LocalFanout, type TopicOf } from './bus';
import { redisClient } from './redis-client';

const PREFIX = 'lns:bus:';

/**
 * Bus shared by several server instances through Redis pub/sub: a frame received by one
 * instance reaches a subscriber connected to another. Each instance subscribes to a Redis
 * channel only while it has a local subscriber for that topic.
 */
export class RedisBus<M> implements EventBus<M> {
  private readonly fanout = new LocalFanout();

  private constructor(
    private readonly pub: Redis,
    private readonly sub: Redis,
  ) {
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

  static async connect<M>(url: string): Promise<RedisBus<M>> {
    const client = () => redisClient(url, { maxRetriesPerRequest: 2, lazyConnect: true });
    const bus = new RedisBus<M>(await client(), await client());
    await Promise.all([bus.pub.connect(), bus.sub.connect()]);
    return bus;
  }

  publish<T extends TopicOf<M>>(topic: T, event: M[T]): void {
    this.pub.publish(PREFIX + topic, JSON.stringify(event)).catch(() => {});
  }

  /** Events from Redis are trusted as their topic's payload: only instances of this server publish there. */
  subscribe<T extends TopicOf<M>>(topic: T, handler: (event: M[T]) => void): () => void {
    const h = handler as (event: unknown) => void;
    if (this.fanout.add(topic, h)) void this.sub.subscribe(PREFIX + topic).catch(() => {});
    return () => {
      if (this.fanout.remove(topic, h)) void this.sub.unsubscribe(PREFIX + topic).catch(() => {});
    };
  }

  /** Resolves once Redis confirms the subscription (tests and cross-instance hand-offs). */
  async ready(topic: TopicOf<M>): Promise<void> {
    await this.sub.subscribe(PREFIX + topic);
  }

  async close(): Promise<void> {
    this.pub.disconnect();
    this.sub.disconnect();
  }
}
