import { setTimeout as sleep } from 'node:timers/promises';
import { deviceTagApi } from '@lns/contract/api/device-tags';
import { deviceApi } from '@lns/contract/api/devices';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { abpSession, settle } from '../../test/dataplane-kit';
import { closeDeviceList, type DeviceList, listDevices, openDeviceList } from '../../test/device-list-kit';
import { rxpkOf } from '../../test/gateway';

// Many matches walk device_list_keys (migration 0026), kept in step with devices by triggers.
describe('device list in last-seen order after real uplinks', () => {
  let kit: DeviceList;
  const devs = listDevices(700);
  const eui = (i: number) => devs[i]!.devEUI;

  beforeAll(async () => {
    kit = await openDeviceList({ prefix: 'seen', devs, gwID: 'a840410000000071' });
    // Heard one after another, so each has its own last-seen time: 3, then 1, then 4 (2 and 5 never).
    // Each uplink is awaited until stored: under load, a fixed wait let two share a batch and a time.
    for (const i of [2, 0, 3]) {
      kit.gw.push([rxpkOf(abpSession(devs[i]!)({ fCnt: 1 }), { rssi: -80, lsnr: 5 })]);
      await seen(i);
      await settle(kit.dp, 5);
    }
  });
  const seen = async (i: number, after = 0) => {
    for (let k = 0; k < 1000; k++) {
      const d = (await kit.call('GET', deviceApi.status.path, { devEUI: eui(i) })).body.data;
      if (d?.lastSeen > after) return;
      await sleep(10);
    }
    throw new Error(`uplink of ${eui(i)} not stored within 10 s`);
  };
  afterAll(() => closeDeviceList(kit));

  const list = (q: Record<string, string>) => kit.list({ orderBy: 'lastSeen', ...q });

  it('orders seen devices by last seen both ways, never-seen ones last by DevEUI', async () => {
    expect(await list({ orderType: 'desc' })).toEqual({ euis: [3, 0, 2, 1, 4].map(eui), amount: 5 });
    expect(await list({ orderType: 'asc' })).toEqual({ euis: [2, 0, 3, 1, 4].map(eui), amount: 5 });
  });

  it('agrees with the devices lastSeen field', async () => {
    const all = (await kit.call('GET', deviceApi.list.path, { appID: String(kit.appID), pageSize: '10' })).body.data;
    const seenTimes = all
      .filter((d: { lastSeen: number | null }) => d.lastSeen !== null)
      .sort((a: { lastSeen: number }, b: { lastSeen: number }) => b.lastSeen - a.lastSeen)
      .map((d: { devEUI: string }) => d.devEUI);
    expect(seenTimes).toEqual([3, 0, 2].map(eui));
  });

  it('pages across the seen and never-seen devices', async () => {
    const page = (pageNo: number) => list({ orderType: 'desc', pageSize: '2', pageNo: String(pageNo) });
    expect(await page(1)).toEqual({ euis: [3, 0].map(eui), amount: 5 });
    expect(await page(2)).toEqual({ euis: [2, 1].map(eui), amount: 5 });
    expect(await page(3)).toEqual({ euis: [4].map(eui), amount: 5 });
    expect(await page(4)).toEqual({ euis: [], amount: 5 });
  });

  it('gives the same pages walking the last-seen index as sorted from the devices', async () => {
    for (const orderType of ['asc', 'desc'] as const) {
      await kit.walkedAsSorted({ orderBy: 'lastSeen', orderType }, 5, [
        [0, 10],
        [1, 2],
        [2, 2],
        [3, 2],
        [4, 2],
        [6, 2],
      ]);
    }
  });

  it('orders a tag-filtered list the same way (read from the tag links)', async () => {
    const tag = (await kit.call('POST', deviceTagApi.create.path, { tags: ['seen-tag'], groupName: 'g' })).body.data
      .tags[0].tagId;
    const tagged = [0, 1, 3].map(eui);
    const set = await kit.call('POST', deviceApi.updateMany.path, { devEUIs: tagged, appID: kit.appID, tagsId: [tag] });
    expect(set.body.code).toBe(0);
    expect(await list({ orderType: 'desc', tagsId: String(tag) })).toEqual({ euis: [3, 0, 1].map(eui), amount: 3 });
    expect(await list({ orderType: 'asc', tagsId: String(tag) })).toEqual({ euis: [0, 3, 1].map(eui), amount: 3 });
    const page2 = await list({ orderType: 'desc', tagsId: String(tag), pageSize: '2', pageNo: '2' });
    expect(page2).toEqual({ euis: [eui(1)], amount: 3 });
    await kit.call('POST', deviceApi.updateMany.path, { devEUIs: tagged, appID: kit.appID, tagsId: [] });
  });

  it('follows a later uplink, a move and a delete', async () => {
    const before = (await kit.call('GET', deviceApi.status.path, { devEUI: eui(2) })).body.data.lastSeen;
    kit.gw.push([rxpkOf(abpSession(devs[2]!)({ fCnt: 2 }), { rssi: -80, lsnr: 5 })]);
    await seen(2, before);
    expect((await list({ orderType: 'desc' })).euis).toEqual([2, 3, 0, 1, 4].map(eui));

    await kit.call('POST', deviceApi.move.path, { appId: kit.otherApp, devEUIs: [eui(3)] });
    expect(await list({ orderType: 'desc' })).toEqual({ euis: [2, 0, 1, 4].map(eui), amount: 4 });
    const moved = await list({ orderType: 'desc', appID: String(kit.otherApp) } as Record<string, string>);
    expect(moved).toEqual({ euis: [eui(3)], amount: 1 });

    await kit.call('POST', deviceApi.delete.path, { devEUIs: [eui(2)] });
    expect(await list({ orderType: 'asc' })).toEqual({ euis: [0, 1, 4].map(eui), amount: 3 });
  });
});
