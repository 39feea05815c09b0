import net from 'node:net';
import type { DownlinkRecord } from '@lns/contract/frames';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import {
  connect,
  grants,
  makeApp,
  makeDevice,
  mqCredentials,
  nextMessage,
  queuedDownlinks,
  uplink,
} from '../../../test/integration-fixtures';
import { localTopics } from '../../bus/bus';

describe('embedded MQTT broker', () => {
  let t: TestApp;
  let url: string;
  let alice: { userID: number; token: string };
  let bob: { userID: number };
  let appA: Awaited<ReturnType<typeof makeApp>>;
  let appB: Awaited<ReturnType<typeof makeApp>>;
  let devA: string;

  beforeAll(async () => {
    t = await createTestApp({ MQTT_PORT: '0', UDP_PORT: '0', HOST: '127.0.0.1' });
    await t.integrations.startMqtt();
    url = `mqtt://127.0.0.1:${t.integrations.broker!.port}`;
    alice = await t.userWithToken('alice');
    bob = await t.userWithToken('bob');
    appA = await makeApp(t, alice.userID, 'alice-app');
    appB = await makeApp(t, bob.userID, 'bob-app');
    devA = await makeDevice(t, appA.id, alice.userID);
  });
  afterAll(() => t.close());

  it('delivers uplinks and joins to a client signed in with the application credentials', async () => {
    const c = await connect(url, { username: appA.mqName, password: appA.mqPassword });
    const granted = await c.subscribeAsync(`application/${appA.id}/device/+/event/+`, { qos: 1 });
    expect(granted[0]!.qos).toBe(1);
    const got = nextMessage(c, (topic) => topic.endsWith('/event/up'));
    t.services.local.publish(localTopics.appMessage, { message: uplink(appA.ref, devA), application: appA.ref });
    const { topic, json } = await got;
    expect(topic).toBe(`application/${appA.id}/device/${devA}/event/up`);
    expect(json).toMatchObject({ type: 'uplink', devEUI: devA, appID: appA.id, fPort: 9, fCnt: 3, payload: '0a0b' });
    expect(json.rxInfo[0]).toMatchObject({ gwID: 'aa555a0000000001', rssi: -60, snr: 8 });

    const join = nextMessage(c, (tp) => tp.endsWith('/event/join'));
    t.services.local.publish(localTopics.appMessage, {
      message: uplink(appA.ref, devA, { type: 'join' }),
      application: appA.ref,
    });
    expect((await join).json).toMatchObject({ type: 'join', devEUI: devA });
    await c.endAsync();
  });

  it('publishes downlink status changes on event/status', async () => {
    const c = await connect(url, { username: appA.mqName, password: appA.mqPassword });
    await c.subscribeAsync(`application/${appA.id}/device/${devA}/event/status`);
    const got = nextMessage(c, () => true);
    const record: DownlinkRecord = {
      msgID: 'dl1',
      createtime: Date.now(),
      devEUI: devA,
      fPort: 3,
      data: '01',
      confirmed: true,
      macCommands: false,
      fCnt: 4,
      status: 3,
      delivery: 'success',
      responseErrorByGateway: null,
      gwID: 'aa555a0000000001',
      dltime: Date.now(),
      ack: 'ACK',
      retries: 0,
    };
    t.services.local.publish(localTopics.downlinkStatus, record);
    // Every event carries the id receivers de-duplicate on (a redelivery repeats it).
    expect((await got).json).toEqual({
      messageId: expect.stringMatching(/^[0-9a-f]{16}$/),
      type: 'status',
      appID: appA.id,
      ...record,
    });
    await c.endAsync();
  });

  it('refuses bad credentials and an application whose MQTT switch is off', async () => {
    await expect(connect(url, { username: appA.mqName, password: 'wrong' })).rejects.toThrow(
      /Bad username or password/i,
    );
    await expect(connect(url, { username: 'nobody', password: 'x' })).rejects.toThrow(/Bad username or password/i);
    await expect(connect(url)).rejects.toThrow(/Not authorized/i);
    const off = await makeApp(t, alice.userID, 'quiet-app', false);
    await expect(connect(url, { username: off.mqName, password: off.mqPassword })).rejects.toThrow(
      /Bad username or password/i,
    );
  });

  it('refuses a client id held by another account (no session takeover)', async () => {
    const a = await connect(url, { username: appA.mqName, password: appA.mqPassword, clientId: 'shared-id' });
    await expect(
      connect(url, { username: appB.mqName, password: appB.mqPassword, clientId: 'shared-id' }),
    ).rejects.toThrow(/Identifier rejected/i);
    expect(a.connected).toBe(true);
    // The same account may reconnect with its id (the old connection is replaced).
    const again = await connect(url, { username: appA.mqName, password: appA.mqPassword, clientId: 'shared-id' });
    expect(again.connected).toBe(true);
    a.end(true);
    await again.endAsync();
  });

  it("denies subscriptions outside the principal's own topics", async () => {
    const c = await connect(url, { username: appA.mqName, password: appA.mqPassword });
    const granted = await grants(c, [
      `application/${appB.id}/#`,
      '#',
      'application/+/device/+/event/up',
      `application/${appA.id}/#`,
    ]);
    expect(granted).toEqual([128, 128, 128, 0]);
    await c.endAsync();

    // Users reach the applications they own; admins reach everything.
    const bobC = await connect(url, await mqCredentials(t, bob.userID));
    expect(await grants(bobC, [`application/${appA.id}/#`, `application/${appB.id}/#`])).toEqual([128, 0]);
    // Nothing of alice's application reaches bob.
    let leaked = false;
    bobC.on('message', (topic) => {
      if (topic.startsWith(`application/${appA.id}/`)) leaked = true;
    });
    const admin = await connect(url, await mqCredentials(t, 1));
    expect((await admin.subscribeAsync('#', { qos: 0 }))[0]!.qos).toBe(0);
    const seen = nextMessage(admin, (tp) => tp.startsWith(`application/${appA.id}/`));
    t.services.local.publish(localTopics.appMessage, { message: uplink(appA.ref, devA), application: appA.ref });
    await seen;
    await new Promise((r) => setTimeout(r, 100));
    expect(leaked).toBe(false);
    await bobC.endAsync();
    await admin.endAsync();
  });

  it("lets a user follow its own gateways' stats and connection changes, not others'", async () => {
    const gwID = 'aa555a00000000e1';
    const created = await t.call(alice.token, 'POST', '/api/gateway/create', {
      gwID,
      gwName: 'alice-gw',
      region: 'eu868',
      subnet: 'eu868-default',
      gwType: 'generic',
      txPower: 0,
    });
    expect(created.body.code).toBe(0);
    const bobC = await connect(url, await mqCredentials(t, bob.userID));
    expect(await grants(bobC, [`gateway/${gwID}/#`])).toEqual([128]);
    const aliceC = await connect(url, await mqCredentials(t, alice.userID));
    expect(await grants(aliceC, [`gateway/${gwID}/#`])).toEqual([0]);
    const stats = nextMessage(aliceC, (tp) => tp === `gateway/${gwID}/event/stats`);
    t.services.local.publish(localTopics.gatewayStat, { gwID, stat: { rxnb: 1 }, createtime: 5 });
    expect((await stats).json).toEqual({
      messageId: expect.any(String),
      type: 'gwstat',
      gwID,
      gwName: 'alice-gw',
      createtime: 5,
      stat: { rxnb: 1 },
    });
    const conn = nextMessage(aliceC, (tp) => tp === `gateway/${gwID}/event/connection`);
    t.services.local.publish(localTopics.gatewayConnection, { gwID, online: false, createtime: 6 });
    expect((await conn).json).toMatchObject({ type: 'gwconnection', online: false });
    await bobC.endAsync();
    await aliceC.endAsync();
  });

  it("publishes a multicast group's events to its owner when the group's MQTT switch is on, and ends them with the group", async () => {
    const group = (mcEUI: string, enableMQTT: boolean) => ({
      mcName: `g-${mcEUI.slice(-2)}`,
      mcEUI,
      region: 'eu868',
      genAppKey: '11'.repeat(16),
      mcAddr: `0100${mcEUI.slice(-4)}`,
      mcAppSKey: '22'.repeat(16),
      mcNwkSKey: `${mcEUI.slice(-4)}${'33'.repeat(14)}`,
      enableMQTT,
    });
    const on = 'aa000000000000c1';
    const off = 'aa000000000000c2';
    expect((await t.call(alice.token, 'POST', '/api/mcgroup/create', group(on, true))).body.code).toBe(0);
    expect((await t.call(alice.token, 'POST', '/api/mcgroup/create', group(off, false))).body.code).toBe(0);
    const bobC = await connect(url, await mqCredentials(t, bob.userID));
    expect(await grants(bobC, [`multicast/${on}/#`])).toEqual([128]);
    const aliceC = await connect(url, await mqCredentials(t, alice.userID));
    expect(await grants(aliceC, [`multicast/${on}/#`, `multicast/${off}/#`])).toEqual([0, 0]);

    const seen: string[] = [];
    aliceC.on('message', (topic) => seen.push(topic));
    const sync = nextMessage(aliceC, (tp) => tp === `multicast/${on}/event/sync`);
    const syncData = { devEUI: '70b3d50000000abc', syncState: 'joined' as const, syncError: null, syncFCnt: 3 };
    t.services.local.publish(localTopics.multicastEvent, { mcEUI: off, kind: 'sync', data: syncData });
    t.services.local.publish(localTopics.multicastEvent, { mcEUI: on, kind: 'sync', data: syncData });
    expect((await sync).json).toEqual({ messageId: expect.any(String), type: 'sync', mcEUI: on, ...syncData });
    expect(seen).toEqual([`multicast/${on}/event/sync`]);

    // Deleting the group ends the subscription that rested on it.
    const closed = new Promise<void>((r) => aliceC.once('close', () => r()));
    expect((await t.call(alice.token, 'POST', '/api/mcgroup/delete', { mcEUIs: [on] })).body.code).toBe(0);
    await closed;
    await bobC.endAsync();
    await aliceC.endAsync(true);
  });

  it('does not publish events of an application whose MQTT switch is off', async () => {
    const admin = await connect(url, await mqCredentials(t, 1));
    await admin.subscribeAsync('application/#', { qos: 0 });
    const off = await makeApp(t, alice.userID, 'silent-app', false);
    let got = false;
    admin.on('message', (topic) => {
      if (topic.startsWith(`application/${off.id}/`)) got = true;
    });
    t.services.local.publish(localTopics.appMessage, { message: uplink(off.ref, devA), application: off.ref });
    await new Promise((r) => setTimeout(r, 150));
    expect(got).toBe(false);
    await admin.endAsync();
  });

  it('queues a downlink published on command/down (hex or base64)', async () => {
    const c = await connect(url, { username: appA.mqName, password: appA.mqPassword });
    const topic = `application/${appA.id}/device/${devA}/command/down`;
    await c.publishAsync(topic, JSON.stringify({ fPort: 10, data: 'A1B2', confirmed: true }), { qos: 1 });
    const [row] = await queuedDownlinks(t, devA);
    expect(row).toMatchObject({ devEui: devA, fPort: 10, data: 'a1b2', confirmed: true, status: 0 });
    // A user's credentials work for the applications it owns.
    const user = await connect(url, await mqCredentials(t, alice.userID));
    await user.publishAsync(topic, JSON.stringify({ fPort: 11, base64: Buffer.from([1, 2, 3]).toString('base64') }));
    const rows = await queuedDownlinks(t, devA, 2);
    expect(rows.find((r) => r.fPort === 11)).toMatchObject({ data: '010203', confirmed: false });
    await c.endAsync();
    await user.endAsync();
  });

  it('answers a refused downlink command on event/error and disconnects a publish elsewhere', async () => {
    const c = await connect(url, { username: appA.mqName, password: appA.mqPassword });
    await c.subscribeAsync(`application/${appA.id}/#`);
    const err1 = nextMessage(c, (tp) => tp.endsWith('/event/error'));
    await c.publishAsync(
      `application/${appA.id}/device/${devA}/command/down`,
      JSON.stringify({ fPort: 0, data: '01' }),
    );
    expect((await err1).json).toMatchObject({ type: 'error', code: 1007, devEUI: devA });

    const other = '00000000000000ff';
    const err2 = nextMessage(c, (tp) => tp.endsWith('/event/error'));
    await c.publishAsync(
      `application/${appA.id}/device/${other}/command/down`,
      JSON.stringify({ fPort: 2, data: '01' }),
    );
    expect((await err2).json).toMatchObject({ code: 4001, devEUI: other });

    const closed = new Promise<void>((r) => c.once('close', () => r()));
    c.publish(`application/${appB.id}/device/${devA}/command/down`, JSON.stringify({ fPort: 2, data: '01' }));
    await closed;
    c.end(true);
  });
});

