import { afterEach, describe, expect, it } from 'vitest';
import { type Rig, startRig } from '../../test/agent';
import { ShellClient } from '../../test/shell-client';
import type { FileConfig } from '../config';
import { MESSAGE_MAX_BYTES } from './output';

/** A rig whose web shell is allowed (openWssh answered). */
async function openRig(webShell: FileConfig['webShell'] = {}): Promise<Rig> {
  const rig = await startRig({ webShell: { command: '/bin/sh', args: [], ...webShell } });
  await rig.sub.next('agent/report');
  expect((await rig.request('openWssh')).end).toMatchObject({ state: 'done', result: { open: true, sessions: 0 } });
  return rig;
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('web shell sessions through a real pseudo-terminal (real broker)', () => {
  let rig: Rig;
  afterEach(() => rig?.close());

  it('refuses sessions until openWssh; openWssh twice is notNeeded; queryWssh tells', async () => {
    rig = await startRig({ webShell: { command: '/bin/sh', args: [] } });
    await rig.sub.next('agent/report');
    const early = new ShellClient(rig);
    await early.open();
    expect(await early.next('closed')).toMatchObject({
      reason: 'refused',
      detail: expect.stringMatching(/not allowed/),
    });
    expect((await rig.request('queryWssh')).end.result).toEqual({ open: false, sessions: 0, enabled: true });
    expect((await rig.request('closeWssh')).end).toMatchObject({ state: 'error', reason: 'notNeeded' });
    expect((await rig.request('openWssh')).end).toMatchObject({ state: 'done', result: { open: true } });
    expect((await rig.request('openWssh')).end).toMatchObject({ state: 'error', reason: 'notNeeded' });

    const s = new ShellClient(rig);
    await s.open();
    await s.next('opened');
    expect((await rig.request('queryWssh')).end.result).toMatchObject({ open: true, sessions: 1 });
  });

  it('carries UTF-8 intact, in ordered messages of at most 16 KiB, with TERM and LANG set', async () => {
    rig = await openRig();
    const s = new ShellClient(rig);
    await s.open();
    await s.next('opened');
    await s.input('echo "$TERM $LANG"; echo 你""好\r');
    await s.untilOutput(/你好\r\n/);
    expect(s.output()).toContain(`xterm-256color ${process.env.LANG || 'C.UTF-8'}\r\n`);

    // 48 000 bytes of three-byte characters, split wherever the pseudo-terminal's reads end.
    const line = '你好世界'.repeat(4000);
    // `EN""D` so that the echo of the command line does not match.
    await s.input('yes 你好世界 | head -n 4000 | tr -d \'\\n\'; echo EN""D\r');
    const out = await s.untilOutput(/世界END\r\n/);
    expect(out).toContain(`${line}END`);
    expect(out).not.toContain('\uFFFD');
    const outputs = s.messages().filter((m) => m.body.type === 'output');
    expect(outputs.map((m) => m.body.seq)).toEqual(outputs.map((_, i) => i));
    for (const m of outputs) expect(Buffer.byteLength(m.body.data as string)).toBeLessThanOrEqual(MESSAGE_MAX_BYTES);
    expect(outputs.length).toBeGreaterThanOrEqual(3);
  });

  it('resizes the terminal, as stty size shows', async () => {
    rig = await openRig();
    const s = new ShellClient(rig);
    await s.open(90, 40);
    await s.input('stty size\r');
    await s.untilOutput(/40 90\r\n/);
    await s.resize(120, 30);
    await s.input('stty size\r');
    await s.untilOutput(/30 120\r\n/);
  });

  it('stops a running command with Ctrl-C', async () => {
    rig = await openRig();
    const s = new ShellClient(rig);
    await s.open();
    // `started` is printed by the process that then becomes sleep: it is in the foreground already.
    await s.input("sh -c 'echo started; exec sleep 100'\r");
    await s.untilOutput(/started\r\n/);
    await s.input('\u0003');
    await s.untilOutput(/\^C/, 5000);
    // The shell reads again (sleep would hold the terminal for 100 s): the interrupted command's status.
    await s.input('echo "co""de=$?"\r');
    await s.untilOutput(/code=130/, 5000);
  });

  it('says exited with the code when the shell exits, and closed to input of a session it does not have', async () => {
    rig = await openRig();
    const s = new ShellClient(rig);
    await s.open();
    await s.input('exit 7\r');
    expect(await s.next('closed')).toEqual({ v: 1, session: s.id, type: 'closed', reason: 'exited', code: 7 });
    expect((await rig.request('queryWssh')).end.result).toMatchObject({ sessions: 0 });

    const ghost = new ShellClient(rig);
    await ghost.input('ls\r');
    expect(await ghost.next('closed')).toMatchObject({ reason: 'closed', detail: 'no such session' });
    await ghost.resize(80, 24);
    await ghost.close();
    await rig.request('queryWssh');
    expect(ghost.messages()).toHaveLength(1);
  });

  it('closes a session on close (the shell gets SIGHUP) and on closeWssh, then refuses', async () => {
    rig = await openRig();
    const s = new ShellClient(rig);
    await s.open();
    await s.input('echo pid=$$\r');
    const pid = Number((await s.untilOutput(/pid=\d+\r\n/)).match(/pid=(\d+)\r\n/)![1]);
    expect(alive(pid)).toBe(true);
    await s.close();
    expect(await s.next('closed')).toMatchObject({ reason: 'closed' });
    await expect.poll(() => alive(pid), { timeout: 5000 }).toBe(false);

    const t = new ShellClient(rig);
    await t.open();
    await t.next('opened');
    expect((await rig.request('closeWssh')).end).toMatchObject({ state: 'done', result: { open: false } });
    expect(await t.next('closed')).toMatchObject({ reason: 'closed', detail: 'web shell closed (closeWssh)' });
    const u = new ShellClient(rig);
    await u.open();
    expect(await u.next('closed')).toMatchObject({ reason: 'refused' });
  });

  it('closes a session without input for idleS', async () => {
    rig = await openRig({ idleS: 0.5 });
    const s = new ShellClient(rig);
    const start = Date.now();
    await s.open();
    expect(await s.next('closed', 5000)).toMatchObject({ reason: 'idle', detail: 'no input for 0.5 s' });
    expect(Date.now() - start).toBeGreaterThanOrEqual(450);
  });

  it('refuses a session above the limit', async () => {
    rig = await openRig({ maxSessions: 1 });
    const a = new ShellClient(rig);
    await a.open();
    await a.next('opened');
    const b = new ShellClient(rig);
    await b.open();
    expect(await b.next('closed')).toMatchObject({ reason: 'refused', detail: 'at most 1 session at once' });
    await a.input('exit\r');
    await a.next('closed');
    const c = new ShellClient(rig);
    await c.open();
    await c.next('opened');
  });

  it('refuses everything when the file turns the web shell off', async () => {
    rig = await startRig({ webShell: { enabled: false } });
    await rig.sub.next('agent/report');
    expect((await rig.request('openWssh')).end).toMatchObject({ state: 'error', reason: 'unsupported' });
    const s = new ShellClient(rig);
    await s.open();
    expect(await s.next('closed')).toMatchObject({ reason: 'refused', detail: expect.stringMatching(/turned off/) });
  });
});
