import { API } from '@lns/contract/api/index';
import { fileUrlOf } from '@lns/contract/files';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeAgent } from '../../../test/fake-agent';
import { createTestApp, type TestApp } from '../../../test/harness';

const AGENT_GW = 'a840411b2c3d7f01';
const UDP_GW = 'a840411b2c3d7f02';
const CN_GW = 'a840411b2c3d7f03';

const sx1302 = (extra: Record<string, unknown> = {}) => ({
  SX130x_conf: {
    com_type: 'SPI',
    radio_0: { enable: true, type: 'SX1250', freq: 867500000, tx_enable: false },
    radio_1: { enable: true, type: 'SX1250', freq: 868500000, tx_enable: true },
  },
  gateway_conf: {
    gateway_ID: 'AA555A0000000000',
    server_address: 'localhost',
    serv_port_up: 1700,
    keepalive_interval: 10,
  },
  ...extra,
});
const lut = [
  { rf_power: 12, pa_gain: 0, pwr_idx: 15 },
  { rf_power: 27, pa_gain: 1, pwr_idx: 22 },
];

/** Global configurations, tx LUTs and pfconf through the API, each refusal with its code and field. */
describe('frequency plan API', () => {
  let t: TestApp;
  let admin: string;
  let agent: FakeAgent;
  const call = async (method: 'GET' | 'POST', url: string, data?: Record<string, unknown>, token = admin) =>
    (await t.call(token, method, url, data)).body;
  const store = async (name: string, value: unknown) =>
    (await t.services.files.save(Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)), name, 1)).file;
  const pfRow = async (gwID: string) =>
    (await call('GET', API.pfConf.list.path, { pageSize: 100 })).data.find((r: { gwID: string }) => r.gwID === gwID);

  beforeAll(async () => {
    t = await createTestApp({ MQTT_PORT: '0', HOST: '127.0.0.1', UDP_PORT: '1702' });
    await t.integrations.startMqtt();
    admin = await t.login();
    expect((await call('POST', API.gatewayType.create.path, { gwType: 'lutgw', arch: 'arm' })).code).toBe(0);
    for (const [gwID, region, subnet] of [
      [AGENT_GW, 'eu868', 'eu868-default'],
      [UDP_GW, 'eu868', 'eu868-default'],
      [CN_GW, 'cn470', 'cn470-1'],
    ]) {
      const gw = { gwID, gwName: `fp-${gwID.slice(-2)}`, region, subnet, gwType: 'lutgw', txPower: 0 };
      const r = await call('POST', API.gateway.create.path, gw);
      expect(r.code, JSON.stringify(r)).toBe(0);
    }
    agent = await FakeAgent.connect(t, admin, AGENT_GW);
    for (;;) {
      if ((await call('GET', API.gateway.statusOnline.path, { gwID: AGENT_GW })).data?.online) break;
      await new Promise((r) => setTimeout(r, 20));
    }
  }, 120_000);
  afterAll(async () => {
    await agent?.close();
    await t?.close();
  });

  it('keeps one global configuration per region/subnet, of packet-forwarder files only', async () => {
    const good = await store('global_conf.json', sx1302());
    const create = (b: Record<string, unknown>) => call('POST', API.globalConf.create.path, b);
    const base = { region: 'eu868', subnet: 'eu868-default', filestore: good.fileUrl };
    const notJson = await store('notjson.json', '{ "SX130x_conf": ');
    expect(await create({ ...base, filestore: notJson.fileUrl })).toMatchObject({ code: 11003, field: 'filestore' });
    const noSection = await store('other.json', { gateway_conf: {} });
    expect(await create({ ...base, filestore: noSection.fileUrl })).toMatchObject({ code: 11003, field: 'filestore' });
    expect(await create({ ...base, filestore: fileUrlOf('0'.repeat(64)) })).toMatchObject({ code: 6003 });
    expect(await create({ ...base, subnet: 'nosuch' })).toMatchObject({ code: 1017, field: 'subnet' });
    expect(await create({ ...base, region: 'xx999' })).toMatchObject({ code: 1007, field: 'region' });
    expect((await create({ ...base, subnet: '' })).field).toBe('subnet');
    expect((await create({ ...base, region: 'eu\u0000868' })).field).toBe('region');
    expect((await create({ ...base, filestore: '' })).field).toBe('filestore');
    const created = await create(base);
    expect(created.code).toBe(0);
    expect((await create(base)).code).toBe(11002);
    const sx1301 = await store('sx1301.json', { SX1301_conf: { tx_lut_0: { pa_gain: 0, rf_power: 0 } } });
    const other = await create({ region: 'cn470', subnet: 'cn470-2', filestore: sx1301.fileUrl });
    expect(other).toMatchObject({ code: 0 });
    expect((await call('GET', API.globalConf.list.path)).amount).toBe(2);
    const listed = await call('GET', API.globalConf.list.path, { region: 'eu868' });
    expect(listed).toMatchObject({ code: 0, amount: 1 });
    expect(listed.data.find((r: { subnet: string }) => r.subnet === 'eu868-default')).toMatchObject({
      globalConfID: created.data.globalConfID,
      fileName: 'global_conf.json',
      chip: 'SX130x',
      gateways: 2,
      filestore: good.fileUrl,
    });
    const update = (b: Record<string, unknown>) => call('POST', API.globalConf.update.path, b);
    expect(await update({ ...base, globalConfID: other.data.globalConfID })).toMatchObject({ code: 11002 });
    expect(await update({ ...base, globalConfID: 9999 })).toMatchObject({ code: 11001, field: 'globalConfID' });
    expect((await update({ ...base, globalConfID: 2 ** 31 })).field).toBe('globalConfID');
    expect(
      await update({ ...base, globalConfID: created.data.globalConfID, filestore: notJson.fileUrl }),
    ).toMatchObject({
      code: 11003,
    });
    expect((await call('POST', API.globalConf.delete.path, { globalConfID: other.data.globalConfID })).code).toBe(0);
    expect((await call('POST', API.globalConf.delete.path, { globalConfID: other.data.globalConfID })).code).toBe(
      11001,
    );
    expect((await call('POST', API.globalConf.delete.path, { globalConfID: 'x' })).field).toBe('globalConfID');
    const { token } = await t.userWithToken('fp-user');
    expect((await call('GET', API.globalConf.list.path, {}, token)).code).toBe(1010);
    expect((await call('POST', API.txLut.create.path, {}, token)).code).toBe(1010);
    expect((await call('GET', API.pfConf.list.path, {}, token)).code).toBe(1010);
  });

  it('keeps one tx LUT per gateway type and region, of tx gain tables only, and holds on to the type', async () => {
    const file = await store('lut.json', lut);
    const create = (b: Record<string, unknown>) => call('POST', API.txLut.create.path, b);
    const base = { gwType: 'LUTGW', region: 'eu868', filestore: file.fileUrl };
    const bad = await store('badlut.json', [{ rf_power: 'high', pa_gain: 0 }]);
    expect(await create({ ...base, filestore: bad.fileUrl })).toMatchObject({ code: 10003, field: 'filestore' });
    const empty = await store('emptylut.json', { tx_gain_lut: [] });
    expect(await create({ ...base, filestore: empty.fileUrl })).toMatchObject({ code: 10003 });
    expect(await create({ ...base, gwType: 'nosuch' })).toMatchObject({ code: 7001, field: 'gwType' });
    expect(await create({ ...base, region: 'xx999' })).toMatchObject({ code: 1007, field: 'region' });
    const created = await create(base);
    expect(created.code).toBe(0);
    expect(await create(base)).toMatchObject({ code: 10002 });
    const wrapped = await store('lut2.json', { tx_gain_lut: lut.slice(0, 1) });
    const cn = await create({ ...base, region: 'cn470', filestore: wrapped.fileUrl });
    expect(cn.code).toBe(0);
    const listed = await call('GET', API.txLut.list.path, { region: 'eu868' });
    expect(listed).toMatchObject({ amount: 1 });
    expect(listed.data[0]).toMatchObject({
      gwType: 'lutgw',
      region: 'eu868',
      entries: 2,
      gateways: 2,
      fileName: 'lut.json',
    });
    const update = (b: Record<string, unknown>) => call('POST', API.txLut.update.path, b);
    expect(await update({ ...base, txLutID: 9999 })).toMatchObject({ code: 10001, field: 'txLutID' });
    expect(await update({ ...base, region: 'cn470', txLutID: created.data.txLutID })).toMatchObject({ code: 10002 });
    expect((await update({ ...base, txLutID: 2 ** 31 })).field).toBe('txLutID');
    const types = await call('GET', API.gatewayType.list.path, { pageNo: 0, pageSize: 0 });
    const typeId = types.data.find((x: { gwType: string }) => x.gwType === 'lutgw').gwTypeID;
    // No gateway of the type here, but a tx LUT: the type stays.
    expect((await call('POST', API.gatewayType.create.path, { gwType: 'lutonly', arch: 'arm' })).code).toBe(0);
    const only = await create({ ...base, gwType: 'lutonly' });
    const onlyId = (await call('GET', API.gatewayType.list.path, { pageNo: 0, pageSize: 0 })).data.find(
      (x: { gwType: string }) => x.gwType === 'lutonly',
    ).gwTypeID;
    expect((await call('POST', API.gatewayType.delete.path, { gwTypeID: onlyId })).code).toBe(7004);
    expect((await call('POST', API.txLut.delete.path, { txLutID: only.data.txLutID })).code).toBe(0);
    expect((await call('POST', API.txLut.delete.path, { txLutID: only.data.txLutID })).code).toBe(10001);
    expect((await call('POST', API.gatewayType.delete.path, { gwTypeID: onlyId })).code).toBe(0);
    expect(typeId).toBeGreaterThan(0);
  });

  it('builds each gateway’s configuration, signs it, pushes it to the agent and tracks it', async () => {
    expect((await call('GET', API.pfConf.enabled.path)).data).toEqual({ enabled: true, reason: null });
    expect(await pfRow(AGENT_GW)).toMatchObject({ agent: true, state: 'outOfDate', appliedSha256: null });
    expect(await pfRow(UDP_GW)).toMatchObject({ agent: false, state: 'manual' });
    expect(await pfRow(CN_GW)).toMatchObject({ state: 'noConfig', sha256: null, txLutID: expect.any(Number) });
    const outOfDate = await call('GET', API.pfConf.list.path, { state: 'outOfDate' });
    expect(outOfDate.data.map((r: { gwID: string }) => r.gwID)).toEqual([AGENT_GW]);
    expect((await call('GET', API.pfConf.list.path, { state: 'nosuch' })).field).toBe('state');

    // The signed address serves the gateway's own file, to that gateway only.
    expect(await call('GET', API.pfConf.sign.path, { gwID: CN_GW })).toMatchObject({ code: 9001 });
    expect((await call('GET', API.pfConf.sign.path, { gwID: 'zz' })).field).toBe('gwID');
    expect((await call('GET', API.pfConf.sign.path, { gwID: 'a840411b2c3d7fff' })).code).toBe(5001);
    const signed = (await call('GET', API.pfConf.sign.path, { gwID: UDP_GW })).data;
    const url = new URL(signed.url);
    const got = await t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    expect(got.statusCode).toBe(200);
    expect(got.rawPayload.length).toBe(signed.size);
    const conf = got.json();
    expect(conf.gateway_conf).toMatchObject({
      gateway_ID: UDP_GW.toUpperCase(),
      server_address: '127.0.0.1',
      serv_port_up: 1702,
      serv_port_down: 1702,
      keepalive_interval: 10,
    });
    expect(conf.SX130x_conf.radio_1.tx_gain_lut).toEqual(lut);
    expect(conf.SX130x_conf.radio_0.tx_gain_lut).toBeUndefined();
    const other = new URL(url);
    other.searchParams.set('gw', AGENT_GW);
    expect((await t.app.inject({ method: 'GET', url: `${other.pathname}${other.search}` })).json()).toMatchObject({
      code: 1004,
      field: 'sig',
    });

    // A gateway without the agent, one without a configuration: refused.
    expect(await call('POST', API.pfConf.create.path, { gwID: UDP_GW })).toMatchObject({ code: 9003, field: 'gwID' });
    expect(await call('POST', API.pfConf.create.path, { gwID: CN_GW })).toMatchObject({ code: 9001 });

    // The agent applies it.
    agent.onRequest = (r) => {
      if (r.cmdType === 'applyPacketForwarderConfig')
        void agent.respond(r.cToken, {
          state: 'done',
          result: { path: '/etc/x.json', sha256: r.extra!.sha256, backup: null, restarted: true },
        });
    };
    const pushed = await call('POST', API.pfConf.create.path, { gwID: AGENT_GW });
    expect(pushed).toMatchObject({ code: 0, data: { state: 'upToDate' } });
    const request = agent.requests.find((r) => r.cmdType === 'applyPacketForwarderConfig')!;
    expect(request.extra).toMatchObject({ sha256: pushed.data.sha256, size: expect.any(Number) });
    expect(request.extra!.url).toContain(`gw=${AGENT_GW}`);
    expect(await pfRow(AGENT_GW)).toMatchObject({ state: 'upToDate', appliedSha256: pushed.data.sha256 });
    expect(await call('POST', API.pfConf.create.path, { gwID: AGENT_GW })).toMatchObject({ code: 9002 });
    const records = await call('GET', API.gatewayCommand.list.path, { gatewayId: AGENT_GW });
    expect(records.data[0]).toMatchObject({ cmdType: 'pfConfig', state: 'done' });

    // A changed global configuration makes it out of date; the agent's refusal is 9004 and kept.
    const changed = await store('global_conf2.json', sx1302({ debug_conf: { ref_payload: [] } }));
    const confs = await call('GET', API.globalConf.list.path, { region: 'eu868' });
    const id = confs.data.find((r: { subnet: string }) => r.subnet === 'eu868-default').globalConfID;
    expect(
      (
        await call('POST', API.globalConf.update.path, {
          globalConfID: id,
          region: 'eu868',
          subnet: 'eu868-default',
          filestore: changed.fileUrl,
        })
      ).code,
    ).toBe(0);
    expect(await pfRow(AGENT_GW)).toMatchObject({ state: 'outOfDate', appliedSha256: pushed.data.sha256 });
    agent.onRequest = (r) => {
      if (r.cmdType === 'applyPacketForwarderConfig')
        void agent.respond(r.cToken, { state: 'error', error: 'rolled back: the packet forwarder did not restart' });
    };
    expect(await call('POST', API.pfConf.create.path, { gwID: AGENT_GW, force: true })).toMatchObject({
      code: 9004,
      msg: expect.stringMatching(/rolled back/),
    });
    expect(await pfRow(AGENT_GW)).toMatchObject({ state: 'error', error: expect.stringMatching(/rolled back/) });
    expect((await call('POST', API.pfConf.create.path, { gwID: AGENT_GW, force: 'yes' })).field).toBe('force');
  });
});
