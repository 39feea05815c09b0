import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import mqtt from 'mqtt';
import { afterAll, describe, expect, it } from 'vitest';
import { abpSession } from '../../test/dataplane-kit';
import { abpDevice } from '../../test/devices-fixtures';
import { rxpkOf, TestGateway } from '../../test/gateway';
import { serverProcess, until } from '../../test/server-process';

const BROKER = process.env.TEST_MQTT_URL ?? 'mqtt://127.0.0.1:1883';
const GW = 'c0ee4000000000d1';
type Server = Awaited<ReturnType<typeof serverProcess>>;

/** Device numbers unique to this run: topics on the shared broker must not meet another run's. */
const runBase = () => 0x100000 + Math.floor(Math.random() * 0xe00000);

async function setUp(s: Server, devices: number[], app: Record<string, unknown>) {
  const appID = (await s.api('POST', '/api/application/create', { appName: 'durable', productType: 'lorawan', ...app }))
    .data.appID;
  for (const n of devices) expect((await s.api('POST', '/api/device/create', { appID, ...abpDevice(n) })).code).toBe(0);
  const gw = {
    gwID: GW,
    gwName: 'durable-gw',
    region: 'eu868',
    subnet: 'eu868-default',
    gwType: 'generic',
    txPower: 0,
  };
  expect((await s.api('POST', '/api/gateway/create', gw)).code).toBe(0);
  return appID as number;
}

async function gateway(s: Server) {
  const gw = await new TestGateway(GW, Number(s.env.UDP_PORT)).open();
  gw.pull();
  await gw.waitFor((x) => x.kind === 'PULL_ACK');
  return gw;
}

/** Uplinks from every device, one round (FCnt) after the other, until `stop` is called. */
function ingest(gw: TestGateway, devices: number[], fCnt0: number) {
  const frames = devices.map((n) => abpSession(abpDevice(n)));
  let running = true;
  const done = (async () => {
    for (let f = fCnt0; running && f < fCnt0 + 2000; f++) {
      gw.push(frames.map((frame) => rxpkOf(frame({ fCnt: f }))));
      await sleep(15);
    }
  })();
  return {
    stop: async () => {
      running = false;
      await done;
    },
  };
}

/** Every row of a history list, page by page. */
async function every<T>(s: Server, url: string): Promise<T[]> {
  const rows: T[] = [];
  for (let page = 1; ; page++) {
    const r = await s.api('GET', `${url}&pageNo=${page}&pageSize=200`);
    if (r.code !== 0) throw new Error(JSON.stringify(r));
    rows.push(...(r.data as T[]));
    if (rows.length >= (r.amount ?? 0) || r.data.length === 0) return rows;
  }
}
const frameCounts = async (s: Server, n: number): Promise<number[]> =>
  (await every<{ fCnt: number }>(s, `/api/device/lorawan/history?devEUI=${abpDevice(n).devEUI}&uplink=1`)).map(
    (r) => r.fCnt,
  );
const messages = (s: Server, n: number) =>
  every<{ msgID: string; fCnt: number }>(s, `/api/device/history?devEUI=${abpDevice(n).devEUI}`);
const fCntUp = async (s: Server, n: number): Promise<number> =>
  (await s.api('GET', `/api/device/status?devEUI=${abpDevice(n).devEUI}`)).data.fCntUp;

/** Runs uplinks, kills the server with SIGKILL while they flow, and restarts it on the same store. */
async function killDuringIngest(s: Server, devices: number[], killWhen: () => Promise<boolean>) {
  const gw = await gateway(s);
  const load = ingest(gw, devices, 1);
  await until(async () => ((await killWhen()) ? true : undefined), 60_000);
  await s.kill9();
  await load.stop();
  gw.close();
  await s.boot();
}

