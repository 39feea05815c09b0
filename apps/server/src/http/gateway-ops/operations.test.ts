import { randomBytes } from 'node:crypto';
import { API } from '@lns/contract/api/index';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeAgent, type Request } from '../../../test/fake-agent';
import { createTestApp, type TestApp } from '../../../test/harness';

const GW = 'a840411b2c3d4e01';
const OFFLINE_GW = 'a840411b2c3d4e02';
const gateway = (gwID: string, gwName: string) => ({
  gwID,
  gwName,
  region: 'eu868',
  subnet: 'eu868-default',
  gwType: 'generic',
  txPower: 0,
});

/**
 * Gateway commands, log files and noise scans through the API, with the gateway's agent played by
 * the test from docs/protocols/gateway-agent.md over the embedded broker.
 */
describe('gateway remote operations', () => {
  let t: TestApp;
  let admin: string;
  let agent: FakeAgent;
  const logs: Record<string, Buffer> = {
    'agent.log': randomBytes(150 * 1024),
    'big.log': randomBytes(300 * 1024),
  };

  const call = (method: 'GET' | 'POST', path: string, data: Record<string, unknown>, token = admin) =>
    t.call(token, method, path, data);
  const records = async (gatewayId: string) => (await call('GET', API.gatewayCommand.list.path, { gatewayId })).body;

  beforeAll(async () => {
    t = await createTestApp({
      MQTT_PORT: '0',
      HOST: '127.0.0.1',
      GATEWAY_COMMAND_TIMEOUT_S: '3',
      LOG_DOWNLOAD_MAX_MB: '0.2',
      RSSH_PORT: '2222',
    });
    await t.integrations.startMqtt();
    admin = await t.login();
    for (const [id, name] of [
      [GW, 'ops-online'],
      [OFFLINE_GW, 'ops-offline'],
    ]) {
      expect((await call('POST', API.gateway.create.path, gateway(id!, name!))).body.code).toBe(0);
    }
    agent = await FakeAgent.connect(t, admin, GW);
    // What the fake agent answers by itself; tests that need another answer replace it.
    agent.onRequest = (r) => void answer(r);
    for (;;) {
      const online = (await call('GET', API.gateway.statusOnline.path, { gwID: GW })).body.data;
      if (online?.online) break;
      await new Promise((r) => setTimeout(r, 20));
    }
  }, 120_000);

  afterAll(async () => {
    await agent?.close();
    await t?.close();
  });

  /** While set, a scan's request is handed here instead of being answered. */
  let scanHeld: ((r: Request) => void) | undefined;
  const pointsOf = (x: { frequencyMin: number; frequencyMax: number; frequencyStep: number }) =>
    Array.from({ length: Math.floor((x.frequencyMax - x.frequencyMin) / x.frequencyStep) + 1 }, (_, i) => ({
      frequency: x.frequencyMin + i * x.frequencyStep,
      rssiAvg: -110 + i,
      rssiMin: -120,
      rssiMax: -100 + i,
    }));

  async function answer(r: Request): Promise<void> {
    if (r.cmdType === 'listLogs') {
      const files =
        r.extra!.dir === 'log' ? Object.entries(logs).map(([name, b]) => ({ name, size: b.length, mtime: 1 })) : [];
      await agent.respond(r.cToken, { state: 'done', result: { files } });
    } else if (r.cmdType === 'readLog') {
      const b = logs[r.extra!.name]!;
      const data = b.subarray(r.extra!.offset, r.extra!.offset + r.extra!.length);
      await agent.respond(r.cToken, {
        state: 'done',
        result: { data: data.toString('base64'), size: b.length, eof: r.extra!.offset + data.length >= b.length },
      });
    } else if (r.cmdType === 'reboot') {
      await agent.respond(r.cToken, { state: 'progress', progress: 0 });
      await agent.respond(r.cToken, {
        state: 'done',
        result: { code: 0, stdout: 'rebooting', stderr: '', truncated: false },
      });
    } else if (r.cmdType === 'openSSH') {
      await agent.respond(r.cToken, { state: 'error', error: 'ssh runs already', reason: 'notNeeded' });
    } else if (r.cmdType === 'restartPacketForwarder') {
      await agent.respond(r.cToken, { state: 'error', error: 'exit code 5: unit lora-pkt-fwd not found' });
    } else if (r.cmdType === 'frequencyScan') {
      if (scanHeld) return scanHeld(r);
      await agent.respond(r.cToken, { state: 'progress', progress: 0 });
      await agent.respond(r.cToken, { state: 'done', result: { points: pointsOf(r.extra as never) } });
    } else if (r.cmdType === 'startRssh' || r.cmdType === 'queryRssh') {
      await agent.respond(r.cToken, { state: 'done', result: { running: true, ...r.extra } });
    }
    // Anything else: no answer (the timeout test).
  }

  it('runs a command on the agent and records its answer under the same cToken', async () => {
    const res = await call('POST', API.gatewayCommand.reboot.path, { gatewayId: GW });
    expect(res.body.code).toBe(0);
    const sent = agent.requests.find((r) => r.cmdType === 'reboot')!;
    expect(sent).toMatchObject({ v: 1, cmdType: 'reboot' });
    expect(sent.timeoutS).toBeLessThan(3);
    expect(res.body.data).toMatchObject({
      gatewayId: GW,
      cmdType: 'reboot',
      cToken: sent.cToken,
      state: 'done',
      userName: 'admin',
      result: { stdout: 'rebooting' },
    });
    const list = await records(GW);
    expect(list.data[0]).toMatchObject({ cToken: sent.cToken, state: 'done' });
  });

  it('takes the caller’s cToken on /api/gwcmd/create and refuses it a second time (12103)', async () => {
    const body = { gwID: GW, cmdType: 'reboot', cToken: 'console-token-0001' };
    const first = await call('POST', API.gatewayCommand.create.path, body);
    expect(first.body).toMatchObject({ code: 0, data: { cToken: 'console-token-0001', state: 'done' } });
    expect(agent.requests.some((r) => r.cToken === 'console-token-0001')).toBe(true);
    expect((await call('POST', API.gatewayCommand.create.path, body)).body).toMatchObject({
      code: 12103,
      field: 'cToken',
    });
    const bad = await call('POST', API.gatewayCommand.create.path, { gwID: GW, cmdType: 'format-disk' });
    expect(bad.body).toMatchObject({ code: 1007, field: 'cmdType' });
  });

  it('maps the agent’s refusals: 12007 need not run, 12002 with the gateway’s words, 12101 without an answer', async () => {
    const skipped = await call('POST', API.gatewayCommand.openSSH.path, { gatewayId: GW });
    expect(skipped.body.code).toBe(12007);
    expect(skipped.body.data).toMatchObject({ cmdType: 'openSSH', state: 'skipped', error: 'ssh runs already' });
    expect(skipped.body.msg).toContain('ssh runs already');
    const failed = await call('POST', API.gatewayCommand.restartPacketForwarder.path, { gatewayId: GW });
    expect(failed.body.code).toBe(12002);
    expect(failed.body.msg).toContain('lora-pkt-fwd not found');
    const silent = await call('POST', API.gatewayCommand.closeWeb.path, { gatewayId: GW });
    expect(silent.body).toMatchObject({ code: 12101, data: { state: 'timeout' } });
    const states = (await records(GW)).data.map((r: { cmdType: string; state: string }) => `${r.cmdType}:${r.state}`);
    expect(states.slice(0, 3)).toEqual(['closeWeb:timeout', 'restartPacketForwarder:error', 'openSSH:skipped']);
  });

  it('answers 12008 while a command runs, but still answers a query', async () => {
    agent.onRequest = (r) => {
      if (r.cmdType !== 'restartBridge') void answer(r);
    };
    const slow = call('POST', API.gatewayCommand.restartBridge.path, { gatewayId: GW });
    const held = await agent.next<Request>((m) => m.cmdType === 'restartBridge');
    const busy = await call('POST', API.gatewayCommand.reboot.path, { gatewayId: GW });
    expect(busy.body.code).toBe(12008);
    expect((await call('GET', API.gatewayCommand.queryRssh.path, { gatewayId: GW })).body.code).toBe(0);
    await agent.respond(held.cToken, { state: 'done', result: { code: 0 } });
    expect((await slow).body).toMatchObject({ code: 0, data: { state: 'done' } });
    agent.onRequest = (r) => void answer(r);
    expect((await call('POST', API.gatewayCommand.reboot.path, { gatewayId: GW })).body.code).toBe(0);
  });

  it('refuses an offline gateway at once with 12003 and records nothing', async () => {
    const started = Date.now();
    const res = await call('POST', API.gatewayCommand.reboot.path, { gatewayId: OFFLINE_GW });
    expect(res.body.code).toBe(12003);
    expect(Date.now() - started).toBeLessThan(2000);
    expect((await records(OFFLINE_GW)).amount).toBe(0);
    expect((await call('POST', API.gatewayCommand.reboot.path, { gatewayId: 'a840411b2c3d4eff' })).body.code).toBe(
      5001,
    );
  });

  it('refuses garbage naming the field, and common users with 1010', async () => {
    expect((await call('POST', API.gatewayCommand.reboot.path, { gatewayId: 'zz' })).body).toMatchObject({
      code: 1007,
      field: 'gatewayId',
    });
    expect((await call('POST', API.gatewayCommand.reboot.path, {})).body.field).toBe('gatewayId');
    const big = { gatewayId: GW, extra: { blob: 'x'.repeat(5000) } };
    expect((await call('POST', API.gatewayCommand.reboot.path, big)).body).toMatchObject({
      code: 1007,
      field: 'extra',
    });
    const { token } = await t.userWithToken('ops-user');
    expect((await call('POST', API.gatewayCommand.reboot.path, { gatewayId: GW }, token)).body.code).toBe(1010);
    expect((await call('GET', API.gatewayCommand.list.path, {}, token)).body.code).toBe(1010);
  });

  it('fills the reverse SSH tunnel from RSSH_* and refuses it without a host', async () => {
    const noHost = await call('POST', API.gatewayCommand.startRssh.path, { gatewayId: GW, extra: { user: 'tunnel' } });
    expect(noHost.body).toMatchObject({ code: 1007, field: 'extra.host' });
    const badPort = await call('POST', API.gatewayCommand.startRssh.path, {
      gatewayId: GW,
      extra: { host: 'jump.example.com', user: 'tunnel', remotePort: 80 },
    });
    expect(badPort.body).toMatchObject({ code: 1007, field: 'extra.remotePort' });
    const res = await call('POST', API.gatewayCommand.startRssh.path, {
      gatewayId: GW,
      extra: { host: 'jump.example.com', user: 'tunnel' },
    });
    expect(res.body.code).toBe(0);
    const sent = agent.requests.filter((r) => r.cmdType === 'startRssh').pop()!;
    expect(sent.extra).toMatchObject({ host: 'jump.example.com', user: 'tunnel', port: 2222 });
    expect(sent.extra!.remotePort).toBeGreaterThanOrEqual(20000);
    expect(sent.extra!.remotePort).toBeLessThanOrEqual(29999);
  });

  it('lists log files in KB and downloads one byte for byte through the server', async () => {
    const list = await call('GET', API.gatewayLog.list.path, { gateway_id: GW, log_file_dir: '/var/log/' });
    expect(list.body.data.files).toEqual([
      { logName: 'agent.log', logSize: 150, modifiedAt: 1 },
      { logName: 'big.log', logSize: 300, modifiedAt: 1 },
    ]);
    const rlog = await call('GET', API.gatewayLog.list.path, { gateway_id: GW, log_file_dir: '/var/rlog' });
    expect(rlog.body.data.files).toEqual([]);
    const res = await t.app.inject({
      method: 'GET',
      url: API.gatewayLog.download.path,
      query: { gateway_id: GW, log_file_dir: '/var/log/', logName: 'agent.log' },
      headers: { 'x-access-token': admin },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('agent.log');
    expect(res.rawPayload.equals(logs['agent.log']!)).toBe(true);
    const reads = agent.requests.filter((r) => r.cmdType === 'readLog');
    expect(reads.length).toBe(2);
    const rec = (await records(GW)).data.find((r: { cmdType: string }) => r.cmdType === 'logDownload');
    expect(rec).toMatchObject({ state: 'done', result: { size: 150 * 1024 }, extra: { logName: 'agent.log' } });

    const tooBig = await call('GET', API.gatewayLog.download.path, {
      gateway_id: GW,
      log_file_dir: '/var/log/',
      logName: 'big.log',
    });
    expect(tooBig.body).toMatchObject({ code: 12102, field: 'logName' });
    const traversal = await call('GET', API.gatewayLog.download.path, {
      gateway_id: GW,
      log_file_dir: '/var/log/',
      logName: '../../etc/passwd',
    });
    expect(traversal.body).toMatchObject({ code: 1007, field: 'logName' });
    const otherDir = await call('GET', API.gatewayLog.list.path, { gateway_id: GW, log_file_dir: '/etc/' });
    expect(otherDir.body).toMatchObject({ code: 1007, field: 'log_file_dir' });
  });

  describe('noise scans', () => {
    const range = { frequencyMin: 867_000_000, frequencyMax: 868_000_000, frequencyStep: 200_000 };

    it('starts a scan, shows it running with its progress, then keeps its points', async () => {
      let held: Request | undefined;
      scanHeld = (r) => {
        held = r;
        void agent.respond(r.cToken, { state: 'progress', progress: 0 });
      };
      const start = await call('POST', API.frequencyScan.start.path, { gatewayId: GW, ...range });
      expect(start.body).toMatchObject({ code: 0, data: { gatewayId: GW, state: 'running', ...range } });
      expect(held?.extra).toEqual(range);
      const running = await call('GET', API.frequencyScan.status.path, { gatewayId: GW });
      expect(running.body.data).toMatchObject({ scanning: true, latest: { id: start.body.data.id } });
      expect((await call('POST', API.gatewayCommand.reboot.path, { gatewayId: GW })).body.code).toBe(12008);
      await agent.respond(held!.cToken, { state: 'progress', progress: 60 });
      await agent.respond(held!.cToken, { state: 'done', result: { points: pointsOf(range) } });
      scanHeld = undefined;
      // The command shows done a moment before the scan's own row has its points and 100 %.
      let latest: any;
      for (let i = 0; i < 100 && latest?.progress !== 100; i++) {
        latest = (await call('GET', API.frequencyScan.latestRecord.path, { gatewayId: GW })).body.data;
        if (latest?.progress !== 100) await new Promise((r) => setTimeout(r, 20));
      }
      expect(latest).toMatchObject({ id: start.body.data.id, state: 'done', progress: 100, userName: 'admin' });
      expect(latest.points).toHaveLength(6);
      expect(latest.points[0]).toEqual({ frequency: 867_000_000, rssiAvg: -110, rssiMin: -120, rssiMax: -100 });
      const one = await call('GET', API.frequencyScan.query.path, { id: start.body.data.id });
      expect(one.body.data.points).toHaveLength(6);
      const list = await call('GET', API.frequencyScan.list.path, { gatewayId: GW });
      expect(list.body.amount).toBe(1);
      expect(list.body.data[0].points).toBeUndefined();
      const rec = (await records(GW)).data.find((r: { cmdType: string }) => r.cmdType === 'frequencyScan');
      expect(rec).toMatchObject({ state: 'done' });
    });

    it('says at once why a gateway cannot scan (12002) and checks the range', async () => {
      scanHeld = (r) =>
        void agent.respond(r.cToken, { state: 'error', error: 'no SX1302/SX1303 concentrator', reason: 'unsupported' });
      const refused = await call('POST', API.frequencyScan.start.path, { gatewayId: GW, ...range });
      scanHeld = undefined;
      expect(refused.body.code).toBe(12002);
      expect(refused.body.msg).toContain('no SX1302');
      const down = await call('POST', API.frequencyScan.start.path, {
        gatewayId: GW,
        ...range,
        frequencyMax: 866_000_000,
      });
      expect(down.body).toMatchObject({ code: 1007, field: 'frequencyMax' });
      const many = await call('POST', API.frequencyScan.start.path, {
        gatewayId: GW,
        ...range,
        frequencyStep: 25_000,
        frequencyMax: 900_000_000,
      });
      expect(many.body).toMatchObject({ code: 1007, field: 'frequencyStep' });
      const offline = await call('POST', API.frequencyScan.start.path, { gatewayId: OFFLINE_GW, ...range });
      expect(offline.body.code).toBe(12003);
    });

    it('lets a common user scan its own gateways only', async () => {
      const { token } = await t.userWithToken('scan-user');
      expect((await call('POST', API.frequencyScan.start.path, { gatewayId: GW, ...range }, token)).body.code).toBe(
        5001,
      );
      expect((await call('GET', API.frequencyScan.list.path, {}, token)).body).toMatchObject({
        code: 0,
        amount: 0,
      });
      const id = (await call('GET', API.frequencyScan.list.path, {})).body.data[0].id;
      expect((await call('GET', API.frequencyScan.query.path, { id }, token)).body.code).toBe(5001);
    });
  });
});
