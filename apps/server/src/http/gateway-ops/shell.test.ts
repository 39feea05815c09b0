import { API } from '@lns/contract/api/index';
import { SHELL_STREAM_PATH } from '@lns/contract/gateway-commands';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { FakeAgent } from '../../../test/fake-agent';
import { createTestApp, type TestApp } from '../../../test/harness';
import { Client, listen } from '../../../test/stream-client';

const GW = 'a840411b2c3d4e11';

/** Opens the shell socket: the client once open, or the HTTP status of a refusal. */
function openShell(base: string, token: string, query = `gatewayId=${GW}&cols=100&rows=30`): Promise<Client | number> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${base}${SHELL_STREAM_PATH}?${query}`, [token]);
    ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
    ws.on('error', reject);
    ws.on('open', () => resolve(new Client(ws)));
  });
}

/**
 * The web shell socket: browser ⇄ server ⇄ MQTT ⇄ the gateway's agent (played by the test from
 * docs/protocols/gateway-agent.md), with the session recorded.
 */
describe('web shell socket', () => {
  let t: TestApp;
  let admin: string;
  let base: string;
  let agent: FakeAgent;

  beforeAll(async () => {
    t = await createTestApp({ MQTT_PORT: '0', HOST: '127.0.0.1', SHELL_IDLE_S: '10' });
    await t.integrations.startMqtt();
    admin = await t.login();
    const gw = { gwID: GW, gwName: 'shell', region: 'eu868', subnet: 'eu868-default', gwType: 'generic', txPower: 0 };
    expect((await t.call(admin, 'POST', API.gateway.create.path, gw)).body.code).toBe(0);
    agent = await FakeAgent.connect(t, admin, GW);
    for (;;) {
      if ((await t.call(admin, 'GET', API.gateway.statusOnline.path, { gwID: GW })).body.data?.online) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    base = await listen(t);
  }, 120_000);

  afterAll(async () => {
    await agent?.close();
    await t?.close();
  });

  it('joins the browser to a shell on the gateway: open, ordered output, input, resize, exit, record', async () => {
    const c = (await openShell(base, admin)) as Client;
    const open = await agent.next((m) => m.type === 'open');
    expect(open).toMatchObject({ v: 1, cols: 100, rows: 30 });
    const session = open.session as string;
    await agent.shellOut({ session, type: 'opened' });
    expect(await c.json()).toEqual({ type: 'opened', session });
    // Out of order on the wire: the browser still sees them in order.
    await agent.shellOut({ session, type: 'output', seq: 1, data: ' 你好\r\n' });
    await agent.shellOut({ session, type: 'output', seq: 0, data: '$ echo' });
    expect(await c.json()).toEqual({ type: 'output', data: '$ echo' });
    expect(await c.json()).toEqual({ type: 'output', data: ' 你好\r\n' });

    c.ws.send(JSON.stringify({ type: 'input', data: 'uname -a\r\u0003' }));
    expect(await agent.next((m) => m.type === 'input')).toMatchObject({ session, data: 'uname -a\r\u0003' });
    c.ws.send(JSON.stringify({ type: 'resize', cols: 60, rows: 20 }));
    expect(await agent.next((m) => m.type === 'resize')).toMatchObject({ session, cols: 60, rows: 20 });
    c.ws.send('ping');
    expect(await c.next()).toBe('pong');
    c.ws.send('{"type":"resize","cols":1}');
    c.ws.send('not json');

    await agent.shellOut({ session, type: 'closed', reason: 'exited', code: 0 });
    expect(await c.json()).toEqual({ type: 'closed', reason: 'exited' });
    await new Promise((r) => c.ws.once('close', r));

    let rec: any;
    for (let i = 0; i < 100 && rec?.state !== 'done'; i++) {
      rec = (await t.call(admin, 'GET', API.gatewayCommand.list.path, { gatewayId: GW, cmdType: 'webShell' })).body
        .data[0];
      if (rec?.state !== 'done') await new Promise((r) => setTimeout(r, 20));
    }
    expect(rec).toMatchObject({ cmdType: 'webShell', cToken: session, userName: 'admin', state: 'done' });
    expect(rec.result).toMatchObject({ reason: 'exited', bytesIn: 10, bytesOut: 15 });
    expect(rec.finishedAt).toBeGreaterThanOrEqual(rec.createdAt);
  });

  it('tells the gateway when the browser leaves', async () => {
    const before = agent.shellIn.length;
    const c = (await openShell(base, admin)) as Client;
    const open = await agent.next((m) => m.type === 'open' && agent.shellIn.indexOf(m) >= before);
    c.ws.close();
    expect(await agent.next((m) => m.type === 'close' && m.session === open.session)).toBeTruthy();
  });

  it('passes on a refusal by the gateway with its reason', async () => {
    const before = agent.shellIn.length;
    const c = (await openShell(base, admin)) as Client;
    const open = await agent.next((m) => m.type === 'open' && agent.shellIn.indexOf(m) >= before);
    await agent.shellOut({
      session: open.session,
      type: 'closed',
      reason: 'refused',
      detail: 'web shell not allowed: run openWssh',
    });
    expect(await c.json()).toEqual({
      type: 'closed',
      reason: 'refused',
      detail: 'web shell not allowed: run openWssh',
    });
  });

  it('refuses before the upgrade: a common user 403, no token 401, an offline or unknown gateway', async () => {
    const { token } = await t.userWithToken('shell-user');
    expect(await openShell(base, token)).toBe(403);
    expect(await openShell(base, 'not-a-token')).toBe(401);
    expect(await openShell(base, admin, 'gatewayId=a840411b2c3d4eff')).toBe(404);
    expect(await openShell(base, admin, 'gatewayId=zz')).toBe(400);
    const other = {
      gwID: 'a840411b2c3d4e12',
      gwName: 'shell-off',
      region: 'eu868',
      subnet: 'eu868-default',
      gwType: 'generic',
      txPower: 0,
    };
    expect((await t.call(admin, 'POST', API.gateway.create.path, other)).body.code).toBe(0);
    expect(await openShell(base, admin, `gatewayId=${other.gwID}`)).toBe(409);
  });
});
