import { eq } from 'drizzle-orm';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectGateway, startDataPlane } from '../../../test/dataplane-kit';
import type { TestGateway } from '../../../test/gateway';
import { createTestApp, type TestApp } from '../../../test/harness';
import {
  connect,
  grants,
  makeApp,
  makeDevice,
  mqCredentials,
  nextMessage,
  uplink,
} from '../../../test/integration-fixtures';
import { localTopics } from '../../bus/bus';
import { users } from '../../db/schema/core';
import { applications } from '../../db/schema/devices';
import { mqttSessionLimits } from './sessions';

const defaultRevalidateMs = mqttSessionLimits.revalidateMs;
const closeOf = (c: mqtt.MqttClient) => new Promise<void>((resolve) => c.once('close', () => resolve()));

/** Connects and records every topic from the first packet on (queued messages arrive right after CONNACK). */
function connectRecording(url: string, opts: mqtt.IClientOptions) {
  const c = mqtt.connect(url, { reconnectPeriod: 0, connectTimeout: 5000, ...opts });
  const topics: string[] = [];
  c.on('message', (topic) => topics.push(topic));
  return new Promise<{ c: mqtt.MqttClient; topics: string[] }>((resolve, reject) => {
    c.once('connect', () => resolve({ c, topics }));
    c.once('error', reject);
  });
}

