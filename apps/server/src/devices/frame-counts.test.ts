import { setTimeout as sleep } from 'node:timers/promises';
import { deviceTagApi } from '@lns/contract/api/device-tags';
import { deviceApi } from '@lns/contract/api/devices';
import { downlinkApi } from '@lns/contract/api/downlinks';
import type { DeviceOrderField } from '@lns/contract/devices';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { abpSession } from '../../test/dataplane-kit';
import { closeDeviceList, type DeviceList, listDevices, openDeviceList } from '../../test/device-list-kit';
import { abpDevice } from '../../test/devices-fixtures';
import { rxpkOf } from '../../test/gateway';
import { rowsOf } from '../db/rows';

// Many matches walk device_list_keys (migration 0026), kept in step with devices by triggers.
describe('device list in frame-counter order', () => {
  let kit: DeviceList;
  let tag: number;
  const devs = listDevices(800);
  const eui = (i: number) => devs[i]!.devEUI;

  beforeAll(async () => {
    // Device 0 starts at uplink counter 40 (an ABP device moved from another server); device 4,
    // never heard, is in another region.
    const extra = (i: number) => (i === 0 ? { fCntUp: 40 } : i === 4 ? { region: 'us915', subnet: 'us915-2' } : {});
    kit = await openDeviceList({ prefix: 'fcnt', devs, extra, gwID: 'a840410000000081' });
    // Stored counters become fCnt + 1: device 2 at 10, devices 1 and 3 tied at 4, device 4 at 0.
    for (const [i, fCnt] of [
      [2, 9],
      [1, 3],
      [3, 3],
    ] as const)
      await uplink(i, fCnt);
  });
  afterAll(() => closeDeviceList(kit));

  const status = async (i: number) => (await kit.call('GET', deviceApi.status.path, { devEUI: eui(i) })).body.data;
  /** Sends one uplink and waits until the device's stored counter shows it. */
  const uplink = async (i: number, fCnt: number) => {
    kit.gw.push([rxpkOf(abpSession(devs[i]!)({ fCnt }), { rssi: -80, lsnr: 5 })]);
    for (let k = 0; k < 1000; k++) {
      if ((await status(i))?.fCntUp === fCnt + 1) return;
      await sleep(10);
    }
    throw new Error(`uplink ${fCnt} of ${eui(i)} not stored within 10 s`);
  };
  const list = (q: Record<string, string>) => kit.list(q);
  const euisOf = (...i: number[]) => i.map(eui);

  it('orders by either counter both ways, ties by DevEUI in the same direction', async () => {
    expect(await list({ orderBy: 'fCntUp', orderType: 'desc' })).toEqual({ euis: euisOf(0, 2, 3, 1, 4), amount: 5 });
    expect(await list({ orderBy: 'fCntUp', orderType: 'asc' })).toEqual({ euis: euisOf(4, 1, 3, 2, 0), amount: 5 });
    const page2 = await list({ orderBy: 'fCntUp', orderType: 'desc', pageSize: '2', pageNo: '2' });
    expect(page2).toEqual({ euis: euisOf(3, 1), amount: 5 });
  });

  it('follows a downlink, a reset and an uplink after it', async () => {
    const queued = await kit.call('POST', downlinkApi.create.path, {
      devEUI: eui(1),
      fport: 9,
      data: 'cafe',
      confirmed: false,
    });
    expect(queued.body.code).toBe(0);
    await uplink(1, 4);
    expect((await status(1)).fCntDown).toBe(1);
    expect((await list({ orderBy: 'fCntDown', orderType: 'desc' })).euis).toEqual(euisOf(1, 4, 3, 2, 0));

    const reset = await kit.call('POST', deviceApi.resetFcnt.path, { devEUI: eui(4), fCntUp: 100, fCntDown: 7 });
    expect(reset.body.code).toBe(0);
    expect((await list({ orderBy: 'fCntUp', orderType: 'desc' })).euis).toEqual(euisOf(4, 0, 2, 1, 3));
    expect((await list({ orderBy: 'fCntDown', orderType: 'desc' })).euis).toEqual(euisOf(4, 1, 3, 2, 0));
    await uplink(3, 200);
    expect((await list({ orderBy: 'fCntUp', orderType: 'desc', pageSize: '1' })).euis).toEqual(euisOf(3));
  });

  it('gives the same pages walking an order index as sorted, filtered or not (last seen and DevAddr too)', async () => {
    tag = (await kit.call('POST', deviceTagApi.create.path, { tags: ['fcnt-tag'], groupName: 'g' })).body.data.tags[0]
      .tagId as number;
    const set = await kit.call('POST', deviceApi.updateMany.path, {
      devEUIs: euisOf(0, 1, 3),
      appID: kit.appID,
      tagsId: [tag],
    });
    expect(set.body.code).toBe(0);
    for (const orderBy of ['fCntUp', 'fCntDown', 'lastSeen', 'devAddr'] as DeviceOrderField[])
      for (const orderType of ['asc', 'desc'] as const)
        for (const [tagsId, regions, amount] of [
          [undefined, undefined, 5],
          [[tag], undefined, 3],
          [undefined, ['eu868'], 4],
          [[tag], ['eu868'], 3],
          [undefined, ['us915'], 1],
        ] as const) {
          const filter = { tagsId: tagsId && [...tagsId], regions: regions && [...regions] };
          await kit.walkedAsSorted({ orderBy, orderType, ...filter }, amount, [
            [0, 10],
            [1, 2],
            [3, 2],
            [5, 2],
          ]);
        }
    const tagged = await list({ orderBy: 'fCntUp', orderType: 'desc', tagsId: String(tag) });
    expect(tagged).toEqual({ euis: euisOf(3, 0, 1), amount: 3 });
    // Without an application: the tag over every application of the user.
    for (const orderBy of ['fCntUp', 'lastSeen', 'devAddr']) {
      const q = { tagsId: String(tag), orderBy, orderType: 'desc', pageSize: '2' };
      const body = (await kit.call('GET', deviceApi.list.path, q)).body;
      expect(body).toMatchObject({ code: 0, amount: 3 });
      if (orderBy === 'fCntUp') expect(body.data.map((d: { devEUI: string }) => d.devEUI)).toEqual(euisOf(3, 0));
    }
  });

  it('follows a move, a delete and an import, and stays equal to the devices table', async () => {
    await kit.call('POST', deviceApi.move.path, { appId: kit.otherApp, devEUIs: [eui(0)] });
    const moved = await list({ orderBy: 'fCntUp', orderType: 'desc', appID: String(kit.otherApp) });
    expect(moved).toEqual({ euis: euisOf(0), amount: 1 });
    await kit.call('POST', deviceApi.delete.path, { devEUIs: [eui(2)] });
    expect((await list({ orderBy: 'fCntUp', orderType: 'asc' })).euis).toEqual(euisOf(1, 4, 3));

    const imported = [900, 901].map((n) => abpDevice(n, { fCntUp: n }));
    const batch = await kit.call('POST', deviceApi.batchCreate.path, {
      appID: kit.appID,
      authType: 'abp',
      devices: imported,
    });
    expect(batch.body.code).toBe(0);
    const top = await list({ orderBy: 'fCntUp', orderType: 'desc', pageSize: '2' });
    expect(top.euis).toEqual(imported.map((d) => d.devEUI).reverse());

    // Keys that change after tagging reach the tag links, which a tag-filtered page sorts.
    await kit.call('POST', deviceApi.resetFcnt.path, { devEUI: eui(1), fCntUp: 500, fCntDown: 3 });
    await uplink(3, 300);
    const tagged = await list({ orderBy: 'fCntUp', orderType: 'desc', tagsId: String(tag) });
    expect(tagged).toEqual({ euis: euisOf(1, 3), amount: 2 });
    expect((await list({ orderBy: 'lastSeen', orderType: 'desc', tagsId: String(tag) })).euis).toEqual(euisOf(3, 1));

    const drift = rowsOf(
      await kit.t.services.db.execute(sql`SELECT
        (SELECT count(*)::int FROM devices d FULL JOIN device_list_keys c ON c.dev_eui = d.dev_eui
          WHERE (d.app_id, d.region, d.last_seen, d.f_cnt_up, d.f_cnt_down)
            IS DISTINCT FROM (c.app_id, c.region, c.last_seen, c.f_cnt_up, c.f_cnt_down)) AS keys,
        (SELECT count(*)::int FROM device_tag_links l JOIN devices d ON d.dev_eui = l.dev_eui
          WHERE (l.last_seen, l.f_cnt_up, l.f_cnt_down, l.dev_addr)
            IS DISTINCT FROM (d.last_seen, d.f_cnt_up, d.f_cnt_down, d.dev_addr)) AS links,
        (SELECT count(*)::int FROM device_tag_links) AS linked`),
    );
    expect(drift[0]).toEqual({ keys: 0, links: 0, linked: 3 });
  });
});
