import { rmSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { type Rig, startRig } from '../../test/agent';
import { type FakeSsh, makeFakeSsh } from '../../test/fake-ssh';
import { Log } from '../log';
import { ReverseTunnel } from './tunnel';

const target = { host: 'tunnel.example.net', port: 2222, user: 'gw', remotePort: 40022 };

/** Polls `ok` every 20 ms (the tunnel has no event for a restart); fails after `ms`. */
async function until(what: string, ok: () => boolean, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > end) throw new Error(`${what}: not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('the reverse tunnel (a fake ssh)', () => {
  let ssh: FakeSsh;
  let tunnel: ReverseTunnel | undefined;
  afterEach(() => {
    tunnel?.stop();
    rmSync(ssh.dir, { recursive: true, force: true });
  });

  it('runs ssh -N -R with keep-alives, forward failures fatal and a new host key accepted', async () => {
    ssh = makeFakeSsh();
    tunnel = new ReverseTunnel({
      command: ssh.command,
      keyFile: ssh.keyFile,
      localPort: 22,
      log: new Log(ssh.dir, false),
    });
    await tunnel.start(target);
    await until('ssh ran', () => ssh.runs().length === 1);
    expect(ssh.runs()[0]).toBe(
      `-N -R 40022:localhost:22 -p 2222 -i ${ssh.keyFile} -o ServerAliveInterval=30 -o ExitOnForwardFailure=yes -o StrictHostKeyChecking=accept-new -o BatchMode=yes gw@tunnel.example.net`,
    );
    expect(tunnel.state()).toMatchObject({ running: true, ...target, since: expect.any(Number), restarts: 0 });
    expect(tunnel.stop()).toBe(true);
    expect(tunnel.state()).toMatchObject({ running: false, host: null, since: null });
    expect(tunnel.stop()).toBe(false);
  });

  it('starts ssh again after a drop, after a back-off', async () => {
    ssh = makeFakeSsh();
    ssh.drop(true);
    tunnel = new ReverseTunnel({
      command: ssh.command,
      keyFile: ssh.keyFile,
      localPort: 22,
      log: new Log(ssh.dir, false),
      backoffMs: { min: 50, max: 400 },
    });
    await tunnel.start(target);
    // A third run has logged its arguments before it exits: wait for that exit too.
    await until('three runs ended', () => ssh.runs().length >= 3 && !tunnel!.state().running);
    expect(tunnel.state()).toMatchObject({
      running: false,
      lastError: 'Connection to tunnel.example.net closed by remote host.',
    });
    ssh.drop(false);
    await until('up again', () => tunnel!.state().running);
    expect(tunnel.state().restarts).toBeGreaterThanOrEqual(3);
  });

  it('cannot start a program that does not exist', async () => {
    ssh = makeFakeSsh();
    tunnel = new ReverseTunnel({
      command: `${ssh.dir}/none`,
      keyFile: ssh.keyFile,
      localPort: 22,
      log: new Log(ssh.dir, false),
    });
    await expect(tunnel.start(target)).rejects.toThrow(/cannot run .*none: ENOENT/);
    expect(tunnel.state().running).toBe(false);
  });
});

describe('startRssh, stopRssh, queryRssh (real broker)', () => {
  let rig: Rig;
  let ssh: FakeSsh;
  afterEach(async () => {
    await rig?.close();
    rmSync(ssh.dir, { recursive: true, force: true });
  });

  it('starts the tunnel once, says notNeeded for the same one, moves it for another, stops it once', async () => {
    ssh = makeFakeSsh();
    rig = await startRig({ rssh: { command: ssh.command, keyFile: ssh.keyFile } });
    await rig.sub.next('agent/report');
    expect((await rig.request('queryRssh')).end).toMatchObject({
      state: 'done',
      result: { running: false, host: null },
    });

    const started = await rig.request('startRssh', { ...target, port: '2222' });
    expect(started.end).toMatchObject({
      state: 'done',
      result: { running: true, ...target, since: expect.any(Number) },
    });
    expect((await rig.request('startRssh', target)).end).toMatchObject({
      state: 'error',
      reason: 'notNeeded',
      error: 'this tunnel runs already',
      result: { running: true, remotePort: 40022 },
    });
    const moved = await rig.request('startRssh', { ...target, remotePort: 40023 });
    expect(moved.end).toMatchObject({ state: 'done', result: { running: true, remotePort: 40023 } });
    await until('ssh ran twice', () => ssh.runs().length === 2);
    expect((await rig.request('queryRssh')).end.result).toMatchObject({ running: true, remotePort: 40023 });

    expect((await rig.request('stopRssh')).end).toMatchObject({ state: 'done', result: { running: false } });
    expect((await rig.request('stopRssh')).end).toMatchObject({
      state: 'error',
      reason: 'notNeeded',
      error: 'no tunnel to stop',
    });
    expect(rig.agent.tunnel?.state().running).toBe(false);
  });

  it('needs every field and the key file; unsupported when the file turns it off', async () => {
    ssh = makeFakeSsh();
    rig = await startRig({ rssh: { command: ssh.command, keyFile: `${ssh.dir}/missing` } });
    await rig.sub.next('agent/report');
    expect((await rig.request('startRssh', { host: 'h', port: 22, user: 'gw' })).end).toMatchObject({
      state: 'error',
      error: expect.stringMatching(/^extra\.remotePort: /),
    });
    expect((await rig.request('startRssh', target)).end).toMatchObject({
      state: 'error',
      error: `no SSH key on the gateway at ${ssh.dir}/missing`,
    });
    expect(ssh.runs()).toEqual([]);
    await rig.close();

    rig = await startRig({ rssh: null });
    await rig.sub.next('agent/report');
    for (const cmd of ['startRssh', 'stopRssh', 'queryRssh']) {
      expect((await rig.request(cmd, target)).end).toMatchObject({ state: 'error', reason: 'unsupported' });
    }
  });
});
