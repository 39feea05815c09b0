import { applicationApi } from '@lns/contract/api/applications';
import { deviceTagApi } from '@lns/contract/api/device-tags';
import { deviceApi } from '@lns/contract/api/devices';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { otaaDevice } from '../../../test/devices-fixtures';
import { createTestApp, type TestApp } from '../../../test/harness';

// The lists' totals and the applications' device counts come from counters kept by database
// triggers (migrations 0024, and 0027 for one tag), not from counting rows: they must follow every
// way devices and their tags change.
describe('device totals', () => {
  let t: TestApp;
  let admin: string;
  let carol: string;
  let dave: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.login();
    carol = (await t.userWithToken('totals-carol')).token;
    dave = (await t.userWithToken('totals-dave')).token;
  });
  afterAll(() => t.close());

  const newApp = async (token: string, appName: string) =>
    (await t.call(token, 'POST', applicationApi.create.path, { appName })).body.data.appID as number;
  const total = async (token: string, query: Record<string, string> = {}) => {
    const r = (await t.call(token, 'GET', deviceApi.list.path, query)).body;
    expect(r.code).toBe(0);
    return r.amount as number;
  };
  const deviceNums = async (appID: number) =>
    (await t.call(carol, 'GET', applicationApi.info.path, { appID: String(appID) })).body.data.deviceNums;
  const us = { region: 'us915', subnet: 'us915-2' };

  it('follow creates, imports, moves, region changes, deletes and application deletes', async () => {
    const a = await newApp(carol, 'totals-a');
    const b = await newApp(carol, 'totals-b');
    const inA = (q: Record<string, string> = {}) => total(carol, { appID: String(a), ...q });
    const created = await t.call(carol, 'POST', deviceApi.create.path, { appID: a, ...otaaDevice(7001) });
    expect(created.body.code).toBe(0);
    const devices = [otaaDevice(7002), otaaDevice(7003, us), otaaDevice(7004, us), otaaDevice(7005)];
    const batch = await t.call(carol, 'POST', deviceApi.batchCreate.path, { appID: a, authType: 'otaa', devices });
    expect(batch.body).toMatchObject({ code: 0, data: { created: 4 } });
    expect([await inA(), await inA({ regions: 'us915' }), await inA({ regions: 'eu868,us915' })]).toEqual([5, 2, 5]);
    expect(await deviceNums(a)).toBe(5);
    // A page past the end still carries the total.
    expect(await inA({ pageNo: '9', pageSize: '2' })).toBe(5);
    expect(await inA({ regions: 'us915', pageNo: '9', pageSize: '2' })).toBe(2);
    expect(await inA({ regions: 'us915', orderBy: 'fCntUp', orderType: 'desc' })).toBe(2);

    // A refused import (one bad row) changes nothing.
    const bad = [otaaDevice(7006), otaaDevice(7007, { region: 'xx999' })];
    expect(
      (await t.call(carol, 'POST', deviceApi.batchCreate.path, { appID: a, authType: 'otaa', devices: bad })).body.code,
    ).not.toBe(0);
    expect(await inA()).toBe(5);

    const move = await t.call(carol, 'POST', deviceApi.move.path, { appId: b, devEUIs: [otaaDevice(7001).devEUI] });
    expect(move.body.code).toBe(0);
    expect([await inA(), await total(carol, { appID: String(b) }), await deviceNums(b)]).toEqual([4, 1, 1]);

    const toUs = await t.call(carol, 'POST', deviceApi.update.path, { appID: a, ...otaaDevice(7002, us) });
    expect(toUs.body.code).toBe(0);
    expect([await inA({ regions: 'us915' }), await inA({ regions: 'eu868' })]).toEqual([3, 1]);

    const del = await t.call(carol, 'POST', deviceApi.delete.path, {
      devEUIs: [otaaDevice(7003).devEUI, otaaDevice(7005).devEUI],
    });
    expect(del.body.code).toBe(0);
    expect([await inA(), await inA({ regions: 'us915' }), await deviceNums(a)]).toEqual([2, 2, 2]);
    expect(await total(carol)).toBe(3);

    expect((await t.call(carol, 'POST', applicationApi.delete.path, { appIDs: [b] })).body.code).toBe(0);
    expect(await total(carol)).toBe(2);
    // Another user sees neither the devices nor their number.
    expect(await total(dave)).toBe(0);
    expect((await t.call(dave, 'GET', deviceApi.list.path, { appID: String(a) })).body.code).toBe(3001);
    expect(await total(admin, { appID: String(a) })).toBe(2);
  });

  it('follow tagging, untagging, moves, region changes, deletes and tag deletes for a tag filter', async () => {
    const a = await newApp(carol, 'tag-totals-a');
    const b = await newApp(carol, 'tag-totals-b');
    const tags = (await t.call(carol, 'POST', deviceTagApi.create.path, { tags: ['tt-1', 'tt-2'], groupName: 'g' }))
      .body.data.tags as { tagId: number }[];
    const [one, two] = tags.map((x) => String(x.tagId));
    const devices = [7101, 7102, 7103, 7104].map((n) => otaaDevice(n, n === 7104 ? us : {}));
    const euis = devices.map((d) => d.devEUI);
    const batch = await t.call(carol, 'POST', deviceApi.batchCreate.path, {
      appID: a,
      authType: 'otaa',
      devices: devices.map((d, i) => ({ ...d, tagsId: i < 3 ? [Number(one)] : [Number(one), Number(two)] })),
    });
    expect(batch.body).toMatchObject({ code: 0, data: { created: 4 } });
    const inA = (tagsId: string, q: Record<string, string> = {}) => total(carol, { appID: String(a), tagsId, ...q });
    // The last-seen order reads a tag's total first, the creation order with its page.
    expect([
      await inA(one),
      await inA(one, { orderBy: 'lastSeen' }),
      await inA(two),
      await inA(`${one},${two}`),
    ]).toEqual([4, 4, 1, 4]);
    expect([await inA(one, { regions: 'us915' }), await inA(one, { regions: 'eu868' })]).toEqual([1, 3]);

    const untag = await t.call(carol, 'POST', deviceApi.updateMany.path, { devEUIs: [euis[0]], appID: a, tagsId: [] });
    expect(untag.body.code).toBe(0);
    expect(await inA(one)).toBe(3);
    const move = await t.call(carol, 'POST', deviceApi.move.path, { appId: b, devEUIs: [euis[1]] });
    expect(move.body.code).toBe(0);
    expect([
      await inA(one),
      await total(carol, { appID: String(b), tagsId: one }),
      await total(carol, { tagsId: one }),
    ]).toEqual([2, 1, 3]);
    const toUs = await t.call(carol, 'POST', deviceApi.update.path, {
      appID: a,
      ...otaaDevice(7103, us),
      tagsId: [Number(one)],
    });
    expect(toUs.body.code).toBe(0);
    expect([await inA(one, { regions: 'us915' }), await inA(one, { regions: 'eu868', orderBy: 'fCntUp' })]).toEqual([
      2, 0,
    ]);
    expect((await t.call(carol, 'POST', deviceApi.delete.path, { devEUIs: [euis[2]] })).body.code).toBe(0);
    expect([await inA(one), await inA(one, { orderBy: 'devAddr', pageNo: '9', pageSize: '2' })]).toEqual([1, 1]);
    expect(await total(dave, { tagsId: one })).toBe(0);
    expect((await t.call(carol, 'POST', deviceTagApi.delete.path, { tagsId: [Number(two)] })).body.code).toBe(0);
    expect(await inA(one)).toBe(1);
  });
});
