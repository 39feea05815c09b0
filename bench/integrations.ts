/**
 * Integrations throughput: HTTP push to a local endpoint (messages/s, with and without a dead
 * endpoint beside it, and the cost of handing a message over) and MQTT fan-out from the embedded
 * broker to subscribers (events/s). Prints figures; asserts nothing.
 *
 * Run: npx tsx bench/integrations.ts        MESSAGES=20000 SUBSCRIBERS=10 to change the run.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import mqtt from 'mqtt';
import { localTopics } from '../apps/server/src/bus/bus';
import { createTestApp } from '../apps/server/test/harness';
import { makeApp, uplink } from '../apps/server/test/integration-fixtures';

const MESSAGES = Number(process.env.MESSAGES ?? 20_000);
const SUBSCRIBERS = Number(process.env.SUBSCRIBERS ?? 10);

const t = await createTestApp({ MQTT_PORT: '0', HOST: '127.0.0.1', PUSH_ALLOW_PRIVATE: 'true' });
// Through the outbox: each message is inserted, claimed, sent and deleted.
t.integrations.outbox.options.pollMs = 20;

let received = 0;
const sink = http.createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    received++;
    res.end();
  });
});
await new Promise<void>((r) => sink.listen(0, '127.0.0.1', r));
const sinkUrl = `http://127.0.0.1:${(sink.address() as AddressInfo).port}`;
const dead = http.createServer(() => {}); // accepts and never answers
await new Promise<void>((r) => dead.listen(0, '127.0.0.1', r));
const deadUrl = `http://127.0.0.1:${(dead.address() as AddressInfo).port}`;

const app = await makeApp(t, 1, 'bench');
const waitFor = async (cond: () => boolean) => {
  while (!cond()) await new Promise((r) => setTimeout(r, 5));
};

for (const withDead of [false, true]) {
  received = 0;
  const ref = { ...app.ref, pushUrls: withDead ? [sinkUrl, deadUrl] : [sinkUrl] };
  const t0 = performance.now();
  for (let i = 0; i < MESSAGES; i++)
    t.services.local.publish(localTopics.appMessage, { message: uplink(ref, '0102030405060708'), application: ref });
  const handed = performance.now() - t0;
  await waitFor(() => received >= MESSAGES);
  const s = (performance.now() - t0) / 1000;
  console.log(
    `HTTP push${withDead ? ' (+ a dead endpoint)' : ''}: ${MESSAGES} messages in ${s.toFixed(2)} s = ${Math.round(MESSAGES / s)}/s; hand-over ${((handed * 1000) / MESSAGES).toFixed(1)} µs/message`,
  );
}

await t.integrations.startMqtt();
const url = `mqtt://127.0.0.1:${t.integrations.broker!.port}`;
const clients = await Promise.all(
  Array.from({ length: SUBSCRIBERS }, () =>
    mqtt.connectAsync(url, { username: app.mqName, password: app.mqPassword, reconnectPeriod: 0 }),
  ),
);
let delivered = 0;
for (const c of clients) {
  c.on('message', () => delivered++);
  await c.subscribeAsync(`application/${app.id}/#`, { qos: 0 });
}
const events = Math.round(MESSAGES / 4);
const t1 = performance.now();
for (let i = 0; i < events; i++)
  t.services.local.publish(localTopics.appMessage, {
    message: uplink(app.ref, '0102030405060708'),
    application: app.ref,
  });
await waitFor(() => delivered >= events * SUBSCRIBERS);
const s1 = (performance.now() - t1) / 1000;
console.log(
  `MQTT embedded: ${events} events to ${SUBSCRIBERS} subscribers in ${s1.toFixed(2)} s = ${Math.round(events / s1)} events/s, ${Math.round((events * SUBSCRIBERS) / s1)} deliveries/s`,
);

for (const c of clients) await c.endAsync();
sink.close();
dead.closeAllConnections();
dead.close();
await t.close();
process.exit(0);
