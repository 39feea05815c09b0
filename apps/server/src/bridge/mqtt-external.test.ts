import { randomBytes } from 'node:crypto';
import { openDataFrame } from '@lns/lorawan/frames';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { abpSession, settle } from '../../test/dataplane-kit';
import { abpDevice } from '../../test/devices-fixtures';
import { createTestApp, type TestApp } from '../../test/harness';
import { connect, nextMessage } from '../../test/integration-fixtures';

/** The MQTT gateway link through Mosquitto (MQTT_URL): the broker's own ACL applies there. */
const BROKER = process.env.TEST_MQTT_URL ?? 'mqtt://127.0.0.1:1883';

describe('gateways over an external broker', () => {
  let t: TestApp;
  let admin: string;
  // Another test run may share this broker: its own gateway ID and subscription group.
  const gwID = `a8404120${randomBytes(4).toString('hex')}`;
  const topic = (rest: string) => `eu868/gateway/${gwID}/${rest}`;

  beforeAll(async () => {
    t = await createTestApp({
      MQTT_URL: BROKER,
      MQTT_SHARED_GROUP: `t${randomBytes(4).toString('hex')}`,
      DEDUP_WINDOW_MS: '100',
    });
    await t.integrations.startMqtt();
    admin = await t.login();
    const gw = { gwID, gwName: 'ext', region: 'eu868', subnet: 'eu868-default', gwType: 'generic', txPower: 0 };
    expect((await t.call(admin, 'POST', '/api/gateway/create', gw)).body.code).toBe(0);
  });
  afterAll(() => t?.close());

  it('takes an uplink, answers in its receive window on command/down, and the ack settles the downlink', async () => {
    const appID = (await t.call(admin, 'POST', '/api/application/create', { appName: 'ext-gw' })).body.data.appID;
    const d = abpDevice(0x911);
    expect((await t.call(admin, 'POST', '/api/device/create', { appID, ...d })).body.code).toBe(0);
    await t.call(admin, 'POST', '/api/device/downlink/create', {
      devEUI: d.devEUI,
      fport: 3,
      data: '0102',
      confirmed: false,
    });
    const gw = await connect(BROKER, { clientId: `gw-${gwID}` });
    await gw.subscribeAsync(topic('command/#'), { qos: 1 });
    const down = nextMessage(gw, (tp) => tp === topic('command/down'), 10_000);
    const context = Buffer.from([0, 0x4c, 0x4b, 0x40]).toString('base64'); // 5,000,000 µs
    await gw.publishAsync(topic('state/conn'), JSON.stringify({ gatewayId: gwID, state: 'ONLINE' }), { qos: 1 });
    await gw.publishAsync(
      topic('event/up'),
      JSON.stringify({
        phyPayload: abpSession(d)({ fCnt: 1 }).toString('base64'),
        txInfo: {
          frequency: 868300000,
          modulation: { lora: { bandwidth: 125000, spreadingFactor: 9, codeRate: 'CR_4_5' } },
        },
        rxInfo: { gatewayId: gwID, uplinkId: 9, rssi: -70, snr: 5.5, context, crcStatus: 'CRC_OK' },
      }),
      { qos: 1 },
    );
    const { json } = await down;
    const item = json.items[0];
    expect(item.txInfo).toMatchObject({ frequency: 868300000, timing: { delay: { delay: '0s' } } });
    expect(item.txInfo.modulation.lora).toMatchObject({ spreadingFactor: 9, bandwidth: 125000 });
    const opened = openDataFrame(Buffer.from(item.phyPayload, 'base64'), {
      nwkSKey: d.nwkSKey,
      appSKey: d.appSKey,
      lastFCnt: null,
    });
    expect(opened.micValid).toBe(true);
    await gw.publishAsync(
      topic('event/ack'),
      JSON.stringify({ gatewayId: gwID, downlinkId: json.downlinkId, items: [{ status: 'TOO_LATE' }] }),
      {
        qos: 1,
      },
    );
    await settle(t.services.dataPlane, 300);
    const history = (await t.call(admin, 'GET', '/api/device/downlink/history', { devEUI: d.devEUI })).body.data;
    // TOO_LATE: the gateway refused it; the downlink is queued again for the next window.
    expect(history[0]).toMatchObject({ responseErrorByGateway: 'TOO_LATE' });
    await gw.endAsync();
  });
});
