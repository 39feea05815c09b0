import { existsSync, readFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { agentReport } from '@lns/contract/gateway-agent';
import { afterEach, describe, expect, it } from 'vitest';
import { type Rig, startRig } from '../test/agent';
import { Subscriber } from '../test/subscriber';
import { parseMeminfo } from './host/memory';
import { LOG_NAME } from './log';

/** What `free` would say now: (MemTotal − MemAvailable) / MemTotal. */
function memUsedNow(): number {
  const m = parseMeminfo(readFileSync('/proc/meminfo', 'utf8'));
  return ((m.MemTotal! - m.MemAvailable!) / m.MemTotal!) * 100;
}

describe('agent protocol (real broker)', () => {
  let rig: Rig;
  afterEach(() => rig?.close());

  it('says ONLINE (retained) on connect, then sends a Report of this host', async () => {
    rig = await startRig();
    const online = await rig.sub.next('state/conn');
    expect(online).toMatchObject({ body: { gatewayId: rig.gw, state: 'ONLINE' }, retain: false });
    const { body } = await rig.sub.next('agent/report');
    const memNow = memUsedNow();
    const report = agentReport.parse(body);
    expect(report.system?.cpuUsage).toBeGreaterThanOrEqual(0);
    expect(report.system?.cpuUsage).toBeLessThanOrEqual(100);
    expect(Math.abs(report.system!.memUsage! - memNow)).toBeLessThan(5);
    expect(report.system?.rootDiskUsage).toBeGreaterThan(0);
    expect(report.system?.logDiskUsage).toBeGreaterThan(0);
    expect(report.info?.kernelVersion).toBe(os.release());
    expect(report.info?.hostname).toBe(os.hostname());
    expect(report.info?.arch).toBe(os.arch());
    expect(report.info?.bridgeVersion).toBe('agent 1.0.0');
    expect(Math.abs(report.info!.uptime! - os.uptime())).toBeLessThan(5);
    expect(report.network?.nwkDelay).toBeGreaterThanOrEqual(0);
    const nics = Object.entries(os.networkInterfaces()).filter(([, a]) => a?.some((x) => !x.internal));
    for (const [name, addrs] of nics) {
      expect(report.network?.interfaces).toContainEqual({
        name,
        mac: addrs![0]!.mac,
        addresses: addrs!.map((a) => a.cidr),
      });
    }
    expect(report.packetForwarder).toMatchObject({
      running: false,
      udpPort: rig.agent.forwarder.port,
      lastPushAt: null,
    });
    // Retained: a subscriber that comes later still learns the state; the will is retained too.
    const late = await Subscriber.open(rig.broker.url.replace('//', '//watcher:w@'), rig.topic('state', 'conn'));
    expect(await late.next('state/conn')).toMatchObject({ body: { state: 'ONLINE' }, retain: true });
    await late.close();
    expect(rig.broker.connects.find((c) => c.clientId === `gw-agent-${rig.gw}`)?.will).toMatchObject({
      topic: rig.topic('state', 'conn'),
      retain: true,
      qos: 1,
    });
  });

  it('applies a config: the new stat interval, the log file, a reconnection with the new keep-alive', async () => {
    rig = await startRig({ statInterval: 1800 });
    await rig.sub.next('agent/report');
    const before = rig.sub.received.length;
    await rig.sub.publish(rig.topic('agent', 'config'), {
      v: 1,
      mqttKeepAlive: 30,
      statInterval: 1,
      enableBridgeLogToFile: true,
    });
    // The reconnection says ONLINE again; then reports come every second.
    await rig.sub.next('state/conn', (b) => b.state === 'ONLINE', 10_000, before);
    const first = await rig.sub.next('agent/report', () => true, 5000, before);
    const at = rig.sub.received.indexOf(first) + 1;
    await rig.sub.next('agent/report', () => true, 3000, at);
    expect(rig.agent.statInterval).toBe(1);
    const agentConnects = rig.broker.connects.filter((c) => c.clientId === `gw-agent-${rig.gw}`);
    expect(agentConnects.map((c) => [c.keepalive, c.username])).toEqual([
      [10, rig.gw],
      [30, rig.gw],
    ]);
    const file = join(rig.logDir, LOG_NAME);
    expect(existsSync(file)).toBe(true);
    expect(readFileSync(file, 'utf8')).toMatch(/log file on/);
    const last = await rig.sub.next('agent/report', (b) => (b.system as { logName?: string }).logName === LOG_NAME);
    expect((last.body.system as { logSize: number }).logSize).toBeGreaterThanOrEqual(0);

    // Off again: nothing more is written, and the report stops naming the file.
    const n = rig.sub.received.length;
    await rig.sub.publish(rig.topic('agent', 'config'), {
      v: 1,
      mqttKeepAlive: 30,
      statInterval: 1,
      enableBridgeLogToFile: false,
    });
    const size = () => readFileSync(file, 'utf8').length;
    await rig.sub.next('agent/report', (b) => (b.system as { logName?: string }).logName === undefined, 5000, n);
    const s = size();
    await rig.agent.reportNow();
    rig.agent.log.info('not in the file');
    expect(size()).toBe(s);
  });

  it('clamps the stat interval to 300–1800 s without minStatInterval, and ignores another version', async () => {
    rig = await startRig({ minStatInterval: 300 });
    await rig.sub.next('agent/report');
    await rig.sub.publish(rig.topic('agent', 'config'), {
      v: 2,
      mqttKeepAlive: 10,
      statInterval: 900,
      enableBridgeLogToFile: false,
    });
    await rig.sub.publish(rig.topic('agent', 'config'), {
      v: 1,
      mqttKeepAlive: 10,
      statInterval: 5,
      enableBridgeLogToFile: false,
    });
    await new Promise((r) => setTimeout(r, 300));
    expect(rig.agent.statInterval).toBe(300);
  });

  it('answers requests: sync → a report and done; a command → its output; unconfigured and unknown → unsupported', async () => {
    rig = await startRig({
      commands: {
        openWeb: 'echo hi',
        closeWeb: 'echo oops >&2; exit 3',
        openSSH: 'echo running; exit 100',
        reboot: null,
        openSerial: null,
      },
    });
    await rig.sub.next('agent/report');

    const from = rig.sub.received.length;
    expect((await rig.request('syncSystemInfo')).end).toMatchObject({ state: 'done', result: { reported: true } });
    await rig.sub.next('agent/report', () => true, 1000, from);

    const hi = await rig.request('openWeb');
    expect(hi.end).toMatchObject({ v: 1, state: 'done', result: { code: 0, stdout: 'hi' } });
    expect(hi.progress.map((p) => p.progress)).toEqual([0]);

    const fail = await rig.request('closeWeb');
    expect(fail.end).toMatchObject({ state: 'error', error: 'exit code 3: oops', result: { code: 3, stderr: 'oops' } });
    expect(fail.end.reason).toBeUndefined();

    expect((await rig.request('openSSH')).end).toMatchObject({
      state: 'error',
      reason: 'notNeeded',
      error: 'running',
      result: { code: 100, stdout: 'running' },
    });
    for (const cmdType of ['reboot', 'openSerial']) {
      expect((await rig.request(cmdType)).end).toMatchObject({
        state: 'error',
        error: 'not configured on this gateway',
        reason: 'unsupported',
      });
    }
    expect((await rig.request('selfDestruct')).end).toMatchObject({
      state: 'error',
      error: 'unknown command',
      reason: 'unsupported',
    });
  });

  it('runs a request once when it comes twice (same cToken)', async () => {
    rig = await startRig({ commands: { openWeb: 'echo once' } });
    await rig.sub.next('agent/report');
    const msg = { v: 1, cToken: 'twice', cmdType: 'openWeb' };
    await rig.sub.publish(rig.topic('agent', 'request'), msg);
    await rig.sub.publish(rig.topic('agent', 'request'), msg);
    await rig.sub.next('agent/response', (b) => b.cToken === 'twice' && b.state === 'done');
    // A later request's end: anything of the first one's second delivery would have come before it.
    await rig.request('queryWssh');
    const ends = rig.sub.received.filter(
      (r) => r.topic.endsWith('agent/response') && r.body.cToken === 'twice' && r.body.state !== 'progress',
    );
    expect(ends).toHaveLength(1);
  });

  it('times a command out after commandTimeoutS, or a second before the server stops waiting', async () => {
    rig = await startRig({ commands: { openWeb: 'sleep 5' }, commandTimeoutS: 0.3 });
    await rig.sub.next('agent/report');
    expect((await rig.request('openWeb', undefined, { waitMs: 3000 })).end.error).toBe('timed out after 0.3 s');
    await rig.close();

    rig = await startRig({ commands: { openWeb: 'sleep 5' }, commandTimeoutS: 60 });
    await rig.sub.next('agent/report');
    const start = Date.now();
    const { end } = await rig.request('openWeb', undefined, { timeoutS: 1.6, waitMs: 3000 });
    expect(end).toMatchObject({ state: 'error', error: 'timed out after 0.8 s', result: { code: null } });
    expect(Date.now() - start).toBeLessThan(1600);
  });

  it('leaves the will: a connection lost without DISCONNECT makes the broker publish OFFLINE, retained', async () => {
    rig = await startRig();
    await rig.sub.next('agent/report');
    const from = rig.sub.received.length;
    rig.agent.link.client.stream.destroy();
    const offline = await rig.sub.next('state/conn', (b) => b.state === 'OFFLINE', 5000, from);
    expect(offline.body).toEqual({ gatewayId: rig.gw, state: 'OFFLINE' });
    // And it comes back by itself.
    await rig.sub.next('state/conn', (b) => b.state === 'ONLINE', 5000, from);
  });
});