describe('nothing accepted is lost across kill -9', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c();
  });

  it('every uplink whose FCnt was accepted is in the frame and message history after the restart', async () => {
    const s = await serverProcess({ GATEWAY_MAX_UPLINKS_PER_S: '100000' });
    cleanups.push(() => s.cleanup());
    await s.boot();
    const base = runBase();
    const devices = Array.from({ length: 10 }, (_, i) => base + i);
    await setUp(s, devices, {});
    await killDuringIngest(s, devices, async () => (await frameCounts(s, devices[0]!)).length >= 15);

    let accepted = 0;
    for (const n of devices) {
      const next = await fCntUp(s, n);
      const frames = await frameCounts(s, n);
      const msgs = (await messages(s, n)).map((m) => m.fCnt);
      accepted += frames.length;
      // The FCnt the database advanced to was stored with its frame and message, and nothing
      // beyond it: the last accepted uplink is exactly the one an in-memory queue loses.
      expect(next).toBeGreaterThan(1);
      expect(frames).toContain(next - 1);
      expect(msgs).toContain(next - 1);
      expect(Math.max(...frames)).toBe(next - 1);
      expect(new Set(frames).size).toBe(frames.length);
      expect(msgs.sort((a, b) => a - b)).toEqual(frames.sort((a, b) => a - b));
    }
    expect(accepted).toBeGreaterThan(devices.length * 10);
  }, 180_000);

  it('HTTP push: messages pending at kill -9 arrive after the restart, each with its message id', async () => {
    let healthy = false;
    const got: { id: string; body: { messageId: string; msgID: string }; status: number }[] = [];
    const receiver = http.createServer((req, res) => {
      let data = '';
      req.on('data', (c) => (data += c));
      req.on('end', () => {
        const status = healthy ? 200 : 500;
        got.push({ id: String(req.headers['x-message-id']), body: JSON.parse(data), status });
        res.statusCode = status;
        res.end();
      });
    });
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
    cleanups.push(async () => {
      receiver.closeAllConnections();
      await new Promise((r) => receiver.close(r));
    });
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
    const s = await serverProcess({ GATEWAY_MAX_UPLINKS_PER_S: '100000', PUSH_ALLOW_PRIVATE: 'true' });
    cleanups.push(() => s.cleanup());
    await s.boot();
    const base = runBase();
    const devices = Array.from({ length: 5 }, (_, i) => base + i);
    await setUp(s, devices, { pushUrls: [url] });
    // The receiver fails everything until the server is killed: every message is still pending.
    await killDuringIngest(s, devices, async () => got.length >= 3 && (await messages(s, devices[0]!)).length >= 5);
    const failedIds = new Set(got.map((g) => g.id));
    healthy = true;

    const sent: string[] = [];
    for (const n of devices) sent.push(...(await messages(s, n)).map((m) => m.msgID));
    expect(sent.length).toBeGreaterThan(devices.length);
    await until(async () => {
      const ok = new Set(got.filter((g) => g.status === 200).map((g) => g.id));
      return sent.every((id) => ok.has(id)) ? true : undefined;
    }, 90_000);
    for (const g of got) {
      expect(g.body.messageId).toBe(g.id);
      expect(g.body.msgID).toBe(g.id);
    }
    // A message refused before the kill is delivered after it under the same id.
    const delivered = new Set(got.filter((g) => g.status === 200).map((g) => g.id));
    for (const id of failedIds) expect(delivered.has(id)).toBe(true);
    // Nothing was pushed that is not in the history (no message made up or altered).
    expect([...delivered].every((id) => sent.includes(id))).toBe(true);
  }, 240_000);

  it('MQTT: uplinks accepted before kill -9 reach a persistent subscriber after the restart', async () => {
    const base = runBase();
    const devices = Array.from({ length: 5 }, (_, i) => base + i);
    const sub = await mqtt.connectAsync(BROKER, {
      clientId: `durable-test-${base.toString(16)}`,
      clean: false,
      reconnectPeriod: 0,
    });
    cleanups.push(async () => {
      await sub.endAsync(true);
    });
    const got: { messageId: string; msgID: string }[] = [];
    sub.on('message', (_topic, payload) => got.push(JSON.parse(payload.toString())));
    for (const n of devices)
      await sub.subscribeAsync(`application/+/device/${abpDevice(n).devEUI}/event/up`, { qos: 1 });

    const s = await serverProcess({ GATEWAY_MAX_UPLINKS_PER_S: '100000', MQTT_URL: BROKER });
    cleanups.push(() => s.cleanup());
    await s.boot();
    await setUp(s, devices, { enableMQTT: true });
    await killDuringIngest(s, devices, async () => (await messages(s, devices[0]!)).length >= 10);

    const sent: string[] = [];
    for (const n of devices) sent.push(...(await messages(s, n)).map((m) => m.msgID));
    expect(sent.length).toBeGreaterThan(devices.length * 5);
    await until(async () => {
      const ids = new Set(got.map((g) => g.messageId));
      return sent.every((id) => ids.has(id)) ? true : undefined;
    }, 90_000);
    expect(got.every((g) => g.messageId === g.msgID)).toBe(true);
  }, 240_000);
});
