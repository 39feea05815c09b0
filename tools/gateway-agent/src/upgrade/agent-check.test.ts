import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { checkFileOf, readAgentCheck, startAgentCheck, writeAgentCheck } from './agent-check';
import { readInstalled, writeInstalled } from './state';

describe('the check of a new agent program at its start', () => {
  let dir: string;
  let program: string;
  let stateFile: string;
  const lines: string[] = [];
  let exited: Promise<number>;
  let exit: (code: number) => void;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'gw-agent-check-'));
    program = join(dir, 'gateway-agent.cjs');
    stateFile = join(dir, 'upgrades.json');
    lines.length = 0;
    exited = new Promise((resolve) => {
      exit = resolve;
    });
    // As an upgrade from 1.0.0 (recorded by an earlier upgrade) to 2.0.0 leaves things.
    writeFileSync(program, 'new');
    writeFileSync(`${program}.previous`, 'old');
    writeInstalled(stateFile, 'deb', 'd1');
    writeInstalled(stateFile, 'agent', '2.0.0');
    writeAgentCheck(program, { version: '2.0.0', previous: '1.0.0', stateFile, checkS: 0.2, starts: 0 });
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));
  const deps = () => ({
    log: { info: (m: string) => lines.push(`info ${m}`), error: (m: string) => lines.push(`error ${m}`) },
    exit: (code: number) => exit(code),
  });
  const rolledBack = () => {
    expect(readFileSync(program, 'utf8')).toBe('old');
    expect(existsSync(`${program}.previous`)).toBe(false);
    expect(existsSync(checkFileOf(program))).toBe(false);
    expect(readInstalled(stateFile)).toEqual({ deb: 'd1', agent: '1.0.0' });
  };

  it('counts the start, and takes the connection as the upgrade confirmed', () => {
    const check = startAgentCheck(program, deps());
    expect(readAgentCheck(program)).toMatchObject({ starts: 1 });
    check.connected();
    expect(existsSync(checkFileOf(program))).toBe(false);
    expect(readFileSync(program, 'utf8')).toBe('new');
    expect(readInstalled(stateFile)).toEqual({ deb: 'd1', agent: '2.0.0' });
    expect(lines).toEqual(['info agent 2.0.0 connected: its upgrade is confirmed']);
  });

  it('puts the previous program back and exits when the new one does not connect in time', async () => {
    startAgentCheck(program, deps());
    expect(await exited).toBe(1);
    rolledBack();
    expect(lines).toEqual([
      'error agent 2.0.0 did not connect within 0.2 s: the previous program is back, exiting so that it is started',
    ]);
  });

  it('puts the previous program back at once when an earlier start ended without connecting', async () => {
    writeAgentCheck(program, { version: '2.0.0', previous: '1.0.0', stateFile, checkS: 60, starts: 1 });
    startAgentCheck(program, deps());
    expect(await exited).toBe(1);
    rolledBack();
    expect(lines[0]).toMatch(/^error agent 2\.0\.0 ended before it connected: /);
  });

  it('does nothing without a check file, and runs on when there is no previous program', () => {
    rmSync(checkFileOf(program));
    startAgentCheck(program, deps()).connected();
    expect(lines).toEqual([]);

    rmSync(`${program}.previous`);
    writeAgentCheck(program, { version: '2.0.0', previous: null, stateFile, checkS: 60, starts: 1 });
    startAgentCheck(program, deps());
    expect(readFileSync(program, 'utf8')).toBe('new');
    expect(existsSync(checkFileOf(program))).toBe(false);
    expect(lines).toEqual([
      `error agent 2.0.0 ended before it connected, and there is no ${program}.previous to put back`,
    ]);
  });
});
