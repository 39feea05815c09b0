import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { connect, makeApp, makeDevice, nextMessage, queuedDownlinks, uplink } from '../../../test/integration-fixtures';
import { localTopics } from '../../bus/bus';

/** The same through an external broker: Mosquitto on this machine (anonymous access allowed). */
const BROKER = process.env.TEST_MQTT_URL ?? 'mqtt://127.0.0.1:1883';

describe('external MQTT broker (MQTT_URL)', () => {
  let t: TestApp;
  let app: Awaited<ReturnType<typeof makeApp>>;
  let dev: string;

  beforeAll(async () => {
    t = await createTestApp({ MQTT_URL: BROKER });
    await t.integrations.startMqtt();
    const { userID } = await t.userWithToken('carol');
    app = await makeApp(t, userID, 'carol-app');
    dev = await makeDevice(t, app.id, userID);
  });
  afterAll(() => t?.close());

  it('publishes uplinks to the broker', async () => {
    const c = await connect(BROKER);
    await c.subscribeAsync(`application/${app.id}/device/${dev}/event/#`, { qos: 1 });
    const got = nextMessage(c, (topic) => topic.endsWith('/event/up'));
    t.services.local.publish(localTopics.appMessage, { message: uplink(app.ref, dev), application: app.ref });
    const { topic, json } = await got;
    expect(topic).toBe(`application/${app.id}/device/${dev}/event/up`);
    expect(json).toMatchObject({ type: 'uplink', devEUI: dev, payload: '0a0b', appID: app.id });
    await c.endAsync();
  });

  it('queues downlink commands published on the broker', async () => {
    const c = await connect(BROKER);
    await c.publishAsync(
      `application/${app.id}/device/${dev}/command/down`,
      JSON.stringify({ fPort: 7, data: '0102' }),
      {
        qos: 1,
      },
    );
    const [row] = await queuedDownlinks(t, dev);
    expect(row).toMatchObject({ devEui: dev, fPort: 7, data: '0102', status: 0 });
    await c.endAsync();
  });

  it('takes downlink commands from the broker and answers a refused one on event/error', async () => {
    const c = await connect(BROKER);
    await c.subscribeAsync(`application/${app.id}/device/${dev}/event/error`, { qos: 1 });
    const got = nextMessage(c, () => true);
    await c.publishAsync(`application/${app.id}/device/${dev}/command/down`, JSON.stringify({ fPort: 1 }), { qos: 1 });
    expect((await got).json).toMatchObject({ type: 'error', code: 1007, devEUI: dev });
    await c.endAsync();
  });

  it('reports an unreachable broker in one line', async () => {
    const bad = await createTestApp({ MQTT_URL: 'mqtt://user:secret@127.0.0.1:9' });
    try {
      await expect(bad.integrations.startMqtt()).rejects.toThrow(
        /^cannot connect to MQTT_URL mqtt:\/\/user:\*\*\*@127\.0\.0\.1:9: ECONNREFUSED/,
      );
    } finally {
      await bad.close();
    }
  });
});
