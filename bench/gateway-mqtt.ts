/**
 * Uplinks per second through the MQTT gateway link (embedded broker, then Mosquitto at
 * MOSQUITTO_URL) next to the Semtech UDP figure, end to end as in dataplane-throughput.ts: 10,000
 * ABP devices, every uplink heard by 3 gateways, de-duplicated, stored and published.
 *
 * Run: npx tsx bench/gateway-mqtt.ts      (PGlite; DATABASE_URL=postgres://… for PostgreSQL)
 *      RATES=1000,2000 SECONDS=10 MOSQUITTO_URL=mqtt://127.0.0.1:1883 to change the run.
 */
import { fork } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { gatewayApi } from '@lns/contract/api/gateways';
import { localTopics } from '../apps/server/src/bus/bus';
import { gwIdOf, runLoad, setupServer } from './lib/dataplane-setup';

const DEVICES = Number(process.env.DEVICES ?? 10_000);
const GATEWAYS = 3;
const SECONDS = Number(process.env.SECONDS ?? 10);
const RATES = (process.env.RATES ?? '1000,2000,3000').split(',').map(Number);
const MOSQUITTO = process.env.MOSQUITTO_URL ?? 'mqtt://127.0.0.1:1883';

function mqttLoad(args: object): Promise<{ sent: number; sendSeconds: number }> {
  return new Promise((resolve, reject) => {
    const child = fork(new URL('./lib/mqtt-load.ts', import.meta.url).pathname, [JSON.stringify(args)], {
      execArgv: ['--import', 'tsx'],
      stdio: 'inherit',
    });
    child.once('message', (m) => resolve(m as { sent: number; sendSeconds: number }));
    child.once('error', reject);
    child.once('exit', (code) => code !== 0 && reject(new Error(`load generator exited with ${code}`)));
  });
}

async function run(link: 'udp' | 'embedded' | 'mosquitto') {
  const env: Record<string, string> =
    link === 'mosquitto'
      ? { MQTT_URL: MOSQUITTO, MQTT_SHARED_GROUP: `bench${process.pid}` }
      : { MQTT_PORT: '0', HOST: '127.0.0.1' };
  const srv = await setupServer({ devices: DEVICES, gateways: GATEWAYS, env });
  if (link !== 'udp') await srv.integrations.startMqtt();
  const url = link === 'mosquitto' ? MOSQUITTO : `mqtt://127.0.0.1:${srv.integrations.broker?.port}`;
  const gateways = [];
  for (let g = 0; g < GATEWAYS; g++) {
    const gwID = gwIdOf(g);
    const c = (await srv.call(srv.token, 'GET', gatewayApi.mqttInfo.path, { gwID })).data;
    gateways.push(link === 'embedded' ? { gwID, username: c.username, password: c.password } : { gwID });
  }
  let published = 0;
  let lastAt = 0;
  srv.services.local.subscribe(localTopics.appMessage, () => {
    published++;
    lastAt = performance.now();
  });
  let fCntBase = 1;
  for (const rate of RATES) {
    const before = published;
    const cpuBefore = process.cpuUsage();
    const args = { devices: DEVICES, rate, seconds: SECONDS, fCntBase };
    const load =
      link === 'udp'
        ? runLoad({ ...args, port: srv.port, gateways: GATEWAYS, confirmed: false })
        : mqttLoad({ ...args, url, gateways });
    while (srv.dp.dedup.size === 0 && published === before) await sleep(1);
    const first = performance.now();
    const res = await load;
    const sendEnd = first + res.sendSeconds * 1000;
    // Whatever is still on its way (in the broker, in de-dup) arrives within a second or two.
    let seen = -1;
    while (srv.dp.inflight > 0 || seen !== published) {
      seen = published;
      await sleep(500);
    }
    await srv.dp.writer.flush();
    const cpu = process.cpuUsage(cpuBefore);
    const n = published - before;
    console.log(
      `${link} | ${srv.engine} | ${rate} | ${n} of ${res.sent} | ${Math.round(n / ((lastAt - first) / 1000))} | ${Math.max(0, (lastAt - sendEnd) / 1000).toFixed(2)} | ${((cpu.user + cpu.system) / 1000 / Math.max(1, n)).toFixed(3)}`,
    );
    fCntBase += Math.ceil((rate * SECONDS) / DEVICES) + 1;
  }
  await srv.close();
}

console.log(`${DEVICES} devices, ${GATEWAYS} gateways per uplink, ${SECONDS} s per rate`);
console.log(
  'link | engine | offered/s | processed | processed/s | last publish after last send (s) | server CPU ms per uplink',
);
for (const link of ['udp', 'embedded', 'mosquitto'] as const) await run(link);
process.exit(0);