describe('MQTT sessions end with their authority', () => {
  let t: TestApp;
  let url: string;
  let udpPort: number;
  let adminToken: string;
  const gateways: TestGateway[] = [];
  const clients: mqtt.MqttClient[] = [];

  beforeAll(async () => {
    t = await createTestApp({ MQTT_PORT: '0', UDP_PORT: '0', HOST: '127.0.0.1', DEDUP_WINDOW_MS: '40' });
    // Disconnects must come from the events; the periodic re-check is run by hand where tested.
    mqttSessionLimits.revalidateMs = 3_600_000;
    await t.integrations.startMqtt();
    mqttSessionLimits.revalidateMs = defaultRevalidateMs;
    url = `mqtt://127.0.0.1:${t.integrations.broker!.port}`;
    udpPort = (await startDataPlane(t)).port;
    adminToken = await t.login();
  });
  afterAll(async () => {
    for (const g of gateways) g.close();
    for (const c of clients) c.end(true);
    await t.close();
  });

  const track = <C extends mqtt.MqttClient>(c: C) => {
    clients.push(c);
    return c;
  };
  const createGateway = async (token: string, gwID: string) => {
    const res = await t.call(token, 'POST', '/api/gateway/create', {
      gwID,
      gwName: `gw-${gwID.slice(-4)}`,
      region: 'eu868',
      subnet: 'eu868-default',
      gwType: 'generic',
      txPower: 0,
    });
    expect(res.body.code).toBe(0);
  };

  it('a gateway deleted and registered by another user: the old subscriber is disconnected and never gets the new owner’s reports, not even queued in its persistent session', async () => {
    const alice = await t.userWithToken('mq-alice');
    const bob = await t.userWithToken('mq-bob');
    const aliceApp = await makeApp(t, alice.userID, 'mq-alice-app');
    const devA = await makeDevice(t, aliceApp.id, alice.userID);
    const gwID = 'a840410000000b01';
    await createGateway(alice.token, gwID);
    const creds = await mqCredentials(t, alice.userID);

    const live = track(await connect(url, creds));
    expect(await grants(live, [`gateway/${gwID}/#`])).toEqual([0]);
    const persistent = track(await connect(url, { ...creds, clientId: 'mq-alice-persistent', clean: false }));
    expect(await grants(persistent, [`gateway/${gwID}/#`, `application/${aliceApp.id}/#`], 1)).toEqual([1, 1]);
    const admin = track(await connect(url, await mqCredentials(t, 1)));
    await admin.subscribeAsync(`gateway/${gwID}/#`, { qos: 0 });

    const closed = [closeOf(live), closeOf(persistent)];
    expect((await t.call(alice.token, 'POST', '/api/gateway/delete', { gwIDs: [gwID] })).body.code).toBe(0);
    await Promise.all(closed);

    // Bob registers the same EUI; his gateway's stat report goes out (the admin receives it).
    const bobGw = await connectGateway(t, bob.token, udpPort, gwID);
    gateways.push(bobGw);
    const seen = nextMessage(admin, (tp) => tp === `gateway/${gwID}/event/stats`);
    bobGw.push([], { rxnb: 1, lati: 48.85, long: 2.35 });
    expect((await seen).json).toMatchObject({ type: 'gwstat', gwID, stat: { lati: 48.85 } });

    // Alice's persistent session comes back: her application still reaches her, Bob's gateway does not.
    const back = await connectRecording(url, { ...creds, clientId: 'mq-alice-persistent', clean: false });
    track(back.c);
    const own = nextMessage(back.c, (tp) => tp.startsWith(`application/${aliceApp.id}/`));
    t.services.local.publish(localTopics.appMessage, {
      message: uplink(aliceApp.ref, devA),
      application: aliceApp.ref,
    });
    await own;
    expect(back.topics.filter((tp) => tp.startsWith('gateway/'))).toEqual([]);
    expect(await grants(back.c, [`gateway/${gwID}/#`])).toEqual([128]);
    // Bob may follow it now.
    const bobC = track(await connect(url, await mqCredentials(t, bob.userID)));
    expect(await grants(bobC, [`gateway/${gwID}/#`])).toEqual([0]);
  });

  it("deleting a user disconnects its user credentials and its applications' credentials", async () => {
    const carol = await t.userWithToken('mq-carol');
    const app = await makeApp(t, carol.userID, 'mq-carol-app');
    const asUser = track(await connect(url, await mqCredentials(t, carol.userID)));
    const asApp = track(await connect(url, { username: app.mqName, password: app.mqPassword }));
    await asApp.subscribeAsync(`application/${app.id}/#`);
    const closed = [closeOf(asUser), closeOf(asApp)];
    expect((await t.call(adminToken, 'POST', '/api/user/delete', { userID: carol.userID })).body.code).toBe(0);
    await Promise.all(closed);
    await expect(connect(url, { username: app.mqName, password: app.mqPassword })).rejects.toThrow(
      /Bad username or password/i,
    );
  });

  it('demoting an admin disconnects its catch-all subscription; other admins keep theirs', async () => {
    const ops = await t.userWithToken('mq-ops', 1);
    const demoted = track(await connect(url, await mqCredentials(t, ops.userID)));
    await demoted.subscribeAsync('#');
    const admin = track(await connect(url, await mqCredentials(t, 1)));
    await admin.subscribeAsync('gateway/#');
    const closed = closeOf(demoted);
    const res = await t.call(adminToken, 'POST', '/api/user/update', { userID: ops.userID, name: 'mq-ops', admin: 0 });
    expect(res.body.code).toBe(0);
    await closed;
    const gwID = 'a840410000000b99';
    await createGateway(adminToken, gwID);
    const seen = nextMessage(admin, (tp) => tp === `gateway/${gwID}/event/connection`);
    t.services.local.publish(localTopics.gatewayConnection, { gwID, online: true, createtime: 2 });
    await seen;
    expect(admin.connected).toBe(true);
  });

  it('deleting an application disconnects its credentials and the subscriptions resting on it', async () => {
    const dave = await t.userWithToken('mq-dave');
    const app = await makeApp(t, dave.userID, 'mq-dave-app');
    const asApp = track(await connect(url, { username: app.mqName, password: app.mqPassword }));
    const asUser = track(await connect(url, await mqCredentials(t, dave.userID)));
    expect(await grants(asUser, [`application/${app.id}/#`])).toEqual([0]);
    const closed = [closeOf(asApp), closeOf(asUser)];
    expect((await t.call(dave.token, 'POST', '/api/application/delete', { appIDs: [app.id] })).body.code).toBe(0);
    await Promise.all(closed);
  });

  it('the periodic re-check disconnects credentials changed behind its back (new MQTT password, MQTT switched off)', async () => {
    const erin = await t.userWithToken('mq-erin');
    const app = await makeApp(t, erin.userID, 'mq-erin-app');
    const asUser = track(await connect(url, await mqCredentials(t, erin.userID)));
    const asApp = track(await connect(url, { username: app.mqName, password: app.mqPassword }));
    const untouched = track(await connect(url, await mqCredentials(t, 1)));
    const closed = [closeOf(asUser), closeOf(asApp)];
    await t.services.db.update(users).set({ mqPassword: 'rotated-password' }).where(eq(users.id, erin.userID));
    await t.services.db.update(applications).set({ enableMqtt: false }).where(eq(applications.id, app.id));
    await t.integrations.broker!.sessions.sweep();
    await Promise.all(closed);
    expect(untouched.connected).toBe(true);
  });
});
