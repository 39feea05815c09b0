import { deviceTagApi } from '@lns/contract/api/device-tags';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { otaaDevice } from '../../../test/devices-fixtures';
import { createTestApp, type TestApp } from '../../../test/harness';

describe('device tags API', () => {
  let t: TestApp;
  let admin: string;
  let alice: string;
  let bob: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.login();
    alice = (await t.userWithToken('tag-alice')).token;
    bob = (await t.userWithToken('tag-bob')).token;
  });
  afterAll(() => t.close());

  const tagList = async (token: string) => (await t.call(token, 'GET', '/api/device/tags/list')).body.data.tags;

  it('creates tags in a group, keeps existing names and lists them grouped', async () => {
    const res = await t.call(alice, 'POST', '/api/device/tags/create', {
      tags: ['b', 'a', 'a', ' '],
      groupName: 'floor',
    });
    expect(res.body).toMatchObject({ code: 1006, field: 'tags.3' });
    const ok = await t.call(alice, 'POST', '/api/device/tags/create', { tags: ['b', 'a', 'a'], groupName: 'floor' });
    expect(ok.body.data.tags.map((x: any) => x.name)).toEqual(['a', 'b']);
    const again = await t.call(alice, 'POST', '/api/device/tags/create', { tags: ['a', 'c'], groupName: 'floor' });
    expect(again.body.data.tags.map((x: any) => x.name)).toEqual(['a', 'c']);
    expect(again.body.data.tags[0].tagId).toBe(ok.body.data.tags[0].tagId);
    await t.call(alice, 'POST', '/api/device/tags/create', { tags: ['x'], groupName: 'building' });
    const list = await tagList(alice);
    expect(list.map((x: any) => `${x.groupName}/${x.name}`)).toEqual(['building/x', 'floor/a', 'floor/b', 'floor/c']);
    expect(list[0]).toMatchObject({ deviceNums: 0 });
  });

  it.each([
    [{ tags: [], groupName: 'g' }, 1007, 'tags'],
    [{ tags: ['x'.repeat(31)], groupName: 'g' }, 1007, 'tags.0'],
    [{ tags: ['ok'] }, 1006, 'groupName'],
    [{ tags: ['ok'], groupName: '' }, 1006, 'groupName'],
  ])('refuses %j with %i naming %s', async (body, code, field) => {
    expect((await t.call(alice, 'POST', '/api/device/tags/create', body)).body).toMatchObject({ code, field });
  });

  it('keeps tags per owner; admins see every tag', async () => {
    await t.call(bob, 'POST', '/api/device/tags/create', { tags: ['bob-tag'], groupName: 'g' });
    expect((await tagList(bob)).map((x: any) => x.name)).toEqual(['bob-tag']);
    expect((await tagList(alice)).map((x: any) => x.name)).not.toContain('bob-tag');
    expect((await tagList(admin)).map((x: any) => x.name)).toEqual(expect.arrayContaining(['bob-tag', 'a']));
    const bobTag = (await tagList(bob))[0].tagId;
    const del = await t.call(alice, 'POST', '/api/device/tags/delete', { tagsId: [bobTag] });
    expect(del.body).toMatchObject({ code: 1007, data: { failed: [{ id: String(bobTag) }] } });
    expect(deviceTagApi.delete.refusal.parse(del.body.data)).toEqual(del.body.data);
    expect(await tagList(bob)).toHaveLength(1);
  });

  it('deleting a tag takes it off every device', async () => {
    const appID = (await t.call(alice, 'POST', '/api/application/create', { appName: 'tags' })).body.data.appID;
    const [a, b] = (await tagList(alice)).filter((x: any) => x.groupName === 'floor');
    await t.call(alice, 'POST', '/api/device/create', { appID, ...otaaDevice(1), tagsId: [a.tagId, b.tagId] });
    expect((await tagList(alice)).find((x: any) => x.tagId === a.tagId).deviceNums).toBe(1);
    const res = await t.call(alice, 'POST', '/api/device/tags/delete', { tagsId: [a.tagId] });
    expect(res.body).toMatchObject({ code: 0, data: { deleted: [a.tagId] } });
    const s = (await t.call(alice, 'GET', '/api/device/status', { devEUI: otaaDevice(1).devEUI })).body.data;
    expect(s.tagsId).toEqual([b.tagId]);
    expect(s.tags).toEqual(['b']);
    const filtered = (tagId: number) =>
      t
        .call(alice, 'GET', '/api/device/list', { appID: String(appID), tagsId: String(tagId) })
        .then((r) => r.body.amount);
    expect(await filtered(a.tagId)).toBe(0);
    expect(await filtered(b.tagId)).toBe(1);
    expect((await t.call(alice, 'POST', '/api/device/tags/delete', { tagsId: [] })).body.code).toBe(1007);
  });
});
