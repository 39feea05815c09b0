import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { openDataFrame } from '@lns/lorawan/frames';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { abpSession, startDataPlane } from '../../../apps/server/test/dataplane-kit';
import { abpDevice } from '../../../apps/server/test/devices-fixtures';
import { rxpkOf } from '../../../apps/server/test/gateway';
import { createTestApp, type TestApp } from '../../../apps/server/test/harness';
import { FakeForwarder } from '../test/forwarder';
import { type Agent, startAgent } from './agent';
import { loadConfig } from './config';
import { parseMeminfo } from './host/memory';

/** What `free` says now: (MemTotal − MemAvailable) / MemTotal, in %. */
function memUsedNow(): number {
  const m = parseMeminfo(readFileSync('/proc/meminfo', 'utf8'));
  return ((m.MemTotal! - m.MemAvailable!) / m.MemTotal!) * 100;
}

/** Polls `read` until `ok` holds (every 50 ms); fails with the last value after `ms`. */
async function until<T>(what: string, read: () => Promise<T>, ok: (v: T) => boolean, ms = 10_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (ok(v)) return v;
    if (Date.now() > end) throw new Error(`${what}: still ${JSON.stringify(v)} after ${ms} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * The agent against the real server: its embedded broker with the gateway's own credentials from
 * the API, the MQTT gateway link, the agent protocol's reports, and a packet forwarder (played by
 * the test over Semtech UDP v2) whose uplink reaches a device and whose downlink comes back.
 */
describe('gateway agent against the real server', () => {
  let t: TestApp;
  let admin: string;
  let agent: Agent | undefined;
  let fwd: FakeForwarder | undefined;
  let logDir: string;
  const gwID = 'a840411b2c3d4ea1';
  const d = abpDevice(0xa61);
  const get = async (path: string, query: Record<string, unknown>) => {
    const res = await t.call(admin, 'GET', path, query);
    expect(res.body.code, `${path}: ${JSON.stringify(res.body)}`).toBe(0);
    return res.body.data;
  };

  beforeAll(async () => {
    t = await createTestApp({
      MQTT_PORT: '0',
      HOST: '127.0.0.1',
      DEDUP_WINDOW_MS: '100',
      // RX1 whatever the machine's load: `auto` would move a late answer to RX2 (tmst + 2 s).
      RX_WINDOW: 'rx1',
    });
    await startDataPlane(t);
    await t.integrations.startMqtt();
    admin = await t.login();
    const appID = (await t.call(admin, 'POST', '/api/application/create', { appName: 'agent-e2e' })).body.data.appID;
    const created = await t.call(admin, 'POST', '/api/gateway/create', {
      gwID,
      gwName: 'agent-e2e',
      region: 'eu868',
      subnet: 'eu868-default',
      gwType: 'generic',
      txPower: 0,
    });
    expect(created.body.code).toBe(0);
    expect((await t.call(admin, 'POST', '/api/device/create', { appID, ...d })).body.code).toBe(0);

    // The agent's configuration file, as an operator writes it, with the credentials the API gives.
    const cred = await get('/api/gateway/mqtt/info', { gwID });
    logDir = mkdtempSync(join(os.tmpdir(), 'gw-agent-e2e-'));
    const file = join(logDir, 'agent.json');
    writeFileSync(
      file,
      JSON.stringify({
        gatewayId: gwID,
        server: `mqtt://127.0.0.1:${t.integrations.broker!.port}`,
        username: cred.username,
        password: cred.password,
        prefix: cred.topicPrefix,
        udpPort: 0,
        minStatInterval: 1,
        statInterval: 1,
        logDir,
      }),
      { mode: 0o600 },
    );
    agent = await startAgent(loadConfig(file), { echoLog: false });
    // A fresh server (migrations on PGlite) is most of this hook: tens of seconds on a busy machine.
  }, 120_000);

  afterAll(async () => {
    await fwd?.close();
    await agent?.stop();
    await t?.close();
    if (logDir) rmSync(logDir, { recursive: true, force: true });
  });

  it('connects with the gateway credentials: online, link MQTT', async () => {
    const online = await until(
      'status/online',
      () => get('/api/gateway/status/online', { gwID }),
      (o) => o.online === true,
    );
    expect(online).toMatchObject({ online: true, link: 'MQTT' });
    const list = await get('/api/gateway/list', { keyword: gwID });
    expect(list.find((g: { gwID: string }) => g.gwID === gwID)).toMatchObject({ online: true, mqtt: true });
  });

  it('reports this host: CPU and memory in percent (memory as /proc/meminfo says), kernel and host name', async () => {
    const system = await until(
      'status/system',
      () => get('/api/gateway/status/system', { gwID }),
      (s) => typeof s.cpuUsage === 'number' && typeof s.memUsage === 'number',
    );
    const memNow = memUsedNow();
    expect(system.cpuUsage).toBeGreaterThanOrEqual(0);
    expect(system.cpuUsage).toBeLessThanOrEqual(100);
    expect(system.memUsage).toBeGreaterThanOrEqual(0);
    expect(system.memUsage).toBeLessThanOrEqual(100);
    expect(Math.abs(system.memUsage - memNow)).toBeLessThan(5);
    const versions = await get('/api/gateway/status/version/v2', { gwID });
    expect(versions.info).toMatchObject({ kernelVersion: os.release(), hostname: os.hostname() });
    expect(versions.versions).toContainEqual({ name: 'kernel', version: os.release() });
  });

  it('bridges the packet forwarder: its uplink is accepted, the queued downlink leaves in RX1 and its TX_ACK settles it', async () => {
    const queued = await t.call(admin, 'POST', '/api/device/downlink/create', {
      devEUI: d.devEUI,
      fport: 7,
      data: 'c0ffee',
      confirmed: false,
    });
    expect(queued.body.code).toBe(0);

    fwd = await FakeForwarder.open(agent!.forwarder.port, gwID);
    await fwd.pull();
    const tmst = 3_000_000_000; // RX1 is this + 1 s on the concentrator's counter
    const phy = abpSession(d)({ fCnt: 1, fPort: 2, payload: Buffer.from('1234', 'hex') });
    await fwd.push({ rxpk: [rxpkOf(phy, { tmst, rssi: -71, lsnr: 8.5 })] });

    const resp = await fwd.next((x) => x.kind === 'PULL_RESP', 10_000);
    if (resp.kind !== 'PULL_RESP') throw new Error('not a PULL_RESP');
    expect(resp.txpk).toMatchObject({ tmst: tmst + 1_000_000, freq: 868.1, datr: 'SF7BW125', ipol: true });
    const opened = openDataFrame(Buffer.from(resp.txpk.data, 'base64'), {
      nwkSKey: d.nwkSKey,
      appSKey: d.appSKey,
      lastFCnt: null,
    });
    expect(opened.micValid).toBe(true);
    expect(opened.frame.fPort).toBe(7);
    expect(Buffer.from(opened.payload!).toString('hex')).toBe('c0ffee');

    const history = await until(
      'device/history',
      () => get('/api/device/history', { devEUI: d.devEUI }),
      (h) => h.length >= 1,
    );
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ type: 'uplink', data: '1234' });
    expect(history[0].rxInfo).toEqual([expect.objectContaining({ gwID, rssi: -71, snr: 8.5 })]);

    fwd.txAck(resp.token);
    const [down] = await until(
      'downlink/history',
      () => get('/api/device/downlink/history', { devEUI: d.devEUI }),
      (h) => h[0]?.delivery === 'success',
    );
    expect(down).toMatchObject({ fPort: 7, data: 'c0ffee', delivery: 'success', gwID });
  });

  it("keeps the reports in the gateway's status history", async () => {
    const rows = await until(
      'gwstats/history',
      () => get('/api/gwstats/history', { gwID }),
      (r) => r.some((x: { stat: { cpuUsage?: unknown } }) => typeof x.stat.cpuUsage === 'number'),
    );
    const withCpu = rows.filter((x: { stat: { cpuUsage?: unknown } }) => typeof x.stat.cpuUsage === 'number');
    expect(withCpu[0]).toMatchObject({ gwID, stat: { memUsage: expect.any(Number) } });
  });
});
