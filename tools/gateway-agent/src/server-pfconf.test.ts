import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { API } from '@lns/contract/api/index';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../apps/server/test/harness';
import { freePort } from '../../../apps/server/test/server-process';
import { switchNow } from '../../../apps/server/test/subnet-switch';
import { type Agent, startAgent } from './agent';
import { parseConfig } from './config';

const GW = 'a840411b2c3d6a01';
const OLD = '{ "SX130x_conf": { "radio_0": { "tx_enable": true } }, "gateway_conf": { "gateway_ID": "OLD" } }\n';

/**
 * A packet-forwarder configuration pushed end to end: the real server builds it from the global
 * configuration and tx LUT, a real agent (in this process) downloads it by its signed address,
 * writes it over the forwarder's file keeping the old one, restarts the forwarder (a shell command
 * here) and the server records the state; a forwarder that does not restart gets its old file back.
 */
describe('packet-forwarder configuration pushed to a real agent', () => {
  let t: TestApp;
  let admin: string;
  let dir: string;
  let agent: Agent;
  const call = async (method: 'GET' | 'POST', url: string, data?: Record<string, unknown>) =>
    (await t.call(admin, method, url, data)).body;
  const confPath = () => join(dir, 'global_conf.json');
  const store = async (name: string, value: unknown) =>
    (await t.services.files.save(Buffer.from(JSON.stringify(value)), name, 1)).file;
  const row = async () => (await call('GET', API.pfConf.list.path)).data.find((r: { gwID: string }) => r.gwID === GW);

  beforeAll(async () => {
    const port = await freePort();
    t = await createTestApp({
      MQTT_PORT: '0',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
    });
    await t.integrations.startMqtt();
    await t.app.listen({ port, host: '127.0.0.1' });
    admin = await t.login();
    dir = mkdtempSync(join(os.tmpdir(), 'gw-pfconf-e2e-'));
    writeFileSync(confPath(), OLD);
    expect((await call('POST', API.gatewayType.create.path, { gwType: 'pfarm', arch: 'arm' })).code).toBe(0);
    const gw = { gwID: GW, gwName: 'pf-gw', region: 'eu868', subnet: 'eu868-default', gwType: 'pfarm', txPower: 0 };
    expect((await call('POST', API.gateway.create.path, gw)).code).toBe(0);
    const cred = (await call('GET', API.gateway.mqttInfo.path, { gwID: GW })).data;
    // The "forwarder" restarts unless its configuration says it must not (the roll-back case).
    const restart = `echo restart >> '${join(dir, 'restarts')}'; ! grep -q refuse_me '${confPath()}'`;
    agent = await startAgent(
      parseConfig({
        gatewayId: GW,
        server: `mqtt://127.0.0.1:${t.integrations.broker!.port}`,
        username: cred.username,
        password: cred.password,
        prefix: cred.topicPrefix,
        udpPort: 0,
        logDir: dir,
        rssh: null,
        packetForwarderConfig: confPath(),
        commands: { restartPacketForwarder: restart },
      }),
      { echoLog: false },
    );
    for (let i = 0; !(await row())?.agent; i++) {
      if (i > 400) throw new Error('the agent did not connect');
      await new Promise((r) => setTimeout(r, 25));
    }
  }, 120_000);

  afterAll(async () => {
    await agent?.stop();
    await t?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('writes the pushed configuration, keeps the old one, restarts the forwarder and is up to date', async () => {
    const conf = {
      SX130x_conf: { radio_0: { enable: true, tx_enable: true }, radio_1: { enable: true, tx_enable: false } },
      gateway_conf: { keepalive_interval: 10 },
    };
    const file = await store('global_conf.json', conf);
    const created = await call('POST', API.globalConf.create.path, {
      region: 'eu868',
      subnet: 'eu868-default',
      filestore: file.fileUrl,
    });
    expect(created.code).toBe(0);
    const lut = await store('lut.json', [{ rf_power: 14, pa_gain: 1, pwr_idx: 10 }]);
    expect(
      (await call('POST', API.txLut.create.path, { gwType: 'pfarm', region: 'eu868', filestore: lut.fileUrl })).code,
    ).toBe(0);
    expect(await row()).toMatchObject({ state: 'outOfDate' });

    const pushed = await call('POST', API.pfConf.create.path, { gwID: GW });
    expect(pushed).toMatchObject({ code: 0, data: { state: 'upToDate' } });
    const written = JSON.parse(readFileSync(confPath(), 'utf8'));
    // Pointed at the agent's own UDP listener, which bridges it to the server over MQTT.
    expect(written.gateway_conf).toEqual({
      keepalive_interval: 10,
      gateway_ID: GW.toUpperCase(),
      server_address: '127.0.0.1',
      serv_port_up: agent.forwarder.port,
      serv_port_down: agent.forwarder.port,
    });
    expect(written.SX130x_conf.radio_0.tx_gain_lut).toEqual([{ rf_power: 14, pa_gain: 1, pwr_idx: 10 }]);
    expect(readFileSync(`${confPath()}.bak`, 'utf8')).toBe(OLD);
    expect(existsSync(`${confPath()}.tmp`) || existsSync(`${confPath()}.download`)).toBe(false);
    expect(readFileSync(join(dir, 'restarts'), 'utf8')).toBe('restart\n');
    expect(await row()).toMatchObject({ state: 'upToDate', appliedSha256: pushed.data.sha256 });
    const records = await call('GET', API.gatewayCommand.list.path, { gatewayId: GW });
    expect(records.data[0]).toMatchObject({ cmdType: 'pfConfig', state: 'done', result: { restarted: true } });
  }, 60_000);

  it('puts the old file back when the forwarder does not restart, and says so', async () => {
    const before = readFileSync(confPath(), 'utf8');
    const file = await store('global_conf_bad.json', {
      SX130x_conf: { radio_0: { tx_enable: true } },
      refuse_me: true,
    });
    const id = (await call('GET', API.globalConf.list.path)).data[0].globalConfID;
    const changed = await call('POST', API.globalConf.update.path, {
      globalConfID: id,
      region: 'eu868',
      subnet: 'eu868-default',
      filestore: file.fileUrl,
    });
    expect(changed.code).toBe(0);
    expect(await row()).toMatchObject({ state: 'outOfDate' });
    const pushed = await call('POST', API.pfConf.create.path, { gwID: GW });
    expect(pushed).toMatchObject({
      code: 9004,
      msg: expect.stringContaining('rolled back: the packet forwarder did not restart'),
    });
    expect(readFileSync(confPath(), 'utf8')).toBe(before);
    // Restarted with the new file (refused), then again with the old one.
    expect(readFileSync(join(dir, 'restarts'), 'utf8')).toBe('restart\n'.repeat(3));
    expect(await row()).toMatchObject({ state: 'error', error: expect.stringMatching(/rolled back/) });
  }, 60_000);

  it("moves with a subnet cutover: at the switch time the agent runs the next plan's configuration", async () => {
    const gw = { gwID: GW, gwName: 'pf-gw', region: 'us915', subnet: 'us915-1', gwType: 'pfarm', txPower: 0 };
    expect((await call('POST', API.gateway.update.path, gw)).code).toBe(0);
    for (const [subnet, freq] of [
      ['us915-1', 902_700_000],
      ['us915-2', 904_300_000],
    ] as const) {
      const file = await store(`${subnet}.json`, { SX130x_conf: { radio_0: { enable: true, freq } } });
      expect(
        (await call('POST', API.globalConf.create.path, { region: 'us915', subnet, filestore: file.fileUrl })).code,
      ).toBe(0);
    }
    const task = await call('POST', API.subnetSwitchTask.create.path, {
      taskName: 'move the agent gateway',
      interval: 1,
      currentChannelPlan: 'us915:us915-1',
      nextChannelPlan: 'us915:us915-2',
    });
    expect(task.code).toBe(0);
    const taskId = task.data.taskId;
    expect((await call('POST', API.subnetSwitchMember.gatewayAdd.path, { taskId, gwIDs: [GW] })).code).toBe(0);
    await switchNow(t, taskId);
    const member = async () =>
      (await call('GET', API.subnetSwitchMember.gatewayList.path, { taskId })).data.find(
        (r: { gatewayId: string }) => r.gatewayId === GW,
      );
    for (let i = 0; (await member())?.status !== 4; i++) {
      if (i > 600) throw new Error(`the gateway did not move: ${JSON.stringify(await member())}`);
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(await member()).toMatchObject({ status: 4, manual: false, error: null });
    expect(JSON.parse(readFileSync(confPath(), 'utf8')).SX130x_conf.radio_0.freq).toBe(904_300_000);
    const gateways = (await call('GET', API.gateway.list.path, { pageNo: 1, pageSize: 50 })).data;
    expect(gateways.find((g: { gwID: string }) => g.gwID === GW)).toMatchObject({ subnet: 'us915-2' });
    expect(await row()).toMatchObject({ state: 'upToDate' });
  }, 90_000);
});