describe('MQTT_PORT already in use', () => {
  it('is an error when MQTT_PORT was set, a warning (no embedded broker) when it was the default', async () => {
    const busy = net.createServer();
    await new Promise<void>((r) => busy.listen(0, '127.0.0.1', r));
    const port = (busy.address() as net.AddressInfo).port;
    const t = await createTestApp({ MQTT_PORT: String(port), HOST: '127.0.0.1' });
    try {
      const start = t.integrations.startMqtt;
      await expect(start()).rejects.toThrow(
        `MQTT_PORT ${port} is already in use; set MQTT_PORT to a free port or MQTT_URL to use an external broker`,
      );
      t.services.config.mqttPortExplicit = false;
      await start();
      expect(t.integrations.broker).toBeNull();
    } finally {
      await t.close();
      busy.close();
    }
  });

  it('without its broker the server says why and refuses to switch MQTT on, leaving apps that had it alone', async () => {
    const busy = net.createServer();
    await new Promise<void>((r) => busy.listen(0, '127.0.0.1', r));
    const port = (busy.address() as net.AddressInfo).port;
    const t = await createTestApp({ MQTT_PORT: String(port), HOST: '127.0.0.1' });
    try {
      const token = await t.login();
      const before = await t.call(token, 'POST', '/api/application/create', { appName: 'had-mqtt', enableMQTT: true });
      expect(before.body.code).toBe(0);
      t.services.config.mqttPortExplicit = false;
      await t.integrations.startMqtt();

      const web = await t.call(undefined, 'GET', '/api/webConfig');
      expect(web.body.data.mqtt).toEqual({ available: false, reason: 'portInUse', port });

      const refused = await t.call(token, 'POST', '/api/application/create', {
        appName: 'wants-mqtt',
        enableMQTT: true,
      });
      expect(refused.status).toBe(409);
      expect(refused.body).toMatchObject({ code: 3104, field: 'enableMQTT' });
      const list = await t.call(token, 'GET', '/api/application/list', { page: '1', pageSize: '50' });
      expect(list.body.data.map((a: { appName: string }) => a.appName)).toEqual(['had-mqtt']);

      const off = await t.call(token, 'POST', '/api/application/create', { appName: 'plain', enableMQTT: false });
      expect(off.body.code).toBe(0);
      const switchOn = await t.call(token, 'POST', '/api/application/update', {
        appID: off.body.data.appID,
        appName: 'plain',
        enableMQTT: true,
      });
      expect(switchOn.body).toMatchObject({ code: 3104, field: 'enableMQTT' });
      const keep = await t.call(token, 'POST', '/api/application/update', {
        appID: before.body.data.appID,
        appName: 'renamed',
        enableMQTT: true,
      });
      expect(keep.body.code).toBe(0);
    } finally {
      await t.close();
      busy.close();
    }
  });
});
