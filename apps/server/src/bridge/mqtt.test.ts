import { openDataFrame } from '@lns/lorawan/frames';
import { eq } from 'drizzle-orm';
import type mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { abpSession, connectGateway, settle, startDataPlane } from '../../test/dataplane-kit';
import { abpDevice } from '../../test/devices-fixtures';
import { rxpkOf, type TestGateway } from '../../test/gateway';
import { createTestApp, type TestApp } from '../../test/harness';
import { connect, grants, nextMessage } from '../../test/integration-fixtures';
import { downlinks } from '../db/schema/dataplane';
import type { DataPlane } from '../ns/dataplane';

const base64 = (b: Buffer) => b.toString('base64');
const counter = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return base64(b);
};

/**
 * The MQTT gateway link over the embedded broker, driven by a client that writes ChirpStack's
 * gw.proto messages in their JSON form (docs/protocols/gateway-mqtt.md), next to a Semtech UDP
 * gateway hearing the same frames.
 */
describe('gateways over MQTT', () => {
  let t: TestApp;
  let dp: DataPlane;
  let admin: string;
  let url: string;
  let udpGw: TestGateway;
  let appID: number;
  const gwID = 'a840411b2c3d4e01';
  const otherID = 'a840411b2c3d4e02';
  let gw: mqtt.MqttClient;
  const topic = (id: string, rest: string) => `eu868/gateway/${id}/${rest}`;

  beforeAll(async () => {
    t = await createTestApp({ MQTT_PORT: '0', HOST: '127.0.0.1', DEDUP_WINDOW_MS: '150' });
    const started = await startDataPlane(t);
    dp = started.dp;
    await t.integrations.startMqtt();
    url = `mqtt://127.0.0.1:${t.integrations.broker!.port}`;
    admin = await t.login();
    appID = (await t.call(admin, 'POST', '/api/application/create', { appName: 'mqtt-gw' })).body.data.appID;
    udpGw = await connectGateway(t, admin, started.port, 'a840411b2c3d4eff');
    for (const id of [gwID, otherID])
      await t.call(admin, 'POST', '/api/gateway/create', {
        gwID: id,
        gwName: `mqtt-${id.slice(-2)}`,
        region: 'eu868',
        subnet: 'eu868-default',
        gwType: 'generic',
        txPower: 0,
      });
    const cred = (await t.call(admin, 'GET', '/api/gateway/mqtt/info', { gwID })).body.data;
    expect(cred).toMatchObject({ username: gwID, topicPrefix: 'eu868', url: expect.stringMatching(/^mqtt:\/\//) });
    gw = await connect(url, {
      username: cred.username,
      password: cred.password,
      clientId: `gw-${gwID}`,
      will: {
        topic: topic(gwID, 'state/conn'),
        payload: Buffer.from(JSON.stringify({ gatewayId: gwID, state: 'OFFLINE' })),
        qos: 1,
        retain: true,
      },
    });
    expect(
      await grants(gw, [topic(gwID, 'command/#'), topic(gwID, 'agent/config'), topic(gwID, 'agent/request')], 1),
    ).toEqual([1, 1, 1]);
  });
  afterAll(async () => {
    await gw?.endAsync(true);
    udpGw?.close();
    await t.close();
  });

  const gatewayRow = async (id: string) =>
    (await t.call(admin, 'GET', '/api/gateway/list', { keyword: id })).body.data.find(
      (g: { gwID: string }) => g.gwID === id,
    );

  it('a gateway connects with its own credentials, shows as an MQTT gateway, and reaches only its own topics', async () => {
    gw.publish(topic(gwID, 'state/conn'), JSON.stringify({ gatewayId: gwID, state: 'ONLINE' }), {
      qos: 1,
      retain: true,
    });
    const config = await nextMessage(gw, (tp) => tp === topic(gwID, 'agent/config'));
    expect(config.json).toEqual({ v: 1, mqttKeepAlive: 10, statInterval: 300, enableBridgeLogToFile: false });
    await settle(dp);
    expect(await gatewayRow(gwID)).toMatchObject({ online: true, mqtt: true });
    expect((await t.call(admin, 'GET', '/api/gateway/status/online', { gatewayId: gwID })).body.data).toMatchObject({
      online: true,
      link: 'MQTT',
    });
    // The UDP offline delay does not apply: an MQTT gateway is swept only after three stat intervals.
    expect(await dp.gateways.sweep(-1000)).not.toContain(gwID);
    expect(await gatewayRow(gwID)).toMatchObject({ online: true });
    // Another gateway's topics: refused both ways.
    expect(await grants(gw, [topic(otherID, 'command/down'), topic(otherID, 'event/up')])).toEqual([128, 128]);
    const wrong = await connect(url, { username: otherID, password: 'not-its-password', clientId: 'x1' }).catch(
      (e) => e,
    );
    expect(wrong).toBeInstanceOf(Error);
  });

  it('an uplink heard over MQTT and over UDP is one uplink; its downlink leaves as command/down with a valid MIC and the ack settles it', async () => {
    const d = abpDevice(0x901);
    expect((await t.call(admin, 'POST', '/api/device/create', { appID, ...d })).body.code).toBe(0);
    expect(
      (
        await t.call(admin, 'POST', '/api/device/downlink/create', {
          devEUI: d.devEUI,
          fport: 7,
          data: 'c0ffee',
          confirmed: false,
        })
      ).body.code,
    ).toBe(0);
    const phy = abpSession(d)({ fCnt: 1, fPort: 2 });
    const down = nextMessage(gw, (tp) => tp === topic(gwID, 'command/down'));
    // The MQTT copy is heard better, so its gateway sends the answer.
    gw.publish(
      topic(gwID, 'event/up'),
      JSON.stringify({
        phyPayload: base64(phy),
        txInfo: {
          frequency: 868100000,
          modulation: { lora: { bandwidth: 125000, spreadingFactor: 7, codeRate: 'CR_4_5' } },
        },
        rxInfo: {
          gatewayId: gwID,
          uplinkId: 1,
          rssi: -40,
          snr: 9,
          channel: 0,
          rfChain: 0,
          context: counter(5_000_000),
          crcStatus: 'CRC_OK',
        },
      }),
      { qos: 1 },
    );
    udpGw.push([rxpkOf(phy, { tmst: 77, rssi: -100, lsnr: -5 })]);
    const { json: frame } = await down;
    expect(frame).toMatchObject({ gatewayId: gwID, downlinkId: expect.any(Number) });
    const item = frame.items[0];
    expect(item.txInfo).toMatchObject({
      frequency: 868100000,
      modulation: { lora: { bandwidth: 125000, spreadingFactor: 7, polarizationInversion: true } },
      timing: { delay: { delay: '0s' } },
      context: counter(6_000_000), // RX1: one second after the uplink's counter
    });
    const opened = openDataFrame(Buffer.from(item.phyPayload, 'base64'), {
      nwkSKey: d.nwkSKey,
      appSKey: d.appSKey,
      lastFCnt: null,
    });
    expect(opened.micValid).toBe(true);
    expect(opened.frame.fPort).toBe(7);
    expect(Buffer.from(opened.payload!).toString('hex')).toBe('c0ffee');

    await settle(dp);
    const history = (await t.call(admin, 'GET', '/api/device/history', { devEUI: d.devEUI })).body.data;
    expect(history).toHaveLength(1);
    expect(history[0].rxInfo.map((r: { gwID: string }) => r.gwID).sort()).toEqual([gwID, 'a840411b2c3d4eff']);

    gw.publish(
      topic(gwID, 'event/ack'),
      JSON.stringify({ gatewayId: gwID, downlinkId: frame.downlinkId, items: [{ status: 'OK' }] }),
      {
        qos: 1,
      },
    );
    for (let i = 0; i < 50; i++) {
      const [row] = await t.services.db.select().from(downlinks).where(eq(downlinks.devEui, d.devEUI));
      if (row?.delivery === 'success') break;
      await new Promise((r) => setTimeout(r, 20));
    }
    const [row] = await t.services.db.select().from(downlinks).where(eq(downlinks.devEui, d.devEUI));
    expect(row).toMatchObject({ delivery: 'success', gwId: gwID });
  });

  it('stores agent reports and stats, and goes offline with the will', async () => {
    gw.publish(
      topic(gwID, 'agent/report'),
      JSON.stringify({
        v: 1,
        time: Date.now(),
        info: { model: 'RHF2S027', kernelVersion: '6.1.0', bridgeVersion: 'agent 1.0.0' },
        network: { networkType: 'ethernet', wanIP: '203.0.113.7', nwkDelay: 12 },
        system: { cpuUsage: 12.5, memUsage: 40, rootDiskUsage: 30, temperature: null, resetSource: 'powerOn' },
        packetForwarder: { running: true, rxReceived: 10, rxOk: 9, txReceived: 1, txEmitted: 1 },
        versions: [{ name: 'kernel', version: '6.1.0' }],
      }),
      { qos: 1 },
    );
    await settle(dp, 100);
    const get = async (what: string) => (await t.call(admin, 'GET', `/api/gateway/status/${what}`, { gwID })).body.data;
    expect(await get('system')).toMatchObject({
      cpuUsage: 12.5,
      memUsage: 40,
      rootDiskUsage: 30,
      resetSource: 'powerOn',
    });
    expect(await get('network')).toMatchObject({ networkType: 'ethernet', wanIP: '203.0.113.7', nwkDelay: 12 });
    expect(await get('version/v2')).toMatchObject({
      info: { model: 'RHF2S027' },
      versions: [{ name: 'kernel', version: '6.1.0' }],
    });
    expect(await get('packetForwarder')).toMatchObject({
      running: true,
      rxReceived: 10,
      stat: { cpuUsage: 12.5, rxnb: 10 },
    });
    const frames = await get('frame');
    expect(frames.uplinks24h).toBeGreaterThanOrEqual(1);
    expect(frames.hourly).toHaveLength(24);
    const stats = (await t.call(admin, 'GET', '/api/gwstats/history', { gwID })).body.data;
    expect(stats[0].stat).toMatchObject({ cpuUsage: 12.5, memUsage: 40 });

    // The gateway's connection dies: the broker publishes its will, and it is offline.
    (gw as unknown as { stream: { destroy(): void } }).stream.destroy();
    for (let i = 0; i < 100 && (await gatewayRow(gwID)).online; i++) await new Promise((r) => setTimeout(r, 30));
    expect(await gatewayRow(gwID)).toMatchObject({ online: false, mqtt: true });
  });
});
