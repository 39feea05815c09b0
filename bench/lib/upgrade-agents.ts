/**
 * Simulated gateway agents for bench/gateway-upgrades.ts (a child process): each gateway signs in
 * with its own credentials, says ONLINE and answers `upgrade` requests as
 * docs/protocols/gateway-agent.md says: progress, the package downloaded from its signed address
 * and its SHA-256 checked, then done after a simulated install.
 */
import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import mqtt from 'mqtt';

const a = JSON.parse(process.argv[2]!) as {
  broker: string;
  http: string;
  installMs: number;
  gateways: { gwID: string; username: string; password: string; prefix: string }[];
};

async function agent(g: (typeof a.gateways)[number]) {
  const base = `${g.prefix}/gateway/${g.gwID}`;
  const c = await mqtt.connectAsync(a.broker, { username: g.username, password: g.password, reconnectPeriod: 0 });
  const respond = (cToken: string, body: object) =>
    c.publishAsync(`${base}/agent/response`, JSON.stringify({ v: 1, cToken, ...body }), { qos: 1 });
  c.on('message', async (_topic, payload) => {
    const r = JSON.parse(payload.toString());
    if (r.cmdType !== 'upgrade') return;
    await respond(r.cToken, { state: 'progress', progress: 0, result: { installStatus: 2 } });
    const u = new URL(r.extra.url);
    const body = Buffer.from(await (await fetch(`${a.http}${u.pathname}${u.search}`)).arrayBuffer());
    if (createHash('sha256').update(body).digest('hex') !== r.extra.digest) {
      await respond(r.cToken, { state: 'error', error: 'digest mismatch', result: { installStatus: 10 } });
      return;
    }
    await respond(r.cToken, { state: 'progress', progress: 50, result: { installStatus: 3 } });
    await sleep(a.installMs);
    await respond(r.cToken, { state: 'done', result: { installStatus: 9, version: r.extra.version } });
  });
  await c.subscribeAsync(`${base}/agent/request`, { qos: 1 });
  await c.publishAsync(`${base}/state/conn`, JSON.stringify({ gatewayId: g.gwID, state: 'ONLINE' }), { qos: 1 });
}

// A few at a time: a thousand TCP handshakes at once would be a test of the listen backlog.
for (let i = 0; i < a.gateways.length; i += 50) await Promise.all(a.gateways.slice(i, i + 50).map(agent));
process.send?.('connected');
