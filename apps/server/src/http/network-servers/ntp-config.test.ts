import { API } from '@lns/contract/api/index';
import type mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDataPlane } from '../../../test/dataplane-kit';
import { createTestApp, type TestApp } from '../../../test/harness';
import { connect, grants, nextMessage } from '../../../test/integration-fixtures';

/**
 * The NTP host reaches gateway agents in their config (docs/protocols/gateway-agent.md, Config):
 * a gateway without its own ntpServer is told the platform's host, on connect and on change; one
 * with its own keeps it.
 */
describe('the NTP host in the agent config', () => {
  let t: TestApp;
  let admin: string;
  const clients: mqtt.MqttClient[] = [];
  const topic = (id: string, rest: string) => `eu868/gateway/${id}/${rest}`;
  const follower = 'a840411b2c3d4e51';
  const ownClock = 'a840411b2c3d4e52';

  /** An agent of the gateway connected over MQTT, subscribed to its config. */
  async function agent(gwID: string) {
    const cred = (await t.call(admin, 'GET', API.gateway.mqttInfo.path, { gwID })).body.data;
    const c = await connect(`mqtt://127.0.0.1:${t.integrations.broker!.port}`, {
      username: cred.username,
      password: cred.password,
      clientId: `gw-${gwID}`,
    });
    clients.push(c);
    expect(await grants(c, [topic(gwID, 'agent/config')], 1)).toEqual([1]);
    const config = nextMessage(c, (tp) => tp === topic(gwID, 'agent/config'));
    c.publish(topic(gwID, 'state/conn'), JSON.stringify({ gatewayId: gwID, state: 'ONLINE' }), { qos: 1 });
    return { client: c, config: (await config).json };
  }

  beforeAll(async () => {
    t = await createTestApp({ MQTT_PORT: '0', HOST: '127.0.0.1' });
    await startDataPlane(t);
    await t.integrations.startMqtt();
    admin = await t.login();
    for (const [gwID, ntpServer] of [
      [follower, ''],
      [ownClock, 'ntp.own.example.com'],
    ] as const) {
      const body = { gwID, gwName: `ntp-${gwID.slice(-2)}`, region: 'eu868', subnet: 'eu868-default' };
      const r = await t.call(admin, 'POST', API.gateway.create.path, {
        ...body,
        gwType: 'generic',
        txPower: 0,
        ntpServer,
      });
      expect(r.body.code).toBe(0);
    }
  }, 60_000);
  afterAll(async () => {
    for (const c of clients) await c.endAsync(true);
    await t?.close();
  });

  it('leaves ntpServer out while neither the gateway nor the platform has one', async () => {
    const { config } = await agent(follower);
    expect(config).toEqual({ v: 1, mqttKeepAlive: 10, statInterval: 300, enableBridgeLogToFile: false });
  });

  it('sends the platform host to gateways without their own, on change and on connect', async () => {
    const [follows] = clients;
    const pushed = nextMessage(follows!, (tp) => tp === topic(follower, 'agent/config'));
    expect((await t.call(admin, 'POST', API.ntp.update.path, { ntpHost: 'time.example.com' })).body.code).toBe(0);
    expect((await pushed).json).toMatchObject({ v: 1, ntpServer: 'time.example.com' });

    const own = await agent(ownClock);
    expect(own.config).toMatchObject({ ntpServer: 'ntp.own.example.com' });
  });
});
