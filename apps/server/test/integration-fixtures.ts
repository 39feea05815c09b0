import { randomBytes } from 'node:crypto';
import type { AppMessage } from '@lns/contract/frames';
import { eq } from 'drizzle-orm';
import mqtt from 'mqtt';
import { ApplicationRepository } from '../src/applications/repository';
import type { AppRef } from '../src/bus/events';
import { users } from '../src/db/schema/core';
import { downlinks } from '../src/db/schema/dataplane';
import { devices } from '../src/db/schema/devices';
import type { TestApp } from './harness';

/** An application straight through the repository (the applications API is another area's). */
export async function makeApp(t: TestApp, ownerId: number, name: string, enableMqtt = true) {
  const row = await new ApplicationRepository(t.services.db).create(ownerId, {
    name,
    productType: 'lorawan',
    protocol: '',
    pushUrls: [],
    headers: {},
    enableMqtt,
    decoder: null,
  });
  const ref: AppRef = {
    appID: row.id,
    appName: row.name,
    pushUrls: [],
    headers: {},
    enableMQTT: enableMqtt,
    ownerId,
  };
  return { ...row, ref };
}

export const randomEui = () => randomBytes(8).toString('hex');

export async function makeDevice(t: TestApp, appID: number, ownerId: number, devEUI = randomEui()) {
  const now = Date.now();
  await t.services.db.insert(devices).values({
    devEui: devEUI,
    appId: appID,
    ownerId,
    name: `dev-${devEUI.slice(-4)}`,
    authType: 'abp',
    appEui: '0000000000000000',
    devAddr: randomBytes(4).toString('hex'),
    appSKey: randomBytes(16).toString('hex'),
    nwkSKey: randomBytes(16).toString('hex'),
    region: 'eu868',
    createdAt: now,
    updatedAt: now,
  });
  return devEUI;
}

export async function mqCredentials(t: TestApp, userId: number) {
  const [u] = await t.services.db.select().from(users).where(eq(users.id, userId));
  return { username: u!.mqUsername, password: u!.mqPassword };
}

export const uplink = (app: AppRef, devEUI: string, over: Partial<AppMessage> = {}): AppMessage => ({
  msgID: randomBytes(6).toString('hex'),
  createtime: Date.now(),
  type: 'uplink',
  devEUI,
  devName: 'd',
  appID: app.appID,
  devAddr: '26011234',
  fCnt: 3,
  fPort: 9,
  confirmed: false,
  data: '0a0b',
  dr: 5,
  sf: 7,
  bw: 125,
  freq: 868_100_000,
  rxInfo: [{ gwID: 'aa555a0000000001', rssi: -60, snr: 8, tmst: 1, freq: 868_100_000 }],
  ...over,
});

export function connect(url: string, opts: mqtt.IClientOptions = {}) {
  return mqtt.connectAsync(url, { reconnectPeriod: 0, connectTimeout: 5000, ...opts });
}

/** The next message on a topic (filter matched by the client's subscription). */
export function nextMessage(client: mqtt.MqttClient, match: (topic: string) => boolean, ms = 5000) {
  return new Promise<{ topic: string; json: any }>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no MQTT message')), ms);
    const on = (topic: string, payload: Buffer) => {
      if (!match(topic)) return;
      clearTimeout(timer);
      client.off('message', on);
      resolve({ topic, json: JSON.parse(payload.toString()) });
    };
    client.on('message', on);
  });
}

/** SUBACK codes per filter (mqtt.js rejects when one is refused with 0x80). */
export async function grants(client: mqtt.MqttClient, filters: string | string[], qos: 0 | 1 = 0): Promise<number[]> {
  try {
    return (await client.subscribeAsync(filters, { qos })).map((g) => g.qos);
  } catch (err) {
    const granted = (err as { packet?: { granted?: (number | { reasonCode?: number })[] } }).packet?.granted;
    if (!granted) throw err;
    return granted.map((g) => (typeof g === 'number' ? g : (g.reasonCode ?? 128)));
  }
}

/** The downlinks queued for a device (polls until `n` are there). */
export async function queuedDownlinks(t: TestApp, devEUI: string, n = 1, ms = 5000) {
  const end = Date.now() + ms;
  for (;;) {
    const rows = await t.services.db.select().from(downlinks).where(eq(downlinks.devEui, devEUI));
    if (rows.length >= n || Date.now() > end) return rows;
    await new Promise((r) => setTimeout(r, 20));
  }
}
