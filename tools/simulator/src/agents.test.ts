import { existsSync } from 'node:fs';
import { AGENT_PROTOCOL_VERSION, agentResponse, listLogsResult } from '@lns/contract/gateway-agent';
import { scanPoint } from '@lns/contract/gateway-commands';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBroker, type TestBroker } from '../../gateway-agent/test/broker';
import { Subscriber } from '../../gateway-agent/test/subscriber';
import { SimAgents } from './agents';

const gwID = 'a840411b2c3d4e99';
const prefix = 'eu868';

/** A simulated gateway's agent against a real broker: what the console's pages get from it. */
describe('simulated gateway agents', () => {
  let broker: TestBroker;
  let sub: Subscriber;
  let agents: SimAgents;
  let n = 0;
  const topic = (name: string) => `${prefix}/gateway/${gwID}/agent/${name}`;
  const request = async (cmdType: string, extra?: Record<string, unknown>) => {
    const cToken = `sim-${++n}`;
    const from = sub.received.length;
    await sub.publish(topic('request'), { v: AGENT_PROTOCOL_VERSION, cToken, cmdType, extra });
    const end = await sub.next('agent/response', (b) => b.cToken === cToken && b.state !== 'progress', 10_000, from);
    const progress = sub.received
      .slice(from)
      .filter((r) => r.topic.endsWith('agent/response') && r.body.cToken === cToken && r.body.state === 'progress');
    return { end: agentResponse.parse(end.body), progress: progress.length };
  };

  beforeAll(async () => {
    broker = await startBroker({ [gwID]: 'pw', watcher: 'w' });
    sub = await Subscriber.open(broker.url.replace('//', '//watcher:w@'), `${prefix}/gateway/${gwID}/#`);
    agents = new SimAgents();
    const cred = { username: gwID, password: 'pw', url: broker.url, topicPrefix: prefix };
    await agents.start(gwID, cred, undefined, () => {});
  });
  afterAll(async () => {
    await agents?.stop();
    await sub?.close();
    await broker?.close();
  });

  it("scans a simulated noise floor with traffic on the region's uplink channels", async () => {
    const { end, progress } = await request('frequencyScan', {
      frequencyMin: 867_000_000,
      frequencyMax: 869_000_000,
      frequencyStep: 100_000,
    });
    expect(end.state).toBe('done');
    expect(progress).toBeGreaterThanOrEqual(5);
    const points = (end.result as { points: unknown[] }).points.map((p) => scanPoint.parse(p));
    expect(points).toHaveLength(21);
    const at = (mhz: number) => points.find((p) => p.frequency === mhz * 1e6)!;
    expect(at(868.1).rssiMax).toBeGreaterThan(at(869.0).rssiMax + 15);
    expect(at(869.0).rssiAvg).toBeGreaterThanOrEqual(-120);
    expect(at(869.0).rssiAvg).toBeLessThanOrEqual(-105);
  });

  it("has log files and a forwarder configuration for the console's pages", async () => {
    const list = listLogsResult.parse((await request('listLogs', { dir: 'log' })).end.result);
    expect(list.files.map((f) => f.name)).toEqual(['lora/pkt_fwd.log', 'lora/pkt_fwd.log.1', 'messages']);
    expect(listLogsResult.parse((await request('listLogs', { dir: 'rlog' })).end.result).files).toHaveLength(1);
    const read = await request('readLog', { dir: 'log', name: 'messages', offset: 0, length: 4096 });
    expect(Buffer.from((read.end.result as { data: string }).data, 'base64').toString()).toMatch(/CRON/);
    const conf = await request('syncPacketForwarderConfig');
    expect(conf.end.result).toMatchObject({ content: { gateway_conf: { gateway_ID: gwID.toUpperCase() } } });
  });

  it('runs no command on the machine, and no tunnel; the web shell opens after openWssh', async () => {
    for (const cmdType of ['reboot', 'restartPacketForwarder', 'openSSH', 'startRssh']) {
      expect((await request(cmdType, { host: 'h', port: 22, user: 'u', remotePort: 40000 })).end).toMatchObject({
        state: 'error',
        reason: 'unsupported',
      });
    }
    expect((await request('openWssh')).end.state).toBe('done');
    const session = 'sim-shell-1';
    const from = sub.received.length;
    await sub.publish(topic('shell-in'), { v: 1, session, type: 'open', cols: 80, rows: 24 });
    await sub.next('agent/shell-out', (b) => b.session === session && b.type === 'opened', 10_000, from);
    await sub.publish(topic('shell-in'), { v: 1, session, type: 'input', data: 'exit 3\r' });
    const closed = await sub.next('agent/shell-out', (b) => b.session === session && b.type === 'closed', 10_000, from);
    expect(closed.body).toMatchObject({ reason: 'exited', code: 3 });
  });

  it('leaves nothing behind when stopped', async () => {
    const listed = listLogsResult.parse((await request('listLogs', { dir: 'log' })).end.result);
    expect(listed.files.length).toBeGreaterThan(0);
    const conf = (await request('syncPacketForwarderConfig')).end.result as { path: string };
    await agents.stop();
    expect(existsSync(conf.path)).toBe(false);
  });
});
