import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { agentReport } from '@lns/contract/gateway-agent';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Rig, startRig } from '../../test/agent';
import { type PackageServer, startPackageServer } from '../../test/package-server';
import { fakeForwarder, forwarderBuild, readLines, writeProgram } from '../../test/upgrade-fixtures';
import { upgradeRequest } from '../../test/upgrade-request';
import type { FileConfig } from '../config';
import { readAgentCheck } from './agent-check';
import { readInstalled, STATE_FILE } from './state';

describe('upgrade: packet forwarder and agent programs (real broker, a local package server)', () => {
  let rig: Rig | undefined;
  let server: PackageServer | undefined;
  let dir: string;
  let stateFile: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'gw-upgrade-'));
    stateFile = join(dir, 'state', STATE_FILE);
  });
  afterEach(async () => {
    await rig?.close();
    await server?.close();
    rig = server = undefined;
    rmSync(dir, { recursive: true, force: true });
  });

  const start = async (upgrade: NonNullable<FileConfig['upgrade']>, commands: FileConfig['commands']) => {
    rig = await startRig({
      upgrade: { workDir: join(dir, 'work'), stateDir: join(dir, 'state'), ...upgrade },
      commands,
    });
    await rig.sub.next('agent/report');
    return rig;
  };
  const text = (path: string) => readFileSync(path, 'utf8');

  it('replaces the packet forwarder, restarts and checks it; a build that does not run is rolled back', async () => {
    const good = Buffer.from(forwarderBuild('v2', true));
    const bad = Buffer.from(forwarderBuild('v3', false));
    server = await startPackageServer({ 'pf-v2': { body: good }, 'pf-v3': { body: bad } });
    const pf = fakeForwarder(dir);
    await start(
      { packetForwarderPath: pf.path, packetForwarderCheck: pf.check, checkS: 1 },
      { restartPacketForwarder: pf.restart },
    );

    const ok = await rig!.request('upgrade', upgradeRequest(server, 'pf-v2', good, 'packetForwarder', 'v2'));
    expect(ok.end).toMatchObject({ state: 'done', result: { installStatus: 9, version: 'v2' } });
    expect(ok.progress.map((p) => (p.result as { phase: string }).phase)).toEqual(
      expect.arrayContaining(['replacing the packet forwarder', 'restarting the packet forwarder']),
    );
    expect(text(pf.path)).toBe(good.toString());
    expect(text(`${pf.path}.previous`)).toBe(forwarderBuild('old', true));
    expect(statSync(pf.path).mode & 0o777).toBe(0o755);
    expect(pf.restarts()).toEqual(['restart']);
    expect(readInstalled(stateFile)).toEqual({ packetForwarder: 'v2' });

    const { end } = await rig!.request('upgrade', upgradeRequest(server, 'pf-v3', bad, 'packetForwarder', 'v3'));
    expect(end).toMatchObject({
      state: 'error',
      error: expect.stringMatching(
        /^the new packet forwarder does not run \(grep -q running .* within 1 s\); the previous one is back and restarted$/,
      ),
      result: { installStatus: 10, phase: expect.stringMatching(/^rolled back: grep -q running .*exit code 1/) },
    });
    expect(text(pf.path)).toBe(good.toString());
    expect(existsSync(`${pf.path}.previous`)).toBe(false);
    expect(pf.restarts()).toEqual(['restart', 'restart', 'restart']);
    expect(text(join(dir, 'pf', 'status'))).toBe('v2 running\n');
    expect(readInstalled(stateFile)).toEqual({ packetForwarder: 'v2' });

    const from = rig!.sub.received.length;
    await rig!.agent.reportNow();
    const report = agentReport.parse((await rig!.sub.next('agent/report', () => true, 5000, from)).body);
    expect(report.versions).toContainEqual({ name: 'upgrade:packetForwarder', version: 'v2' });
  });

  it('replaces the agent program after its self-test, leaves the check for its start, restarts the agent after the answer', async () => {
    const program = join(dir, 'lib', 'gateway-agent.cjs');
    writeProgram(program, 'console.log("1.0.0");\n');
    const next = Buffer.from('if (process.argv.includes("--version")) console.log("2.0.0");\n');
    server = await startPackageServer({ 'gateway-agent.cjs': { body: next } });
    const restarts = join(dir, 'restarts');
    await start({ agentPath: program, checkS: 45 }, { restartBridge: `echo restart >> '${restarts}'` });

    const { end, progress } = await rig!.request(
      'upgrade',
      upgradeRequest(server, 'gateway-agent.cjs', next, 'agent', '2.0.0'),
    );
    expect(end).toMatchObject({
      state: 'done',
      result: { installStatus: 9, version: '2.0.0', phase: 'restarting the agent' },
    });
    expect(progress.map((p) => (p.result as { phase: string }).phase)).toContainEqual(
      expect.stringMatching(/ --version$/),
    );
    expect(text(program)).toBe(next.toString());
    expect(text(`${program}.previous`)).toBe('console.log("1.0.0");\n');
    expect(readAgentCheck(program)).toEqual({ version: '2.0.0', previous: null, stateFile, checkS: 45, starts: 0 });
    expect(readInstalled(stateFile)).toEqual({ agent: '2.0.0' });
    await vi.waitFor(() => expect(readLines(restarts)).toEqual(['restart']));

    // Another upgrade before 2.0.0 ever started: 1.0.0 runs, and stays the one to go back to.
    const third = Buffer.from('console.log("3.0.0");\n');
    await server.close();
    server = await startPackageServer({ 'gateway-agent.cjs': { body: third } });
    const again = await rig!.request('upgrade', upgradeRequest(server, 'gateway-agent.cjs', third, 'agent', '3.0.0'));
    expect(again.end).toMatchObject({ state: 'done', result: { installStatus: 9, version: '3.0.0' } });
    expect(text(program)).toBe(third.toString());
    expect(text(`${program}.previous`)).toBe('console.log("1.0.0");\n');
    expect(readAgentCheck(program)).toMatchObject({ version: '3.0.0', previous: null, starts: 0 });
  });

  it('refuses an agent program that does not run or prints no version; the old one stays', async () => {
    const program = join(dir, 'lib', 'gateway-agent.cjs');
    writeProgram(program, 'console.log("1.0.0");\n');
    const notJs = Buffer.from('<html>502 Bad Gateway</html>\n');
    const silent = Buffer.from('process.exit(0);\n');
    server = await startPackageServer({ 'a.cjs': { body: notJs }, 'b.cjs': { body: silent } });
    await start({ agentPath: program }, {});

    const broken = await rig!.request('upgrade', upgradeRequest(server, 'a.cjs', notJs, 'agent', '2.0.0'));
    expect(broken.end).toMatchObject({
      state: 'error',
      error: expect.stringMatching(/^the new agent does not run: --version exit code 1: .*SyntaxError/s),
      result: { installStatus: 10, phase: expect.stringMatching(/^self-test: exit code 1/) },
    });
    const mute = await rig!.request('upgrade', upgradeRequest(server, 'b.cjs', silent, 'agent', '2.0.0'));
    expect(mute.end).toMatchObject({
      state: 'error',
      result: { installStatus: 10, phase: 'self-test: printed no version' },
    });
    expect(text(program)).toBe('console.log("1.0.0");\n');
    expect(existsSync(`${program}.previous`)).toBe(false);
    expect(readAgentCheck(program)).toBeNull();
    expect(readInstalled(stateFile)).toEqual({});
  });

  it('answers unsupported without the program to replace or a way to restart the forwarder', async () => {
    server = await startPackageServer({});
    await start(
      { agentPath: join(dir, 'none.cjs'), packetForwarderPath: join(dir, 'none') },
      {
        restartPacketForwarder: null,
      },
    );
    const body = Buffer.from('x');
    expect((await rig!.request('upgrade', upgradeRequest(server, 'x', body, 'agent', '2'))).end).toMatchObject({
      reason: 'unsupported',
      error: `no agent program at ${join(dir, 'none.cjs')} (upgrade.agentPath)`,
    });
    writeProgram(join(dir, 'none'), forwarderBuild('old', true));
    expect(
      (await rig!.request('upgrade', upgradeRequest(server, 'x', body, 'packetForwarder', '2'))).end,
    ).toMatchObject({
      reason: 'unsupported',
      error: expect.stringMatching(/^restartPacketForwarder is not configured/),
    });
    expect(server.requests).toEqual([]);
  });
});
