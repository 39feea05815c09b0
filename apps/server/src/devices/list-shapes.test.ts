import { deviceTagApi } from '@lns/contract/api/device-tags';
import { deviceApi } from '@lns/contract/api/devices';
import type { DeviceOrderField } from '@lns/contract/devices';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeDeviceList, type DeviceList, listDevices, openDeviceList } from '../../test/device-list-kit';
import type { AuthUser } from '../auth/guard';
import { DeviceRepository, type ListArgs } from './repository';

// The tag-filtered list builds its statement once per shape (db/compiled.ts): a shape that left out
// something the text depends on would answer one filter with another's statement.
describe('tag-filtered device list, one statement per shape', () => {
  let kit: DeviceList;
  let tags: number[];
  const devs = listDevices(900);

  beforeAll(async () => {
    kit = await openDeviceList({
      prefix: 'shapes',
      devs,
      extra: (i) => (i >= 3 ? { region: 'us915', subnet: 'us915-2' } : {}),
      gwID: 'a840410000000091',
    });
    const created = await kit.call('POST', deviceTagApi.create.path, { tags: ['shape-a', 'shape-b'], groupName: 'g' });
    tags = created.body.data.tags.map((t: { tagId: number }) => t.tagId);
    // Tag a on devices 0–2, tag b on 2–4: device 2 carries both.
    for (const [tag, on] of [
      [tags[0]!, [0, 1, 2]],
      [tags[1]!, [2, 3, 4]],
    ] as const) {
      const set = await kit.call('POST', deviceApi.updateMany.path, {
        devEUIs: on.map((i) => devs[i]!.devEUI),
        appID: kit.appID,
        tagsId: [tag],
      });
      expect(set.body.code).toBe(0);
    }
  });
  afterAll(() => closeDeviceList(kit));

  it('answers every shape from a repository that keeps them as one built for that call alone', async () => {
    // The owner, an admin, and a common user who may see none of it.
    const viewers: AuthUser[] = [
      kit.user,
      { id: 1, name: 'admin', admin: true },
      { id: kit.user.id + 1000, name: 'stranger', admin: false },
    ];
    const cases: [AuthUser, ListArgs][] = [];
    for (const viewer of viewers)
      for (const orderBy of ['devName', 'lastSeen'] as DeviceOrderField[])
        for (const orderType of ['asc', 'desc'] as const)
          for (const tagsId of [[tags[0]!], tags, [tags[1]!, tags[1]!]])
            for (const regions of [undefined, ['us915'], ['eu868', 'us915']])
              for (const [offset, limit] of [
                [1, 2],
                [4, 2],
                [0, undefined],
              ] as const)
                cases.push([viewer, { appID: kit.appID, orderBy, orderType, tagsId, regions, offset, limit }]);
    const page = async (repo: DeviceRepository, [viewer, args]: [AuthUser, ListArgs]) => {
      const r = await repo.list(viewer, args);
      return { euis: r.rows.map((d) => d.devEui), amount: r.amount };
    };
    const shared = new DeviceRepository(kit.t.services.db);
    const expected = new Map<[AuthUser, ListArgs], Awaited<ReturnType<typeof page>>>();
    for (const c of cases) expected.set(c, await page(new DeviceRepository(kit.t.services.db), c));
    // Both tags match all five devices, device 2 once.
    expect(expected.get(cases.find(([, a]) => a.tagsId === tags && !a.regions && !a.limit)!)?.amount).toBe(5);
    // In the other order: each shape is built for another call than the fresh one was, and reused.
    for (const c of [...cases].reverse()) expect(await page(shared, c)).toEqual(expected.get(c));
  });
});
