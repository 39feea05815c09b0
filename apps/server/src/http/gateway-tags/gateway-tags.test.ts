import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';

describe('gateway tags API', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.login();
  });
  afterAll(() => t.close());

  it('creates, lists and deletes tags; deleting one takes it off its gateways', async () => {
    const { token } = await t.userWithToken('tagger');
    const res = await t.call(token, 'POST', '/api/gateway/tags/create', {
      tags: ['north', 'south'],
      groupName: 'zone',
    });
    expect(res.body.code).toBe(0);
    const [north, south] = res.body.data.tagsId;
    await t.call(token, 'POST', '/api/gateway/create', {
      gwID: '1111111111111111',
      gwName: 'tagged',
      region: 'eu868',
      subnet: 'eu868-default',
      gwType: 'generic',
      txPower: 0,
      tagsId: [north, south],
    });
    const listed = await t.call(token, 'GET', '/api/gateway/tags/list');
    expect(listed.body.data.tags).toEqual([
      expect.objectContaining({ tagId: north, name: 'north', groupName: 'zone', gateways: 1 }),
      expect.objectContaining({ tagId: south, name: 'south', groupName: 'zone', gateways: 1 }),
    ]);
    expect(listed.body.data.tags[0]).not.toHaveProperty('owner');
    expect((await t.call(token, 'POST', '/api/gateway/tags/delete', { tagsId: [north] })).body.code).toBe(0);
    const g = await t.call(token, 'GET', '/api/gateway/status/info', { gwID: '1111111111111111' });
    expect(g.body.data.tagsId).toEqual([south]);
  });

  it('refuses duplicates and bad input', async () => {
    const { token } = await t.userWithToken('dups');
    await t.call(token, 'POST', '/api/gateway/tags/create', { tags: ['a'], groupName: 'g' });
    expect(
      (await t.call(token, 'POST', '/api/gateway/tags/create', { tags: ['a'], groupName: 'g' })).body,
    ).toMatchObject({
      code: 1007,
      field: 'tags',
    });
    // the same name in another group is fine
    expect((await t.call(token, 'POST', '/api/gateway/tags/create', { tags: ['a'], groupName: 'h' })).body.code).toBe(
      0,
    );
    expect((await t.call(token, 'POST', '/api/gateway/tags/create', { tags: ['x', 'x'] })).body.code).toBe(1007);
    expect((await t.call(token, 'POST', '/api/gateway/tags/create', { tags: [] })).body).toMatchObject({
      code: 1007,
      field: 'tags',
    });
    expect((await t.call(token, 'POST', '/api/gateway/tags/create', {})).body).toMatchObject({
      code: 1006,
      field: 'tags',
    });
    expect((await t.call(token, 'POST', '/api/gateway/tags/create', { tags: ['t'.repeat(31)] })).body.code).toBe(1007);
    expect((await t.call(token, 'POST', '/api/gateway/tags/delete', { tagsId: 'x' })).body.code).toBe(1007);
  });

  it('keeps two common users apart; admins see every tag with its owner', async () => {
    const a = await t.userWithToken('tag-a');
    const b = await t.userWithToken('tag-b');
    const tagId = (await t.call(a.token, 'POST', '/api/gateway/tags/create', { tags: ['private'] })).body.data
      .tagsId[0];
    expect((await t.call(b.token, 'GET', '/api/gateway/tags/list')).body.data.tags).toEqual([]);
    expect((await t.call(b.token, 'POST', '/api/gateway/tags/delete', { tagsId: [tagId] })).body).toMatchObject({
      code: 1007,
      field: 'tagsId',
    });
    const onB = await t.call(b.token, 'POST', '/api/gateway/create', {
      gwID: '2222222222222222',
      gwName: 'b-gw',
      region: 'eu868',
      subnet: 'eu868-default',
      gwType: 'generic',
      txPower: 0,
      tagsId: [tagId],
    });
    expect(onB.body).toMatchObject({ code: 1007, field: 'tagsId' });
    const all = (await t.call(admin, 'GET', '/api/gateway/tags/list')).body.data.tags;
    expect(all.find((x: any) => x.tagId === tagId)).toMatchObject({ owner: 'tag-a', ownerID: a.userID });
    expect((await t.call(a.token, 'GET', '/api/gateway/tags/list')).body.data.tags).toHaveLength(1);
  });
});
