import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { API } from '@lns/contract/api/index';
import { inArray } from 'drizzle-orm';
import type mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectGateway, startDataPlane } from '../../../test/dataplane-kit';
import type { TestGateway } from '../../../test/gateway';
import { isPullResp, type PullResp } from '../../../test/gateway';
import { createTestApp, type TestApp } from '../../../test/harness';
import { connect, grants, mqCredentials, nextMessage } from '../../../test/integration-fixtures';
import { localTopics, type MulticastEvent } from '../../bus/bus';
import { outbox } from '../../db/schema/outbox';
import { mcGroup } from '../../http/multicast/fixtures';
import { mqttDelivery } from '../outbox/deliveries';
import { multicastEventTopic } from './topics';

/** A member's setup state as the TS005 code reports it (ns/multicast/setup.ts). */
const syncOf = (mcEUI: string, devEUI = '70b3d50000000abc'): MulticastEvent => ({
  mcEUI,
  kind: 'sync',
  data: { devEUI, syncState: 'joined', syncError: null, syncFCnt: 3 },
});

/**
 * Time for an event that should not be published to have been looked up, queued and delivered
 * had it been: what a client receives after a later event shows whether it was.
 */
const settleEvents = () => sleep(300);

/** Every message a client receives, in order. */
const collect = (c: mqtt.MqttClient) => {
  const seen: { topic: string; json: Record<string, unknown> }[] = [];
  c.on('message', (topic, payload) => seen.push({ topic, json: JSON.parse(payload.toString()) }));
  return seen;
};

describe('multicast group events over the embedded MQTT broker', () => {
  let t: TestApp;
  let url: string;
  let gw: TestGateway;
  let alice: { userID: number; token: string };
  let bob: { userID: number; token: string };
  let n = 40;
  const newGroup = async (enableMQTT: boolean, extra: Record<string, unknown> = {}) => {
    const g = mcGroup(++n, { enableMQTT, ...extra });
    expect((await t.call(alice.token, 'POST', API.mcGroup.create.path, g)).body.code).toBe(0);
    return g;
  };

  beforeAll(async () => {
    t = await createTestApp({ MQTT_PORT: '0', UDP_PORT: '0', HOST: '127.0.0.1' });
    await t.integrations.startMqtt();
    url = `mqtt://127.0.0.1:${t.integrations.broker!.port}`;
    const { port } = await startDataPlane(t);
    alice = await t.userWithToken('mc-alice');
    bob = await t.userWithToken('mc-bob');
    gw = await connectGateway(t, alice.token, port, 'a840410000000e01');
  });
  afterAll(async () => {
    gw?.close();
    await t?.close();
  });

  it("publishes a multicast downlink's status (sent, then done) to the owner, the same body as its push", async () => {
    const g = await newGroup(true);
    const bind = await t.call(alice.token, 'POST', API.mcGateway.create.path, { mcEUI: g.mcEUI, gwIDs: [gw.eui] });
    expect(bind.body.code).toBe(0);
    const c = await connect(url, await mqCredentials(t, alice.userID));
    expect(await grants(c, [`multicast/${g.mcEUI}/#`], 1)).toEqual([1]);
    const seen = collect(c);
    const resp = gw.waitFor(isPullResp, 3000, true) as Promise<PullResp>;
    const sent = await t.call(alice.token, 'POST', API.mcDownlink.create.path, {
      mcEUI: g.mcEUI,
      fPort: 3,
      data: 'aa',
    });
    expect(sent.body.code).toBe(0);
    gw.txAck((await resp).token);
    await expect.poll(() => seen.some((m) => m.json.status === 2), { timeout: 10_000 }).toBe(true);
    expect(seen.find((m) => m.json.status === 2)?.json).toMatchObject({
      messageId: expect.any(String),
      type: 'downlink',
      mcEUI: g.mcEUI,
      msgID: sent.body.data.msgID,
      fPort: 3,
      data: 'aa',
      fCnt: 0,
      status: 2,
      sentNums: 1,
      gatewayNums: 1,
      mcClass: 'C',
    });
    // "sent" when the gateway took it, "done" on its TX_ACK: both on the group's downlink topic.
    expect(seen.map((m) => [m.topic, m.json.status])).toEqual([
      [multicastEventTopic(g.mcEUI, 'downlink'), 1],
      [multicastEventTopic(g.mcEUI, 'downlink'), 2],
    ]);
    await c.endAsync();
  });

  it("publishes members' setup state on event/sync; another common user may not subscribe, an admin may", async () => {
    const g = await newGroup(true);
    const bobC = await connect(url, await mqCredentials(t, bob.userID));
    for (const filter of [`multicast/${g.mcEUI}/#`, `multicast/${g.mcEUI}/event/sync`, 'multicast/+/event/#', '#'])
      expect(await grants(bobC, [filter])).toEqual([128]);
    const bobSeen = collect(bobC);
    const aliceC = await connect(url, await mqCredentials(t, alice.userID));
    expect(await grants(aliceC, [`multicast/${g.mcEUI}/event/sync`])).toEqual([0]);
    const adminC = await connect(url, await mqCredentials(t, 1));
    expect(await grants(adminC, ['multicast/#'])).toEqual([0]);

    const got = nextMessage(aliceC, () => true);
    const admin = nextMessage(adminC, (tp) => tp.startsWith(`multicast/${g.mcEUI}/`));
    const ev = syncOf(g.mcEUI);
    t.services.local.publish(localTopics.multicastEvent, ev);
    const body = { messageId: expect.any(String), type: 'sync', mcEUI: g.mcEUI, ...ev.data };
    expect(await got).toEqual({ topic: `multicast/${g.mcEUI}/event/sync`, json: body });
    expect((await admin).json).toEqual(body);
    expect(bobSeen).toEqual([]);
    await Promise.all([bobC.endAsync(), aliceC.endAsync(), adminC.endAsync()]);
  });

  it('publishes nothing for a group with MQTT off, and stops at once when the switch is turned off', async () => {
    const off = await newGroup(false);
    const on = await newGroup(true);
    const c = await connect(url, await mqCredentials(t, alice.userID));
    expect(await grants(c, [`multicast/${off.mcEUI}/#`, `multicast/${on.mcEUI}/#`])).toEqual([0, 0]);
    const seen = collect(c);
    // Events of the group that still has MQTT on come after the others: once it arrives, so would they.
    const barrier = async () => {
      const got = nextMessage(c, (tp) => tp.startsWith(`multicast/${on.mcEUI}/`));
      t.services.local.publish(localTopics.multicastEvent, syncOf(on.mcEUI));
      await got;
    };
    t.services.local.publish(localTopics.multicastEvent, syncOf(off.mcEUI));
    await settleEvents();
    await barrier();

    const on2 = await newGroup(true);
    expect(await grants(c, [`multicast/${on2.mcEUI}/#`])).toEqual([0]);
    const first = nextMessage(c, (tp) => tp.startsWith(`multicast/${on2.mcEUI}/`));
    t.services.local.publish(localTopics.multicastEvent, syncOf(on2.mcEUI));
    await first;
    const update = await t.call(alice.token, 'POST', API.mcGroup.update.path, { ...on2, enableMQTT: false });
    expect(update.body.code).toBe(0);
    // The very next event after the switch is not published (no cached setting lingers).
    t.services.local.publish(localTopics.multicastEvent, syncOf(on2.mcEUI, '70b3d50000000abd'));
    await settleEvents();
    await barrier();
    expect(seen.map((m) => m.topic)).toEqual([
      `multicast/${on.mcEUI}/event/sync`,
      `multicast/${on2.mcEUI}/event/sync`,
      `multicast/${on.mcEUI}/event/sync`,
    ]);
    await c.endAsync();
  });

  it("drops the group's MQTT events still waiting in the outbox when its switch is turned off", async () => {
    const g = await newGroup(true);
    const other = await newGroup(true);
    // Held back as if the broker were away (due far in the future).
    const waiting = [g, other].map((x) => ({
      ...mqttDelivery('mcsync', multicastEventTopic(x.mcEUI, 'sync'), randomBytes(8).toString('hex'), {}),
      nextAt: Date.now() + 3600_000,
    }));
    await t.services.db.insert(outbox).values(waiting);
    expect((await t.call(alice.token, 'POST', API.mcGroup.update.path, { ...g, enableMQTT: false })).body.code).toBe(0);
    const topics = waiting.map((w) => w.target as string);
    const left = await t.services.db
      .select({ target: outbox.target })
      .from(outbox)
      .where(inArray(outbox.target, topics));
    expect(left.map((r) => r.target)).toEqual([multicastEventTopic(other.mcEUI, 'sync')]);
    await t.services.db.delete(outbox).where(inArray(outbox.target, topics));
  });
});

