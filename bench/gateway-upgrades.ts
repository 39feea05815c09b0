/**
 * One upgrade task over 1,000 simulated gateway agents (a child process, each signed in with its
 * own credentials on the embedded broker): packages downloaded from the file store by signed
 * addresses, statuses reported; time from creating the task to its end with maxLimit 50, and the
 * server's CPU and memory meanwhile.
 *
 * Run: npx tsx bench/gateway-upgrades.ts    GATEWAYS=1000 MAX_LIMIT=50 SIZE_KB=512 INSTALL_MS=200
 */
import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { gatewayApi } from '@lns/contract/api/gateways';
import { packetForwarderUpgradeApi, upgradeTaskApi } from '@lns/contract/api/upgrades';
import { gwIdOf, setupServer } from './lib/dataplane-setup';

const GATEWAYS = Number(process.env.GATEWAYS ?? 1000);
const MAX_LIMIT = Number(process.env.MAX_LIMIT ?? 50);
const SIZE_KB = Number(process.env.SIZE_KB ?? 512);
const INSTALL_MS = Number(process.env.INSTALL_MS ?? 200);

// gwIdOf covers 256 gateways; beyond, a wider id of the same shape.
const idOf = (i: number) => (i < 256 ? gwIdOf(i) : `beef${i.toString(16).padStart(12, '0')}`);

const srv = await setupServer({ devices: 0, gateways: 0, env: { MQTT_PORT: '0', HOST: '127.0.0.1' } });
await srv.integrations.startMqtt();
await srv.app.listen({ port: 0, host: '127.0.0.1' });
const http = `http://127.0.0.1:${(srv.app.server.address() as { port: number }).port}`;
const gateways = [];
for (let i = 0; i < GATEWAYS; i++) {
  const gwID = idOf(i);
  await srv.call(srv.token, 'POST', gatewayApi.create.path, {
    gwID,
    gwName: `up-${i}`,
    region: 'eu868',
    subnet: 'eu868-default',
    gwType: 'generic',
    txPower: 0,
  });
  const c = (await srv.call(srv.token, 'GET', gatewayApi.mqttInfo.path, { gwID })).data;
  gateways.push({ gwID, username: c.username, password: c.password, prefix: c.topicPrefix });
}
const child = fork(
  new URL('./lib/upgrade-agents.ts', import.meta.url).pathname,
  [
    JSON.stringify({
      broker: `mqtt://127.0.0.1:${srv.integrations.broker!.port}`,
      http,
      installMs: INSTALL_MS,
      gateways,
    }),
  ],
  { execArgv: ['--import', 'tsx'], stdio: 'inherit' },
);
await new Promise((resolve) => child.once('message', resolve));
for (;;) {
  const online = (await srv.call(srv.token, 'GET', gatewayApi.list.path, { online: 1, pageSize: 1 })).amount;
  if (online >= GATEWAYS) break;
  await sleep(200);
}

const types = (await srv.call(srv.token, 'GET', upgradeTaskApi.listGatewayType.path)).data as {
  gatewayType: string;
  arch: string;
}[];
const arch = types.find((t) => t.gatewayType === 'generic')!.arch;
const file = (await srv.services.files.save(randomBytes(SIZE_KB * 1024), 'lora_pkt_fwd', 1)).file;
const version = await srv.call(srv.token, 'POST', packetForwarderUpgradeApi.createNewVersion.path, {
  name: 'bench-pf',
  fileUrl: file.fileUrl,
  arch,
});
srv.services.upgrades.start();
let rssPeak = 0;
const sampler = setInterval(() => {
  rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
}, 200);
const cpu0 = process.cpuUsage();
const t0 = performance.now();
const task = await srv.call(srv.token, 'POST', upgradeTaskApi.create.path, {
  name: 'bench',
  upgradeType: 3,
  versionId: version.data.id,
  gatewayTypes: ['generic'],
  maxLimit: MAX_LIMIT,
});
let detail: { state: string; counts: Record<string, number> };
for (;;) {
  detail = (await srv.call(srv.token, 'GET', upgradeTaskApi.detail.path, { taskId: task.data.taskId })).data;
  if (detail.state === 'completed' || detail.state === 'abnormal') break;
  await sleep(250);
}
const seconds = (performance.now() - t0) / 1000;
const cpu = process.cpuUsage(cpu0);
clearInterval(sampler);
console.log(
  `upgrade task over ${GATEWAYS} simulated agents, maxLimit ${MAX_LIMIT}, ${SIZE_KB} KB package (${srv.engine})`,
);
console.log(`  ${detail.state} in ${seconds.toFixed(1)} s: ${JSON.stringify(detail.counts)}`);
console.log(
  `  server CPU ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s (${((cpu.user + cpu.system) / 1e3 / GATEWAYS).toFixed(1)} ms per gateway), RSS peak ${(rssPeak / 1048576).toFixed(0)} MB`,
);
child.kill();
await srv.services.upgrades.stop();
await srv.close();
process.exit(0);
