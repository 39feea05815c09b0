import { createHash, randomBytes } from 'node:crypto';
import { API } from '@lns/contract/api/index';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeAgent, type Request } from '../../../test/fake-agent';
import { createTestApp, type TestApp } from '../../../test/harness';
import { listen } from '../../../test/stream-client';

const gwIdOf = (i: number) => `a840411b2c3d50${i.toString(16).padStart(2, '0')}`;
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/**
 * Upgrade tasks run by the server against gateway agents played by the test from
 * docs/protocols/gateway-agent.md (Upgrades): each downloads the package from its signed address
 * over HTTP, checks its digest and answers as an agent does.
 */
describe('upgrade tasks over a fleet of agents', () => {
  let t: TestApp;
  let admin: string;
  let base: string;
  const agents = new Map<string, FakeAgent>();
  const pkg = randomBytes(40_000);
  let inFlight = 0;
  let maxInFlight = 0;
  const call = async (method: 'GET' | 'POST', url: string, data?: Record<string, unknown>) =>
    (await t.call(admin, method, url, data)).body;

  /** What an agent does with an upgrade request; gateway 1 gets a corrupted package. */
  async function upgrade(agent: FakeAgent, gwID: string, r: Request): Promise<void> {
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    try {
      await agent.respond(r.cToken, {
        state: 'progress',
        progress: 0,
        result: { installStatus: 2, phase: 'downloading' },
      });
      const u = new URL(r.extra!.url);
      const res = await fetch(new URL(`${u.pathname}${u.search}`, base));
      let body = Buffer.from(await res.arrayBuffer());
      if (gwID === gwIdOf(1)) body = Buffer.concat([body, Buffer.from('x')]);
      // Long enough that the runner's limit shows.
      await new Promise((resolve) => setTimeout(resolve, 150));
      if (sha(body) !== r.extra!.digest) {
        await agent.respond(r.cToken, { state: 'error', error: 'digest mismatch', result: { installStatus: 10 } });
        return;
      }
      await agent.respond(r.cToken, { state: 'done', result: { installStatus: 9, version: r.extra!.version } });
      if (r.extra!.restartAfterInstall) await agent.report({ [`upgrade:${r.extra!.kind}`]: r.extra!.version });
    } finally {
      inFlight--;
    }
  }

  async function connect(i: number): Promise<FakeAgent> {
    const gwID = gwIdOf(i);
    const agent = await FakeAgent.connect(t, admin, gwID);
    agent.onRequest = (r) => {
      if (r.cmdType === 'upgrade') void upgrade(agent, gwID, r);
    };
    agents.set(gwID, agent);
    return agent;
  }

  async function until<T>(read: () => Promise<T>, ok: (v: T) => boolean, ms = 30_000): Promise<T> {
    const end = Date.now() + ms;
    for (;;) {
      const v = await read();
      if (ok(v)) return v;
      if (Date.now() > end) throw new Error(`still ${JSON.stringify(v)}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  beforeAll(async () => {
    t = await createTestApp({ MQTT_PORT: '0', HOST: '127.0.0.1' });
    await t.integrations.startMqtt();
    admin = await t.login();
    base = (await listen(t)).replace('ws:', 'http:');
    expect((await call('POST', API.gatewayType.create.path, { gwType: 'fleet', arch: 'arm' })).code).toBe(0);
    for (let i = 0; i < 12; i++) {
      const gw = {
        gwID: gwIdOf(i),
        gwName: `fleet-${i}`,
        region: 'eu868',
        subnet: 'eu868-default',
        gwType: 'fleet',
        txPower: 0,
      };
      expect((await call('POST', API.gateway.create.path, gw)).code).toBe(0);
    }
    // Gateway 11 stays offline for now.
    for (let i = 0; i < 11; i++) await connect(i);
    await agents.get(gwIdOf(0))!.report({ 'upgrade:packetForwarder': 'pf-9' });
    t.services.upgrades.start();
  }, 120_000);

  afterAll(async () => {
    for (const a of agents.values()) await a.close();
    await t?.close();
  });

  it('upgrades at most maxLimit at once, skips the current one, records a bad download, and takes the offline one when it comes', async () => {
    const file = (await t.services.files.save(pkg, 'lora_pkt_fwd', 1)).file;
    const version = await call('POST', API.packetForwarderUpgrade.createNewVersion.path, {
      name: 'pf-9',
      fileUrl: file.fileUrl,
      arch: 'arm',
    });
    const created = await call('POST', API.upgradeTask.create.path, {
      name: 'fleet to pf-9',
      upgradeType: 3,
      versionId: version.data.id,
      gatewayTypes: ['fleet'],
      maxLimit: 5,
    });
    expect(created.code).toBe(0);
    const taskId = created.data.taskId;
    const detail = () => call('GET', API.upgradeTask.detail.path, { taskId }).then((b) => b.data);

    // Everything but the offline gateway is over; the task is not, it waits for that one.
    const before = await until(detail, (d) => d.counts.completed + d.counts.skipped + d.counts.error === 11);
    expect(before).toMatchObject({ state: 'upgrading', counts: { completed: 9, skipped: 1, error: 1, waiting: 1 } });
    expect(maxInFlight).toBeLessThanOrEqual(5);
    expect(maxInFlight).toBeGreaterThan(1);

    await connect(11);
    const after = await until(detail, (d) => d.state !== 'upgrading');
    expect(after).toMatchObject({ state: 'abnormal', counts: { completed: 10, skipped: 1, error: 1 } });

    const records = (await call('GET', API.upgradeRecord.listByTaskId.path, { taskId, pageSize: 50 })).data;
    const of = (i: number) => records.find((r: { gatewayId: string }) => r.gatewayId === gwIdOf(i));
    expect(of(0)).toMatchObject({ state: 'skipped', installStatus: 13, fromVersion: 'pf-9' });
    expect(of(1)).toMatchObject({ state: 'error', installStatus: 10, error: 'digest mismatch', tries: 1 });
    expect(of(2)).toMatchObject({ state: 'completed', installStatus: 11, progress: 100, tries: 1 });
    expect(of(11)).toMatchObject({ state: 'completed' });
    // Every upgrade sent is also in the gateway's command record.
    const cmds = await call('GET', API.gatewayCommand.list.path, { gatewayId: gwIdOf(2), cmdType: 'upgrade' });
    expect(cmds.data[0]).toMatchObject({ state: 'done', userName: 'task fleet to pf-9' });
  }, 90_000);

  it('waits for a restarted gateway to come back with the version before calling it completed', async () => {
    const file = (await t.services.files.save(randomBytes(5000), 'tools_1.1_armhf.deb', 1)).file;
    const version = await call('POST', API.debUpgrade.createNewVersion.path, {
      name: 'tools-1.1',
      fileUrl: file.fileUrl,
      restartAfterInstall: true,
    });
    const created = await call('POST', API.upgradeTask.create.path, {
      name: 'tools 1.1',
      upgradeType: 1,
      versionId: version.data.id,
      gatewayTypes: ['fleet'],
      maxLimit: 12,
    });
    const taskId = created.data.taskId;
    const done = await until(
      () => call('GET', API.upgradeTask.detail.path, { taskId }).then((b) => b.data),
      (d) => d.state !== 'upgrading' && d.state !== 'waiting',
    );
    // Gateway 1's downloads are corrupted: one error; the others rebooted and came back.
    expect(done).toMatchObject({ state: 'abnormal', counts: { completed: 11, error: 1 } });
    const rec = (await call('GET', API.upgradeRecord.list.path, { gatewayId: gwIdOf(3) })).data[0];
    expect(rec).toMatchObject({ taskName: 'tools 1.1', state: 'completed', installStatus: 11 });
  }, 90_000);
});
