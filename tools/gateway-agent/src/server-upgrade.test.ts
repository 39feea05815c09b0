import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { API } from '@lns/contract/api/index';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../apps/server/test/harness';
import { freePort } from '../../../apps/server/test/server-process';
import { buildDeb, dpkgRoot, fakeForwarder, forwarderBuild } from '../test/upgrade-fixtures';
import { type Agent, startAgent } from './agent';
import { parseConfig } from './config';
import { STATE_FILE } from './upgrade/state';

const N = 12;
const gwIdOf = (i: number) => `a840411b2c3d60${i.toString(16).padStart(2, '0')}`;

/**
 * Upgrade tasks end to end: twelve real agents (in this process) on the real server's broker, each
 * installing a Debian package built here with dpkg-deb into its own dpkg root, downloaded from the
 * server by its signed address.
 */
describe('upgrade tasks with real agents', () => {
  let t: TestApp;
  let admin: string;
  let dir: string;
  const agents: Agent[] = [];
  const roots: ReturnType<typeof dpkgRoot>[] = [];
  const call = async (method: 'GET' | 'POST', url: string, data?: Record<string, unknown>) =>
    (await t.call(admin, method, url, data)).body;

  async function start(i: number, extra: Record<string, unknown> = {}): Promise<void> {
    const gwID = gwIdOf(i);
    const cred = (await call('GET', API.gateway.mqttInfo.path, { gwID })).data;
    const home = join(dir, `gw${i}`);
    agents.push(
      await startAgent(
        parseConfig({
          gatewayId: gwID,
          server: `mqtt://127.0.0.1:${t.integrations.broker!.port}`,
          username: cred.username,
          password: cred.password,
          prefix: cred.topicPrefix,
          udpPort: 0,
          logDir: home,
          rssh: null,
          upgrade: {
            workDir: join(home, 'work'),
            stateDir: join(home, 'state'),
            deb: roots[i]!.command,
            agentPath: null,
          },
          ...extra,
        }),
        { echoLog: false },
      ),
    );
  }

  async function until<T>(read: () => Promise<T>, ok: (v: T) => boolean, each?: (v: T) => void, ms = 60_000) {
    const end = Date.now() + ms;
    for (;;) {
      const v = await read();
      each?.(v);
      if (ok(v)) return v;
      if (Date.now() > end) throw new Error(`still ${JSON.stringify(v)}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

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
    dir = mkdtempSync(join(os.tmpdir(), 'gw-upgrade-e2e-'));
    expect((await call('POST', API.gatewayType.create.path, { gwType: 'fleetarm', arch: 'arm' })).code).toBe(0);
    for (let i = 0; i < N; i++) {
      const gw = {
        gwID: gwIdOf(i),
        gwName: `fleet-${i}`,
        region: 'eu868',
        subnet: 'eu868-default',
        gwType: 'fleetarm',
        txPower: 0,
      };
      expect((await call('POST', API.gateway.create.path, gw)).code).toBe(0);
      roots.push(dpkgRoot(join(dir, `gw${i}`, 'root')));
    }
    // Gateway 0 has this version already (its agent says so in every report).
    mkdirSync(join(dir, 'gw0', 'state'), { recursive: true });
    writeFileSync(join(dir, 'gw0', 'state', STATE_FILE), JSON.stringify({ deb: 'hello-1.1' }));
    // Gateway 11 is offline at first.
    for (let i = 0; i < N - 1; i++) await start(i);
    t.services.upgrades.start();
  }, 120_000);

  afterAll(async () => {
    for (const a of agents) await a.stop();
    await t?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('installs on every gateway, at most 5 at once, skips the current one and takes the offline one when it comes', async () => {
    const deb = buildDeb(dir, '1.1');
    const file = (await t.services.files.save(deb, 'lns-hello_1.1_all.deb', 1)).file;
    const version = await call('POST', API.debUpgrade.createNewVersion.path, {
      name: 'hello-1.1',
      fileUrl: file.fileUrl,
    });
    const created = await call('POST', API.upgradeTask.create.path, {
      name: 'hello 1.1',
      upgradeType: 1,
      versionId: version.data.id,
      gatewayTypes: ['fleetarm'],
      maxLimit: 5,
    });
    expect(created.code).toBe(0);
    const taskId = created.data.taskId;
    const records = () =>
      call('GET', API.upgradeRecord.listByTaskId.path, { taskId, pageSize: 50 }).then((b) => b.data);
    let most = 0;
    const count = (rs: { state: string }[]) => {
      most = Math.max(most, rs.filter((r) => r.state === 'upgrading').length);
    };
    await until(
      records,
      (rs) => rs.filter((r: { state: string }) => r.state !== 'waiting' && r.state !== 'upgrading').length === N - 1,
      count,
    );
    expect(most).toBeLessThanOrEqual(5);
    await start(N - 1);
    const done = await until(
      () => call('GET', API.upgradeTask.detail.path, { taskId }).then((b) => b.data),
      (d) => d.state === 'completed',
    );
    expect(done.counts).toMatchObject({ completed: N - 1, skipped: 1, error: 0 });
    for (let i = 1; i < N; i++)
      expect(roots[i]!.status()).toContain('Package: lns-hello\nStatus: install ok installed');
    expect(roots[0]!.status()).toBe('');
  }, 120_000);

  it('records a package whose digest does not check out as an error and installs nothing', async () => {
    const deb = buildDeb(dir, '1.2');
    const file = (await t.services.files.save(deb, 'lns-hello_1.2_all.deb', 1)).file;
    // The stored copy goes bad after the version was made (a disk fault): its digest no longer matches.
    const stored = t.services.files.pathOf(file.digest);
    const bad = readFileSync(stored);
    bad[bad.length - 1]! ^= 0xff;
    writeFileSync(stored, bad);
    const version = await call('POST', API.debUpgrade.createNewVersion.path, {
      name: 'hello-1.2',
      fileUrl: file.fileUrl,
    });
    const created = await call('POST', API.upgradeTask.create.path, {
      name: 'hello 1.2',
      upgradeType: 1,
      versionId: version.data.id,
      gatewayTypes: ['fleetarm'],
      maxLimit: 12,
    });
    const done = await until(
      () => call('GET', API.upgradeTask.detail.path, { taskId: created.data.taskId }).then((b) => b.data),
      (d) => d.state === 'abnormal' || d.state === 'completed',
    );
    expect(done.counts).toMatchObject({ error: N });
    const rec = (await call('GET', API.upgradeRecord.list.path, { gatewayId: gwIdOf(3) })).data[0];
    expect(rec).toMatchObject({ version: 'hello-1.2', state: 'error', installStatus: 10 });
    expect(roots[3]!.status()).toContain('Version: 1.1');
  }, 120_000);

  it('rolls a packet forwarder that does not run back to the old one', async () => {
    const pf = fakeForwarder(join(dir, 'pf-gw'));
    const i = N;
    const gwID = gwIdOf(i);
    const gw = { gwID, gwName: `fleet-${i}`, region: 'eu868', subnet: 'eu868-default', gwType: 'fleetarm', txPower: 0 };
    expect((await call('POST', API.gateway.create.path, gw)).code).toBe(0);
    roots.push(dpkgRoot(join(dir, `gw${i}`, 'root')));
    await start(i, {
      commands: { restartPacketForwarder: pf.restart },
      upgrade: {
        workDir: join(dir, `gw${i}`, 'work'),
        stateDir: join(dir, `gw${i}`, 'state'),
        packetForwarderPath: pf.path,
        packetForwarderCheck: pf.check,
        checkS: 2,
        agentPath: null,
      },
    });
    const file = (await t.services.files.save(Buffer.from(forwarderBuild('new', false)), 'lora_pkt_fwd', 1)).file;
    const version = await call('POST', API.packetForwarderUpgrade.createNewVersion.path, {
      name: 'pf-bad',
      fileUrl: file.fileUrl,
      arch: 'arm',
    });
    const created = await call('POST', API.upgradeTask.create.path, {
      name: 'pf bad',
      upgradeType: 3,
      versionId: version.data.id,
      gatewayTypes: ['fleetarm'],
      maxLimit: 20,
    });
    await until(
      () => call('GET', API.upgradeTask.detail.path, { taskId: created.data.taskId }).then((b) => b.data),
      (d) => d.state !== 'waiting' && d.state !== 'upgrading',
    );
    const rec = (await call('GET', API.upgradeRecord.list.path, { gatewayId: gwID })).data[0];
    expect(rec).toMatchObject({ state: 'error', installStatus: 10 });
    expect(rec.error).toMatch(/does not run/);
    expect(readFileSync(pf.path, 'utf8')).toBe(forwarderBuild('old', true));
  }, 120_000);
});
