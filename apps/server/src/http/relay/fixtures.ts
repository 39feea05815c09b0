import { applicationApi } from '@lns/contract/api/applications';
import { deviceApi } from '@lns/contract/api/devices';
import { decodeRhf3m485, encodeRhf3m485, type Rhf3m485Message } from '@lns/lorawan/relay/rhf3m485';
import { decodeRhf3mr01, encodeRhf3mr01, type Rhf3mr01Message } from '@lns/lorawan/relay/rhf3mr01';
import { desc, eq } from 'drizzle-orm';
import { abpDevice, otaaDevice } from '../../../test/devices-fixtures';
import type { TestApp } from '../../../test/harness';
import { downlinks } from '../../db/schema/dataplane';
import { deviceByEui } from '../../devices/repository';
import { relayUplinks } from '../../relay/uplinks';

/** The relay test's view of a device: what the server last queued for it, and uplinks it "sends". */
export function deviceSide(t: TestApp, devEUI: string) {
  const queued = async () =>
    t.services.db.select().from(downlinks).where(eq(downlinks.devEui, devEUI)).orderBy(desc(downlinks.createdAt));
  /** The newest downlinks (newest first), decoded as rhf3mr01 (port 210) or rhf3m485 (211). */
  const lastRelay = async (): Promise<Rhf3mr01Message & { token: number }> => {
    const [d] = await queued();
    return decodeRhf3mr01(Buffer.from(d!.data, 'hex'), 'down') as Rhf3mr01Message & { token: number };
  };
  const lastLadtp = async (): Promise<Rhf3m485Message> => {
    const [d] = await queued();
    return decodeRhf3m485(Buffer.from(d!.data, 'hex'), 'down');
  };
  /** An accepted uplink as the uplink path hands it on (decrypted payload, heard by a gateway), through the real handler. */
  const up = async (fPort: number, payload: Buffer) => {
    const { productType } = (await deviceByEui(t.services.db, devEUI))!;
    await relayUplinks(t.services.dataPlane, [{ devEUI, fPort, payload, productType, relayDevEui: null }]);
  };
  const relay = (m: Rhf3mr01Message) => up(210, encodeRhf3mr01(m));
  const ladtp = (m: Rhf3m485Message) => up(211, encodeRhf3m485(m));
  return { queued, lastRelay, lastLadtp, up, relay, ladtp };
}

export const RELAY_CONFIG = {
  joinDelayMin: 1000,
  joinDelayMax: 60000,
  joinDelaySteps: 6,
  hbDelayMin: 30000,
  hbDelayMax: 3600000,
  hbDelaySteps: 6,
  checkNetDelayMin: 5000,
  checkNetDelayMax: 600000,
  checkNetDelaySteps: 10,
  checkNetDelayNackMax: 3,
  checkNetDelayTimeout: 12,
};
export const LADTP_CONFIG = {
  period: 2,
  baudrate: 9600,
  parity: 0,
  databits: 8,
  timeout: 6,
  isConfirmed: false,
  isReply: false,
  isSendTimeStap: false,
  isSubPacket: true,
};
export const STATUS_BLOCK = {
  status: 0,
  workMode: 1,
  backwardMode: 1,
  slaveNum: 2,
  battery: 87,
  voltage: 3620,
  temperature: 235,
  wake: 1,
};

/** Alice's relay, ladtp, plain device and four ABP slaves (one app), Bob's relay; the users' tokens. */
export async function relayWorld(t: TestApp, base: number) {
  const alice = (await t.userWithToken(`relay-alice-${base}`)).token;
  const bob = (await t.userWithToken(`relay-bob-${base}`)).token;
  const admin = await t.login();
  const app = async (token: string) =>
    (await t.call(token, 'POST', applicationApi.create.path, { appName: 'relays' })).body.data.appID as number;
  const create = async (token: string, appID: number, d: Record<string, unknown>) => {
    const r = await t.call(token, 'POST', deviceApi.create.path, { ...d, appID });
    if (r.body.code !== 0) throw new Error(JSON.stringify(r.body));
    return d.devEUI as string;
  };
  const a = await app(alice);
  const relay = await create(alice, a, abpDevice(base, { productType: 'rhf3mr01' }));
  const ladtp = await create(alice, a, abpDevice(base + 1, { productType: 'rhf3m485' }));
  const plain = await create(alice, a, abpDevice(base + 2));
  const slaves: string[] = [];
  for (let i = 0; i < 4; i++) slaves.push(await create(alice, a, abpDevice(base + 0x10 + i)));
  const unjoined = await create(alice, a, otaaDevice(base + 0x20));
  const bobRelay = await create(bob, await app(bob), abpDevice(base + 0x30, { productType: 'rhf3mr01' }));
  return { alice, bob, admin, relay, ladtp, plain, slaves, unjoined, bobRelay };
}
