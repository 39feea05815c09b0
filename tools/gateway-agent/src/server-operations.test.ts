import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { API } from '@lns/contract/api/index';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../apps/server/test/harness';
import { type Agent, startAgent } from './agent';
import { parseConfig } from './config';

/**
 * Gateway remote operations end to end: the real agent connected to the real server's embedded
 * broker with the gateway's credentials, driven through the API as the console does.
 */
describe('remote operations of the real agent through the server', () => {
  let t: TestApp;
  let admin: string;
  let agent: Agent | undefined;
  let dir: string;
  const gwID = 'a840411b2c3d4eb1';
  const offlineGw = 'a840411b2c3d4eb2';
  const agentLog = randomBytes(250 * 1024);
  const call = async (method: 'GET' | 'POST', path: string, data: Record<string, unknown>) =>
    (await t.call(admin, method, path, data)).body;

  beforeAll(async () => {
    t = await createTestApp({ MQTT_PORT: '0', HOST: '127.0.0.1', GATEWAY_COMMAND_TIMEOUT_S: '4' });
    await t.integrations.startMqtt();
    admin = await t.login();
    for (const [id, name] of [
      [gwID, 'ops-agent'],
      [offlineGw, 'ops-agent-off'],
    ] as const) {
      const gw = { gwID: id, gwName: name, region: 'eu868', subnet: 'eu868-default', gwType: 'generic', txPower: 0 };
      expect((await call('POST', API.gateway.create.path, gw)).code).toBe(0);
    }
    const cred = (await call('GET', API.gateway.mqttInfo.path, { gwID })).data;
    dir = mkdtempSync(join(os.tmpdir(), 'gw-ops-'));
    mkdirSync(join(dir, 'log', 'lora'), { recursive: true });
    writeFileSync(join(dir, 'log', 'agent.log'), agentLog);
    writeFileSync(join(dir, 'log', 'lora', 'pkt.log'), 'rx ok\n');
    agent = await startAgent(
      parseConfig({
        gatewayId: gwID,
        server: `mqtt://127.0.0.1:${t.integrations.broker!.port}`,
        username: cred.username,
        password: cred.password,
        prefix: cred.topicPrefix,
        udpPort: 0,
        logDir: dir,
        logDirs: { log: join(dir, 'log'), rlog: null },
        rssh: null,
        // What runs for each command on this "gateway": harmless stand-ins that say what they got.
        commands: {
          reboot: 'echo "reboot $LNS_C_TOKEN"',
          openSSH: 'exit 100',
          restartPacketForwarder: 'echo "unit lora-pkt-fwd not found" >&2; exit 5',
          closeWeb: 'sleep 30',
        },
      }),
      {
        echoLog: false,
        scanner: async (job) => {
          job.progress(50);
          return job.frequencies.map((frequency, i) => ({
            frequency,
            rssiAvg: -115 + i,
            rssiMin: -120,
            rssiMax: -100,
          }));
        },
      },
    );
    for (;;) {
      if ((await call('GET', API.gateway.statusOnline.path, { gwID })).data?.online) break;
      await new Promise((r) => setTimeout(r, 20));
    }
  }, 120_000);

  afterAll(async () => {
    await agent?.stop();
    await t?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('runs a command: the agent gets it and answers under the same cToken', async () => {
    const res = await call('POST', API.gatewayCommand.create.path, {
      gwID,
      cmdType: 'reboot',
      cToken: 'reboot-token-1',
    });
    expect(res).toMatchObject({ code: 0, data: { cToken: 'reboot-token-1', state: 'done' } });
    expect(res.data.result).toMatchObject({ code: 0, stdout: 'reboot reboot-token-1' });
    const sys = await call('POST', API.gatewayCommand.syncSystemInfo.path, { gatewayId: gwID });
    expect(sys).toMatchObject({ code: 0, data: { state: 'done', result: { reported: true } } });
  });

  it('answers 12007, 12002 with the gateway’s words, and 12008 while a command runs', async () => {
    expect((await call('POST', API.gatewayCommand.openSSH.path, { gatewayId: gwID })).code).toBe(12007);
    const failed = await call('POST', API.gatewayCommand.restartPacketForwarder.path, { gatewayId: gwID });
    expect(failed.code).toBe(12002);
    expect(failed.msg).toContain('lora-pkt-fwd not found');
    expect(failed.data).toMatchObject({ state: 'error', result: { code: 5 } });

    const slow = call('POST', API.gatewayCommand.closeWeb.path, { gatewayId: gwID });
    let busy: number | undefined;
    for (let i = 0; i < 100 && busy !== 12008; i++) {
      busy = (await call('POST', API.gatewayCommand.reboot.path, { gatewayId: gwID })).code;
    }
    expect(busy).toBe(12008);
    // The agent ends it before the server stops waiting, and says so.
    const ended = await slow;
    expect(ended.code).toBe(12002);
    expect(ended.msg).toContain('timed out');
  });

  it('answers an offline gateway with 12003 at once', async () => {
    const started = Date.now();
    expect((await call('POST', API.gatewayCommand.reboot.path, { gatewayId: offlineGw })).code).toBe(12003);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('lists the gateway’s log files and downloads one byte for byte', async () => {
    const list = await call('GET', API.gatewayLog.list.path, { gateway_id: gwID, log_file_dir: '/var/log/' });
    expect(list.data.files.map((f: { logName: string; logSize: number }) => [f.logName, f.logSize])).toEqual([
      ['agent.log', 250],
      ['lora/pkt.log', 0],
    ]);
    const res = await t.app.inject({
      method: 'GET',
      url: API.gatewayLog.download.path,
      query: { gateway_id: gwID, log_file_dir: '/var/log/', logName: 'agent.log' },
      headers: { 'x-access-token': admin },
    });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(agentLog)).toBe(true);
    const rlog = await call('GET', API.gatewayLog.list.path, { gateway_id: gwID, log_file_dir: '/var/rlog/' });
    expect(rlog.code).toBe(12002);
  });

  it('runs a noise scan and keeps its points', async () => {
    const range = { frequencyMin: 868_000_000, frequencyMax: 868_400_000, frequencyStep: 200_000 };
    const started = await call('POST', API.frequencyScan.start.path, { gatewayId: gwID, ...range });
    expect(started.code).toBe(0);
    let latest: any;
    for (let i = 0; i < 200 && !latest; i++) {
      latest = (await call('GET', API.frequencyScan.latestRecord.path, { gatewayId: gwID })).data;
      if (!latest) await new Promise((r) => setTimeout(r, 25));
    }
    expect(latest).toMatchObject({ id: started.data.id, state: 'done' });
    expect(latest.points.map((p: { frequency: number }) => p.frequency)).toEqual([
      868_000_000, 868_200_000, 868_400_000,
    ]);
  });
});
