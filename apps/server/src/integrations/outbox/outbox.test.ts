import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { makeDevice, uplink } from '../../../test/integration-fixtures';
import { ApplicationRepository } from '../../applications/repository';
import type { AppRef } from '../../bus/events';
import { bulkInsert } from '../../db/recordset';
import { deviceMessages } from '../../db/schema/dataplane';
import { outbox } from '../../db/schema/outbox';
import { appMessageRow } from '../../ns/records';
import { decodeCayenne } from '../decoders/cayenne';
import { appMessageDeliveries } from './deliveries';

const until = async (cond: () => Promise<boolean>, ms = 10_000) => {
  const end = Date.now() + ms;
  while (!(await cond())) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 20));
  }
};

/** Cayenne LPP: channel 1, temperature 27.0 °C. */
const LPP = '0167010e';

describe('outbox recovery of an uplink whose live decode died with its process', () => {
  let t: TestApp;
  const bodies: Record<string, unknown>[] = [];
  let server: http.Server;
  let url: string;
  beforeAll(async () => {
    t = await createTestApp({ PUSH_ALLOW_PRIVATE: 'true' }); // its receiver listens on 127.0.0.1
    t.integrations.outbox.options.pollMs = 20;
    server = http.createServer((req, res) => {
      let data = '';
      req.on('data', (c) => (data += c));
      req.on('end', () => {
        bodies.push(JSON.parse(data));
        res.end();
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    server.close();
    await t.close();
  });

  /** What the accepting statement left behind: the undecoded history row and held deliveries, due now. */
  async function leftBehind(pushUrls: string[]) {
    const { userID } = await t.userWithToken(`u${Math.random().toString(16).slice(2, 8)}`);
    const app = await new ApplicationRepository(t.services.db).create(userID, {
      name: 'lpp',
      productType: 'lorawan',
      protocol: '',
      pushUrls,
      headers: {},
      enableMqtt: false,
      decoder: { name: 'lpp', type: 'cayenne', content: '' },
    });
    const ref: AppRef = { appID: app.id, appName: app.name, pushUrls, headers: {}, enableMQTT: false, ownerId: userID };
    const dev = await makeDevice(t, app.id, userID);
    const m = uplink(ref, dev, { data: LPP, fPort: 1, createtime: Date.now() });
    await bulkInsert(t.services.db, deviceMessages, [appMessageRow(m)]);
    const rows = appMessageDeliveries(m, ref, { held: true, historyStored: true }).map((r) => ({
      ...r,
      nextAt: Date.now() - 1, // the hold ran out: nobody released them
    }));
    await bulkInsert(t.services.db, outbox, rows);
    t.integrations.outbox.wake();
    const stored = () =>
      t.services.db
        .select()
        .from(deviceMessages)
        .where(and(eq(deviceMessages.devEui, dev), eq(deviceMessages.msgId, m.msgID)));
    const pending = () => t.services.db.select().from(outbox).where(eq(outbox.messageId, m.msgID));
    return { m, stored, pending };
  }

  it('decodes, stores the object on the history row and pushes it with the object', async () => {
    const { m, stored, pending } = await leftBehind([url]);
    const expected = decodeCayenne(Buffer.from(LPP, 'hex'));
    expect(Object.keys(expected as object)).not.toHaveLength(0);
    await until(async () => bodies.some((b) => b.messageId === m.msgID));
    const pushed = bodies.find((b) => b.messageId === m.msgID)!;
    expect(pushed.object).toEqual(expected);
    expect(pushed.payload).toBe(LPP);
    expect((await stored())[0]!.object).toEqual(expected);
    await until(async () => (await pending()).length === 0);
  });

  it('decodes for the history alone when the application has no receiver', async () => {
    const { stored, pending } = await leftBehind([]);
    expect(await pending()).toHaveLength(1); // the row kept only for the decoder
    await until(async () => (await pending()).length === 0);
    expect((await stored())[0]!.object).toEqual(decodeCayenne(Buffer.from(LPP, 'hex')));
  });
});
