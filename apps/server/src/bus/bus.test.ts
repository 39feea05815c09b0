import { describe, expect, it } from 'vitest';
import { type BusTopics, MemoryBus } from './bus';
import type { GatewayStreamEvent } from './events';
import { RedisBus } from './redis-bus';

const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

describe('event bus', () => {
  it('delivers to subscribers of the topic only, and stops after unsubscribe', () => {
    const bus = new MemoryBus<Record<string, unknown>>();
    const got: unknown[] = [];
    const off = bus.subscribe('device/01/app', (e) => got.push(e));
    bus.subscribe('device/02/app', () => got.push('wrong'));
    bus.publish('device/01/app', { n: 1 });
    off();
    bus.publish('device/01/app', { n: 2 });
    expect(got).toEqual([{ n: 1 }]);
  });

  it('a throwing consumer does not stop the others', () => {
    const bus = new MemoryBus<Record<string, unknown>>();
    const got: unknown[] = [];
    bus.subscribe('t', () => {
      throw new Error('boom');
    });
    bus.subscribe('t', (e) => got.push(e));
    bus.publish('t', 1);
    expect(got).toEqual([1]);
  });

  it('through Redis, an event published by one instance reaches a subscriber of another', async () => {
    const a = await RedisBus.connect<BusTopics>(redisUrl);
    const b = await RedisBus.connect<BusTopics>(redisUrl);
    try {
      const topic = `gateway/test-${Math.random()}` as const;
      const got = new Promise((resolve) => b.subscribe(topic, resolve));
      await b.ready(topic);
      const event = { kind: 'gateway', data: { msgID: 'x' } } as GatewayStreamEvent;
      a.publish(topic, event);
      expect(await got).toEqual(event);
    } finally {
      await a.close();
      await b.close();
    }
  });
});
