import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { agentReport } from '@lns/contract/gateway-agent';
import { upgradeProgress } from '@lns/contract/upgrades';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Rig, startRig } from '../../test/agent';
import { type PackageServer, startPackageServer } from '../../test/package-server';
import { buildDeb, dpkgRoot, fakeOpkg, readLines } from '../../test/upgrade-fixtures';
import { upgradeRequest } from '../../test/upgrade-request';
import type { FileConfig } from '../config';
import { STATE_FILE } from './state';

describe('upgrade: deb and opkg packages (real broker, a local package server)', () => {
  let rig: Rig | undefined;
  let server: PackageServer | undefined;
  let dir: string;
  let workDir: string;
  let stateDir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'gw-upgrade-'));
    workDir = join(dir, 'work');
    stateDir = join(dir, 'state');
  });
  afterEach(async () => {
    await rig?.close();
    await server?.close();
    rig = server = undefined;
    rmSync(dir, { recursive: true, force: true });
  });

  const start = async (upgrade: NonNullable<FileConfig['upgrade']>, extra: Partial<FileConfig> = {}) => {
    rig = await startRig({ upgrade: { workDir, stateDir, ...upgrade }, ...extra });
    await rig.sub.next('agent/report');
    return rig;
  };
  const state = () => JSON.parse(readFileSync(join(stateDir, STATE_FILE), 'utf8'));

  it('downloads a real .deb (resuming after a dropped connection), checks it, installs it with dpkg, reboots after the answer', async () => {
    const deb = buildDeb(dir, '1.2.3');
    server = await startPackageServer({
      'lns-hello_1.2.3_all.deb': { body: deb, dropAfter: Math.floor(deb.length / 2) },
    });
    const root = dpkgRoot(join(dir, 'root'));
    const reboots = join(dir, 'reboots');
    await start({ deb: root.command }, { commands: { reboot: `echo reboot >> '${reboots}'` } });
    const extra = upgradeRequest(server, 'lns-hello_1.2.3_all.deb', deb, 'deb', 'v1.2.3', {
      restartAfterInstall: true,
    });

    const { end, progress } = await rig!.request('upgrade', extra, { timeoutS: 600 });
    expect(end).toMatchObject({
      state: 'done',
      result: { installStatus: 9, version: 'v1.2.3', phase: 'rebooting' },
    });
    const results = progress.map((p) => upgradeProgress.parse(p.result));
    expect(results[0]).toEqual({ installStatus: 2, phase: 'downloading 0 %' });
    expect(results).toContainEqual({ installStatus: 2, phase: 'checking size and SHA-256' });
    expect(results.at(-1)).toEqual({
      installStatus: 3,
      phase: expect.stringMatching(/^dpkg --root=.* -i '.*\/work\/lns-hello_1\.2\.3_all\.deb'$/),
    });
    // The second GET resumed where the dropped connection ended.
    expect(server.requests.map((r) => r.range)).toEqual([undefined, expect.stringMatching(/^bytes=[1-9]\d*-$/)]);
    expect(root.status()).toMatch(/Package: lns-hello\nStatus: install ok installed\n[\s\S]*Version: 1\.2\.3/);
    expect(readFileSync(join(dir, 'root', 'opt', 'lns-hello', 'hello.txt'), 'utf8')).toBe('hello 1.2.3\n');
    expect(readdirSync(workDir)).toEqual([]);
    expect(state()).toEqual({ deb: 'v1.2.3' });
    await vi.waitFor(() => expect(readLines(reboots)).toEqual(['reboot']));

    // Every report says what upgrades installed.
    const from = rig!.sub.received.length;
    await rig!.agent.reportNow();
    const report = agentReport.parse((await rig!.sub.next('agent/report', () => true, 5000, from)).body);
    expect(report.versions).toContainEqual({ name: 'upgrade:deb', version: 'v1.2.3' });

    // The same version again: not needed, nothing downloaded.
    const again = await rig!.request('upgrade', extra);
    expect(again.end).toMatchObject({ state: 'error', reason: 'notNeeded', result: { installStatus: 13 } });
    expect(again.progress).toEqual([]);
    expect(server.requests).toHaveLength(2);
  });

  it('refuses a package whose SHA-256 is not the one expected: nothing installed, the file deleted', async () => {
    const deb = buildDeb(dir, '1.2.4');
    server = await startPackageServer({ 'p.deb': { body: deb } });
    const root = dpkgRoot(join(dir, 'root'));
    await start({ deb: root.command });
    const extra = upgradeRequest(server, 'p.deb', deb, 'deb', 'v2', { digest: 'ab'.repeat(32) });
    const { end } = await rig!.request('upgrade', extra);
    expect(end).toMatchObject({
      state: 'error',
      error: expect.stringMatching(/^the package is not the one expected: SHA-256 [0-9a-f]{64}, expected (ab){32}$/),
      result: { installStatus: 10, phase: expect.stringMatching(/^checking: SHA-256 /) },
    });
    expect(end.reason).toBeUndefined();
    expect(root.status()).toBe('');
    expect(readdirSync(workDir)).toEqual([]);
    expect(existsSync(join(stateDir, STATE_FILE))).toBe(false);

    // A wrong size is caught the same way.
    const short = await rig!.request('upgrade', {
      ...extra,
      digest: upgradeRequest(server, 'p.deb', deb, 'deb', 'v2').digest,
      size: deb.length + 10,
    });
    expect(short.end).toMatchObject({
      state: 'error',
      result: { installStatus: 10, phase: expect.stringMatching(/^checking: size /) },
    });
  });

  it("answers dpkg's refusal with the end of its stderr", async () => {
    const junk = randomBytes(2000);
    server = await startPackageServer({ 'junk.deb': { body: junk } });
    const root = dpkgRoot(join(dir, 'root'));
    await start({ deb: root.command });
    const { end } = await rig!.request('upgrade', upgradeRequest(server, 'junk.deb', junk, 'deb', 'v3'));
    expect(end).toMatchObject({
      state: 'error',
      error: expect.stringMatching(/exit code \d+: .*not a Debian format archive/s),
      result: { installStatus: 10, phase: expect.stringMatching(/exit code/) },
    });
    expect(root.status()).toBe('');
    expect(readdirSync(workDir)).toEqual([]);
  });

  it('installs an opkg package with the configured command (a stand-in opkg), and reports its failure', async () => {
    const ipk = randomBytes(5000);
    server = await startPackageServer({ 'lns-tools_2.0_arm.ipk': { body: ipk } });
    const opkg = fakeOpkg(dir);
    await start({ opkg: opkg.command }, { platform: 'openwrt' });
    const extra = upgradeRequest(server, 'lns-tools_2.0_arm.ipk', ipk, 'opkg', '2.0');
    // A stale partial file of another package goes; what is not ours stays.
    mkdirSync(workDir);
    writeFileSync(join(workDir, '0123456789abcdef.part'), 'stale');
    writeFileSync(join(workDir, 'notes.part'), 'not ours');
    expect((await rig!.request('upgrade', extra)).end).toMatchObject({
      state: 'done',
      result: { installStatus: 9, version: '2.0' },
    });
    expect(opkg.calls()).toEqual([`install ${join(workDir, 'lns-tools_2.0_arm.ipk')}`]);
    expect(readdirSync(workDir)).toEqual(['notes.part']);
    expect(state()).toEqual({ opkg: '2.0' });

    writeFileSync(join(dir, 'fail'), '');
    const { end } = await rig!.request('upgrade', { ...extra, version: '2.1' });
    expect(end).toMatchObject({
      state: 'error',
      error: expect.stringMatching(/: exit code 255: Collected errors: .*cannot find dependency libc$/),
      result: { installStatus: 10 },
    });
    expect(state()).toEqual({ opkg: '2.0' });
  });

  it('answers unsupported for what this gateway is not set up for, before anything is downloaded', async () => {
    const body = randomBytes(100);
    server = await startPackageServer({ 'x.deb': { body } });
    await start({}, { platform: 'openwrt', commands: { reboot: null } });
    const ask = (kind: 'deb' | 'opkg' | 'packetForwarder', o = {}) =>
      rig!.request('upgrade', upgradeRequest(server!, 'x.deb', body, kind, '1', o));
    expect((await ask('deb')).end).toMatchObject({
      state: 'error',
      reason: 'unsupported',
      error: 'this gateway does not install deb packages (upgrade.deb is not set)',
    });
    expect((await ask('opkg', { restartAfterInstall: true })).end).toMatchObject({
      reason: 'unsupported',
      error: expect.stringMatching(/reboot is not configured/),
    });
    expect((await ask('packetForwarder')).end).toMatchObject({
      reason: 'unsupported',
      error: expect.stringMatching(/^upgrade\.packetForwarderPath is not set/),
    });
    expect((await rig!.request('upgrade', { kind: 'deb' })).end).toMatchObject({
      state: 'error',
      error: expect.stringMatching(/^extra\.version: /),
    });
    expect(server.requests).toEqual([]);
    await rig!.close();

    rig = await startRig({ upgrade: null });
    await rig.sub.next('agent/report');
    expect((await rig.request('upgrade', upgradeRequest(server, 'x.deb', body, 'deb', '1'))).end).toMatchObject({
      reason: 'unsupported',
      error: expect.stringMatching(/upgrades are turned off/),
    });
  });

  it("tells the download's progress at most every second", async () => {
    const ipk = randomBytes(100_000);
    server = await startPackageServer({ 'slow.ipk': { body: ipk, trickle: { pieces: 25, everyMs: 100 } } });
    await start({ opkg: fakeOpkg(dir).command });
    const { end, progress } = await rig!.request('upgrade', upgradeRequest(server, 'slow.ipk', ipk, 'opkg', '1'));
    expect(end.state).toBe('done');
    const downloading = progress
      .map((p) => [p.progress, upgradeProgress.parse(p.result).phase] as const)
      .filter(([, phase]) => phase?.startsWith('downloading'));
    // 2.4 s of download: at 0 s, about 1 s and about 2 s.
    expect(downloading.length).toBeGreaterThanOrEqual(2);
    expect(downloading.length).toBeLessThanOrEqual(3);
    expect(downloading[0]).toEqual([0, 'downloading 0 %']);
    const pcts = downloading.map(([, phase]) => Number(/^downloading (\d+) %$/.exec(phase!)![1]));
    expect(pcts[1]).toBeGreaterThan(20);
    expect([...pcts].sort((a, b) => a - b)).toEqual(pcts);
    expect(downloading.map(([bar]) => bar)).toEqual(pcts.map((p) => Math.round(p * 0.8)));
  });

  it('answers busy to a second upgrade while one runs', async () => {
    const ipk = randomBytes(200_000);
    server = await startPackageServer({ 'a.ipk': { body: ipk, holdAfter: 50_000 } });
    const opkg = fakeOpkg(dir);
    await start({ opkg: opkg.command });
    const extra = upgradeRequest(server, 'a.ipk', ipk, 'opkg', '1');
    const first = rig!.request('upgrade', extra, { timeoutS: 60 });
    await rig!.sub.next('agent/response', (b) => b.state === 'progress');
    const second = await rig!.request('upgrade', { ...extra, version: '2' });
    expect(second.end).toMatchObject({ state: 'error', reason: 'busy', error: 'upgrade is running' });
    server.release();
    expect((await first).end).toMatchObject({ state: 'done', result: { installStatus: 9, version: '1' } });
  });

  it('ends an upgrade after upgrade.timeoutS, or a second before the server stops waiting; the partial file stays', async () => {
    const ipk = randomBytes(200_000);
    server = await startPackageServer({ 'a.ipk': { body: ipk, holdAfter: 50_000 } });
    await start({ opkg: fakeOpkg(dir).command, timeoutS: 0.5 }, { commandTimeoutS: 60 });
    const extra = upgradeRequest(server, 'a.ipk', ipk, 'opkg', '1');
    expect((await rig!.request('upgrade', extra)).end).toMatchObject({
      state: 'error',
      error: 'download stopped: timed out after 0.5 s',
      result: { installStatus: 10, phase: 'downloading: stopped: timed out after 0.5 s' },
    });
    expect(readdirSync(workDir)).toEqual([`${extra.digest.slice(0, 16)}.part`]);
    await rig!.close();

    // The file's short commandTimeoutS does not cut an upgrade: the server's timeoutS does.
    await start({ opkg: fakeOpkg(dir).command }, { commandTimeoutS: 0.2 });
    expect((await rig!.request('upgrade', extra, { timeoutS: 1.6, waitMs: 5000 })).end.error).toBe(
      'download stopped: timed out after 0.8 s',
    );
  });
});
