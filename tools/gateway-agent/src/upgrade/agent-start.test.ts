import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startBroker, type TestBroker } from '../../test/broker';
import { checkFileOf, readAgentCheck, writeAgentCheck } from './agent-check';
import { readInstalled, writeInstalled } from './state';

const CLI = new URL('../cli.ts', import.meta.url).pathname;

/**
 * The real CLI as an upgraded program: a file in a temporary directory that loads cli.ts, so that
 * the check file is looked for beside it, as beside the installed bundle.
 */
describe('a new agent program at its start (the CLI in a child process)', () => {
  let dir: string;
  let program: string;
  let stateFile: string;
  let broker: TestBroker | undefined;
  let child: ChildProcess | undefined;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'gw-agent-start-'));
    program = join(dir, 'gateway-agent.mjs');
    stateFile = join(dir, 'state', 'upgrades.json');
    writeFileSync(program, `import ${JSON.stringify(CLI)};\n`);
    writeFileSync(`${program}.previous`, '// the previous program\n');
    writeInstalled(stateFile, 'agent', '2.0.0');
    writeAgentCheck(program, { version: '2.0.0', previous: '1.0.0', stateFile, checkS: 30, starts: 0 });
  });
  afterEach(async () => {
    child?.kill('SIGKILL');
    child = undefined;
    await broker?.close();
    broker = undefined;
    rmSync(dir, { recursive: true, force: true });
  });

  const run = (config: unknown) => {
    const file = join(dir, 'agent.json');
    writeFileSync(file, JSON.stringify(config));
    const c = spawn(process.execPath, ['--import', 'tsx', program, file], { stdio: ['ignore', 'ignore', 'pipe'] });
    child = c;
    let stderr = '';
    c.stderr!.on('data', (b: Buffer) => {
      stderr += b.toString('utf8');
    });
    const exited = new Promise<number | null>((resolve) => c.on('exit', (code) => resolve(code)));
    const line = (re: RegExp) =>
      new Promise<string>((resolve, reject) => {
        const look = () => {
          const hit = stderr.split('\n').find((l) => re.test(l));
          if (hit) resolve(hit);
          return hit;
        };
        if (look()) return;
        c.stderr!.on('data', look);
        c.on('exit', () => (look() ? undefined : reject(new Error(`exited without ${re}: ${stderr}`))));
      });
    return { exited, line, stderr: () => stderr };
  };

  it('removes the check once connected to the broker', async () => {
    const gw = 'a840411b2c3d4e5f';
    broker = await startBroker({ [gw]: 'secret' });
    const agent = run({ gatewayId: gw, server: broker.url, password: 'secret', udpPort: 0, logDir: dir });
    expect(await agent.line(/agent 2\.0\.0 connected: its upgrade is confirmed/)).toBeTruthy();
    expect(existsSync(checkFileOf(program))).toBe(false);
    expect(readInstalled(stateFile)).toEqual({ agent: '2.0.0' });
    child!.kill('SIGTERM');
    expect(await agent.exited).toBe(0);
  });

  it('a new program that refuses the file is rolled back at its next start', async () => {
    const bad = { gatewayId: 'a840411b2c3d4e5f', server: 'mqtt://127.0.0.1:1', keyOfANewerAgent: true };
    const first = run(bad);
    expect(await first.exited).toBe(1);
    expect(first.stderr()).toMatch(/keyOfANewerAgent: is not a known key/);
    expect(readAgentCheck(program)).toMatchObject({ starts: 1 });

    // The service manager starts it again: the previous program is put back.
    const second = run(bad);
    expect(await second.exited).toBe(1);
    expect(second.stderr()).toMatch(/agent 2\.0\.0 ended before it connected: the previous program is back/);
    expect(readFileSync(program, 'utf8')).toBe('// the previous program\n');
    expect(existsSync(checkFileOf(program))).toBe(false);
    expect(readInstalled(stateFile)).toEqual({ agent: '1.0.0' });
  });
});
