import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type Rig, startRig } from '../test/agent';
import { stripJsonComments } from './json-comments';
import { PKTFWD_CONFIG_MAX_BYTES } from './sync';

describe('sync commands (real broker)', () => {
  let rig: Rig;
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'gw-sync-'));
  });
  afterEach(() => rig?.close());
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("syncBridgeConfig answers the settings it runs with, the console's Config applied", async () => {
    rig = await startRig({ platform: 'openwrt', webShell: { maxSessions: 2 }, logDirs: { rlog: null } });
    await rig.sub.next('agent/report');
    await rig.sub.publish(rig.topic('agent', 'config'), {
      v: 1,
      mqttKeepAlive: 10,
      statInterval: 600,
      enableBridgeLogToFile: true,
    });
    const { end } = await rig.request('syncBridgeConfig');
    expect(end).toMatchObject({
      state: 'done',
      result: {
        mqttKeepAlive: 10,
        statInterval: 600,
        enableBridgeLogToFile: true,
        platform: 'openwrt',
        logDirs: { log: '/var/log', rlog: null },
        rssh: true,
        frequencyScan: false,
        webShell: { enabled: true, maxSessions: 2 },
      },
    });
    expect((end.result as { commands: string[] }).commands).toContain('reboot');
  });

  it('syncPacketForwarderConfig reads the file: JSON (comments allowed) parsed, other text as it is', async () => {
    const file = join(dir, 'global_conf.json');
    rig = await startRig({ packetForwarderConfig: file });
    await rig.sub.next('agent/report');

    writeFileSync(
      file,
      '{ /* radio */ "SX130x_conf": { "com_path": "/dev/spidev0.0" }, // the SPI bus\n "gateway_conf": { "serv_port_up": 1700 } }',
    );
    expect((await rig.request('syncPacketForwarderConfig')).end).toMatchObject({
      state: 'done',
      result: {
        path: file,
        content: { SX130x_conf: { com_path: '/dev/spidev0.0' }, gateway_conf: { serv_port_up: 1700 } },
      },
    });

    writeFileSync(file, 'server_address = lns.example.net\n');
    expect((await rig.request('syncPacketForwarderConfig')).end.result).toEqual({
      path: file,
      content: 'server_address = lns.example.net\n',
    });

    writeFileSync(file, 'x'.repeat(PKTFWD_CONFIG_MAX_BYTES + 1));
    expect((await rig.request('syncPacketForwarderConfig')).end).toMatchObject({
      state: 'error',
      error: expect.stringMatching(/bytes, more than/),
    });

    rmSync(file);
    expect((await rig.request('syncPacketForwarderConfig')).end).toMatchObject({
      state: 'error',
      error: `cannot read ${file}: ENOENT`,
    });
  });

  it('frequencyScan is unsupported without a concentrator that scans', async () => {
    rig = await startRig();
    await rig.sub.next('agent/report');
    const { end } = await rig.request('frequencyScan', {
      frequencyMin: 868_000_000,
      frequencyMax: 868_400_000,
      frequencyStep: 200_000,
    });
    expect(end).toMatchObject({ state: 'error', reason: 'unsupported', error: expect.stringMatching(/SX1302/) });
  });
});

describe('JSON with comments', () => {
  it('blanks comments outside strings only', () => {
    const text = '{"url": "http://x//y", /* a */ "n": 1 // end\n}';
    expect(JSON.parse(stripJsonComments(text))).toEqual({ url: 'http://x//y', n: 1 });
    expect(JSON.parse(stripJsonComments('{"q": "say \\"/*hi*/\\""}'))).toEqual({ q: 'say "/*hi*/"' });
  });
});
