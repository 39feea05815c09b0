import { existsSync, readFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { agentReport, agentResponse } from '@lns/contract/gateway-agent';
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

  it('answers requests: sync → a report and done; a command → its output; unconfigured and unknown → error', async () => {
    rig = await startRig({ commands: { openWeb: 'echo hi', closeWeb: 'echo oops >&2; exit 3', reboot: null } });
    await rig.sub.next('agent/report');
    const ask = async (cToken: string, cmdType: string) => {
      const from = rig.sub.received.length;
      await rig.sub.publish(rig.topic('agent', 'request'), { v: 1, cToken, cmdType });
      const end = await rig.sub.next(
        'agent/response',
        (b) => b.cToken === cToken && b.state !== 'progress',
        10_000,
        from,
      );
      return { end: agentResponse.parse(end.body), from };
    };

    const sync = await ask('c1', 'syncSystemInfo');
    expect(sync.end.state).toBe('done');
    await rig.sub.next('agent/report', () => true, 1000, sync.from);

    const hi = await ask('c2', 'openWeb');
    expect(hi.end).toMatchObject({ v: 1, cToken: 'c2', state: 'done', result: { code: 0, stdout: 'hi' } });

    const fail = await ask('c3', 'closeWeb');
    expect(fail.end).toMatchObject({ state: 'error', error: 'exit code 3: oops', result: { code: 3, stderr: 'oops' } });

    expect((await ask('c4', 'reboot')).end).toMatchObject({ state: 'error', error: 'not configured on this gateway' });
    expect((await ask('c5', 'openSerial')).end).toMatchObject({
      state: 'error',
      error: 'not configured on this gateway',
    });
    expect((await ask('c6', 'selfDestruct')).end).toMatchObject({ state: 'error', error: 'unknown command' });
  });

  it('times a command out after commandTimeoutS', async () => {
    rig = await startRig({ commands: { openWeb: 'sleep 5' }, commandTimeoutS: 0.3 });
    await rig.sub.next('agent/report');
    await rig.sub.publish(rig.topic('agent', 'request'), { v: 1, cToken: 't', cmdType: 'openWeb' });
    const end = await rig.sub.next('agent/response', (b) => b.state === 'error', 3000);
    expect(end.body.error).toBe('timed out after 0.3 s');
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
