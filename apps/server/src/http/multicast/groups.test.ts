import { mcAppSKey, mcNwkSKey } from '@lns/lorawan/applayer/ts005';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { mcGroups } from '../../db/schema/multicast';
import { mcGroup } from './fixtures';

describe('multicast groups API', () => {
  let t: TestApp;
  let admin: string;
  let alice: string;
  let bob: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.login();
    alice = (await t.userWithToken('mc-alice')).token;
    bob = (await t.userWithToken('mc-bob')).token;
  });
  afterAll(() => t.close());

  const create = (token: string, body: Record<string, unknown>) => t.call(token, 'POST', '/api/mcgroup/create', body);
  const info = (token: string, mcEUI: string) => t.call(token, 'GET', '/api/mcgroup/info', { mcEUI });
  const count = async () => (await t.services.db.select().from(mcGroups)).length;

  it('creates a manual class C group from pasted forms and reads it back', async () => {
    const res = await create(alice, mcGroup(1, { mcEUI: 'AA-00-00-00-00-00-00-01', mcName: '  Street lights  ' }));
    expect(res.body).toMatchObject({ code: 0, data: { mcEUI: 'aa00000000000001' } });
    const { body } = await info(alice, 'aa00000000000001');
    expect(body.data).toMatchObject({
      mcName: 'Street lights',
      mcClass: 'C',
      pingSlotPeriod: 0,
      subnet: 'auto',
      autoSubnet: true,
      groupID: 256,
      enableMCRemote: false,
      joined: null,
      deviceNums: 0,
      syncFCnt: 0,
      username: 'mc-alice',
      mcAppSKey: mcGroup(1).mcAppSKey,
    });
  });

  it('with remote setup derives the session keys from a group key of its own; reset draws a new one', async () => {
    const body = mcGroup(2, { enableMCRemote: true, groupID: 1, mcAppSKey: undefined, mcNwkSKey: undefined });
    expect((await create(alice, body)).body.code).toBe(0);
    const [row] = await t.services.db.select().from(mcGroups).where(eq(mcGroups.mcEui, body.mcEUI));
    expect(row!.mcKey).toMatch(/^[0-9a-f]{32}$/);
    expect(row!.mcAppSKey).toBe(mcAppSKey(row!.mcKey!, body.mcAddr));
    expect(row!.mcNwkSKey).toBe(mcNwkSKey(row!.mcKey!, body.mcAddr));
    const shown = (await info(alice, body.mcEUI)).body.data;
    expect(shown).toMatchObject({ mcAppSKey: row!.mcAppSKey, joined: false });

    expect((await t.call(alice, 'POST', '/api/mcgroup/reset', { mcEUI: body.mcEUI })).body.code).toBe(0);
    const [after] = await t.services.db.select().from(mcGroups).where(eq(mcGroups.mcEui, body.mcEUI));
    expect(after!.mcKey).not.toBe(row!.mcKey);
    expect(after!.mcAppSKey).toBe(mcAppSKey(after!.mcKey!, body.mcAddr));
  });

  it.each([
    [{ mcName: '' }, 1006, 'mcName'],
    [{ mcName: 'x'.repeat(65) }, 1007, 'mcName'],
    [{ mcEUI: 'zz' }, 1007, 'mcEUI'],
    [{ genAppKey: undefined }, 1006, 'genAppKey'],
    [{ mcAddr: '123' }, 1007, 'mcAddr'],
    [{ mcAppSKey: undefined }, 1006, 'mcAppSKey'],
    [{ mcClass: 'B', pingSlotPeriod: 3 }, 1007, 'pingSlotPeriod'],
    [{ mcClass: 'C', pingSlotPeriod: 32 }, 1007, 'pingSlotPeriod'],
    [{ mcClass: 'A' }, 1007, 'mcClass'],
    [{ groupID: 4 }, 1007, 'groupID'],
    [{ timeSlotLength: 3 }, 1007, 'timeSlotLength'],
    [{ enableMCExt: true, timeSlotLength: 16 }, 1007, 'timeSlotLength'],
    [{ autoSubnet: false }, 1006, 'subnet'],
    [{ autoSubnet: false, subnet: 'nowhere' }, 1017, 'subnet'],
    [{ region: 'mars' }, 1007, 'region'],
    [{ enableMCRemote: true, groupID: 256 }, 14019, 'groupID'],
    [{ enableMCRemote: true, groupID: 0, genAppKey: '0'.repeat(32) }, 14006, 'genAppKey'],
    [{ pushUrls: ['http://10.0.0.1/hook'] }, 3103, 'pushUrls.0'],
  ])('refuses %j with %i naming %s and writes nothing', async (patch, code, field) => {
    const before = await count();
    const { body } = await create(alice, { ...mcGroup(10), ...patch });
    expect(body).toMatchObject({ code, field });
    expect(await count()).toBe(before);
  });

  it('refuses a taken McEUI (14002), name (14005, any case) and McAddr + McNwkSKey (14003)', async () => {
    expect((await create(alice, mcGroup(20))).body.code).toBe(0);
    expect((await create(alice, { ...mcGroup(21), mcEUI: mcGroup(20).mcEUI })).body).toMatchObject({ code: 14002 });
    expect((await create(alice, { ...mcGroup(21), mcName: mcGroup(20).mcName.toUpperCase() })).body).toMatchObject({
      code: 14005,
      field: 'mcName',
    });
    // Another owner may use the name.
    expect((await create(bob, { ...mcGroup(22), mcName: mcGroup(20).mcName })).body.code).toBe(0);
    const clash = { ...mcGroup(23), mcAddr: mcGroup(20).mcAddr, mcNwkSKey: mcGroup(20).mcNwkSKey };
    expect((await create(alice, clash)).body).toMatchObject({ code: 14003, field: 'mcAddr' });
  });

  it('keeps groups to their owner; admins see all; search and the home count follow', async () => {
    const own = mcGroup(30);
    expect((await create(alice, own)).body.code).toBe(0);
    expect((await info(bob, own.mcEUI)).body).toMatchObject({ code: 14001, field: 'mcEUI' });
    expect((await info(admin, own.mcEUI)).body.code).toBe(0);
    const bobList = (await t.call(bob, 'GET', '/api/mcgroup/list', {})).body;
    expect(bobList.data.map((g: { mcEUI: string }) => g.mcEUI)).not.toContain(own.mcEUI);
    const update = await t.call(bob, 'POST', '/api/mcgroup/update', { ...own, mcName: 'stolen' });
    expect(update.body.code).toBe(14001);

    const dashed = own.mcEUI.toUpperCase().replace(/(..)(?!$)/g, '$1-');
    const found = (await t.call(alice, 'GET', '/api/search', { category: 'mcgroup', keyword: dashed })).body;
    expect(found.data.map((g: { mcEUI: string }) => g.mcEUI)).toEqual([own.mcEUI]);
    const none = (await t.call(bob, 'GET', '/api/search', { category: 'mcgroup', keyword: own.mcEUI })).body;
    expect(none.amount).toBe(0);

    const mine = (await t.call(alice, 'GET', '/api/mcgroup/list', { pageSize: '1000' })).body.amount;
    expect((await t.call(alice, 'GET', '/api/index', {})).body.data.multicastGroups).toBe(mine);
  });

  it('deletes all or none: an unknown group refuses the batch with 14007 and its item', async () => {
    const a = mcGroup(40);
    expect((await create(alice, a)).body.code).toBe(0);
    const refused = await t.call(alice, 'POST', '/api/mcgroup/delete', { mcEUIs: [a.mcEUI, 'ffffffffffffff40'] });
    expect(refused.body).toMatchObject({
      code: 14007,
      data: { done: [], failed: [{ id: 'ffffffffffffff40', code: 14001 }] },
    });
    expect((await info(alice, a.mcEUI)).body.code).toBe(0);
    expect((await t.call(alice, 'POST', '/api/mcgroup/delete', { mcEUIs: [a.mcEUI] })).body.code).toBe(0);
    expect((await info(alice, a.mcEUI)).body.code).toBe(14001);
  });

  it('reset needs remote setup (14018); status counts members by state', async () => {
    const g = mcGroup(50);
    expect((await create(alice, g)).body.code).toBe(0);
    expect((await t.call(alice, 'POST', '/api/mcgroup/reset', { mcEUI: g.mcEUI })).body).toMatchObject({ code: 14018 });
    const status = (await t.call(alice, 'GET', '/api/mcgroup/status', { mcEUI: g.mcEUI })).body;
    expect(status.data).toMatchObject({ deviceNums: 0, syncFCnt: 0, sessionEnds: null });
    expect(Object.values(status.data.states)).toEqual([0, 0, 0, 0, 0, 0]);
  });

  it('switching to class B needs a ping period and keeps the rest', async () => {
    const g = mcGroup(60);
    expect((await create(alice, g)).body.code).toBe(0);
    const upd = await t.call(alice, 'POST', '/api/mcgroup/update', { ...g, mcClass: 'B', pingSlotPeriod: 32 });
    expect(upd.body.code).toBe(0);
    expect((await info(alice, g.mcEUI)).body.data).toMatchObject({
      mcClass: 'B',
      pingSlotPeriod: 32,
      mcName: g.mcName,
    });
  });
});
