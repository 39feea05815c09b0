/**
 * Gateway remote operations through the embedded broker, with the gateway agent in its own
 * process (as on a gateway): web shell round trip (a keypress sent on the browser's socket until
 * its echo comes back from the agent's pseudo-terminal) and command round trip (queryWssh, a
 * built-in of the agent: API call → MQTT → agent → MQTT → API answer), p50 / p99.
 *
 * Run: npx tsx bench/gateway-ops.ts     KEYS=1000 COMMANDS=500 KEY_GAP_MS=20 to change the run.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { gatewayCommandApi } from '@lns/contract/api/gateway-commands';
import { gatewayApi } from '@lns/contract/api/gateways';
import { SHELL_STREAM_PATH } from '@lns/contract/gateway-commands';
import WebSocket from 'ws';
import { gwIdOf, percentile, setupServer } from './lib/dataplane-setup';

const KEYS = Number(process.env.KEYS ?? 1000);
const COMMANDS = Number(process.env.COMMANDS ?? 500);
/** Between keys, as a fast typist (the agent batches output that follows its last message within 10 ms). */
const KEY_GAP_MS = Number(process.env.KEY_GAP_MS ?? 20);
const ms = (x: number) => `${x.toFixed(1)} ms`;

const srv = await setupServer({ devices: 0, gateways: 1, env: { MQTT_PORT: '0', HOST: '127.0.0.1' } });
await srv.integrations.startMqtt();
const gwID = gwIdOf(0);
const cred = (await srv.call(srv.token, 'GET', gatewayApi.mqttInfo.path, { gwID })).data;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lns-bench-ops-'));
const config = path.join(dir, 'agent.json');
fs.writeFileSync(
  config,
  JSON.stringify({
    gatewayId: gwID,
    server: `mqtt://127.0.0.1:${srv.integrations.broker!.port}`,
    username: cred.username,
    password: cred.password,
    prefix: cred.topicPrefix,
    udpPort: 0,
    logDir: dir,
    webShell: { command: '/bin/sh', args: [] },
  }),
);
const agentPath = new URL('../tools/gateway-agent/src/cli.ts', import.meta.url).pathname;
const agent = spawn(process.execPath, ['--import', 'tsx', agentPath, config], {
  stdio: ['ignore', 'ignore', 'ignore'],
});
try {
  for (let i = 0; ; i++) {
    const online = (await srv.call(srv.token, 'GET', gatewayApi.statusOnline.path, { gwID })).data;
    if (online?.online) break;
    if (i > 300) throw new Error('the agent did not connect');
    await sleep(50);
  }
  const run = (e: { path: string; method: 'GET' | 'POST' }) =>
    srv.app.inject({
      method: e.method,
      url: e.path,
      headers: { 'x-access-token': srv.token },
      ...(e.method === 'GET' ? { query: { gatewayId: gwID } } : { payload: { gatewayId: gwID } }),
    });

  // Command round trip.
  await run(gatewayCommandApi.openWssh);
  const commandMs: number[] = [];
  for (let i = 0; i < COMMANDS; i++) {
    const t0 = performance.now();
    const res = await run(gatewayCommandApi.queryWssh);
    if (res.json().code !== 0) throw new Error(`queryWssh: ${res.body}`);
    commandMs.push(performance.now() - t0);
  }

  // Web shell round trip: one key at a time, each waiting for its echo.
  await srv.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = srv.app.server.address() as { port: number };
  const ws = new WebSocket(`ws://127.0.0.1:${port}${SHELL_STREAM_PATH}?gatewayId=${gwID}&cols=90&rows=40`, [srv.token]);
  let output = '';
  let waiting: (() => void) | undefined;
  let expect = '';
  ws.on('message', (d) => {
    const m = JSON.parse(d.toString());
    if (m.type === 'output') output += m.data;
    if (waiting && output.includes(expect)) waiting();
  });
  await new Promise((r) => ws.once('open', r));
  await sleep(500); // the shell's first prompt
  const keyMs: number[] = [];
  for (let i = 0; i < KEYS; i++) {
    const key = String.fromCharCode(97 + (i % 26));
    output = '';
    expect = key;
    const echoed = new Promise<void>((r) => {
      waiting = r;
    });
    await sleep(KEY_GAP_MS);
    const t0 = performance.now();
    ws.send(JSON.stringify({ type: 'input', data: key }));
    await echoed;
    keyMs.push(performance.now() - t0);
    // Clear the line now and then so the shell's input line stays short.
    if (i % 64 === 63) ws.send(JSON.stringify({ type: 'input', data: '\u0015' }));
  }
  ws.close();

  console.log(`gateway operations through the embedded broker (${srv.engine}), agent in its own process`);
  console.log(
    `  command round trip (queryWssh, ${COMMANDS}): p50 ${ms(percentile(commandMs, 50))}, p99 ${ms(percentile(commandMs, 99))}`,
  );
  console.log(
    `  web shell keypress → echo (${KEYS}, ${KEY_GAP_MS} ms apart): p50 ${ms(percentile(keyMs, 50))}, p99 ${ms(percentile(keyMs, 99))}`,
  );
} finally {
  agent.kill('SIGTERM');
  await srv.close();
  fs.rmSync(dir, { recursive: true, force: true });
}
process.exit(0);