/** The same through an external broker: Mosquitto on this machine (anonymous access allowed). */
const BROKER = process.env.TEST_MQTT_URL ?? 'mqtt://127.0.0.1:1883';

describe('multicast group events over an external broker (MQTT_URL)', () => {
  let t: TestApp;
  let token: string;
  // Random EUIs: other runs may share the broker.
  const eui = () => `ab${randomBytes(7).toString('hex')}`;

  beforeAll(async () => {
    t = await createTestApp({ MQTT_URL: BROKER });
    await t.integrations.startMqtt();
    token = (await t.userWithToken('mc-carol')).token;
  });
  afterAll(() => t?.close());

  it('publishes the events of a group with MQTT on, and nothing once it is off', async () => {
    const on = mcGroup(61, { mcEUI: eui(), enableMQTT: true });
    const off = mcGroup(62, { mcEUI: eui(), enableMQTT: false });
    for (const g of [on, off]) expect((await t.call(token, 'POST', API.mcGroup.create.path, g)).body.code).toBe(0);
    const c = await connect(BROKER);
    await c.subscribeAsync([`multicast/${on.mcEUI}/#`, `multicast/${off.mcEUI}/#`], { qos: 1 });
    const seen = collect(c);
    const next = () => nextMessage(c, (tp) => tp.startsWith(`multicast/${on.mcEUI}/`));

    let got = next();
    t.services.local.publish(localTopics.multicastEvent, syncOf(off.mcEUI));
    t.services.local.publish(localTopics.multicastEvent, syncOf(on.mcEUI));
    expect(await got).toMatchObject({
      topic: `multicast/${on.mcEUI}/event/sync`,
      json: { type: 'sync', mcEUI: on.mcEUI, devEUI: '70b3d50000000abc', syncState: 'joined' },
    });

    expect((await t.call(token, 'POST', API.mcGroup.update.path, { ...on, enableMQTT: false })).body.code).toBe(0);
    expect((await t.call(token, 'POST', API.mcGroup.update.path, { ...off, enableMQTT: true })).body.code).toBe(0);
    got = nextMessage(c, (tp) => tp.startsWith(`multicast/${off.mcEUI}/`));
    t.services.local.publish(localTopics.multicastEvent, syncOf(on.mcEUI));
    await settleEvents();
    t.services.local.publish(localTopics.multicastEvent, syncOf(off.mcEUI));
    await got;
    // Had the first been published, it would have come before the second.
    expect(seen.map((m) => m.topic)).toEqual([`multicast/${on.mcEUI}/event/sync`, `multicast/${off.mcEUI}/event/sync`]);
    await c.endAsync();
  });
});
