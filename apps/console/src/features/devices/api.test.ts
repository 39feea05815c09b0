import { C } from '@lns/contract/codes';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { setupI18n, stubFetch } from '../../../test/render';
import { ApiError } from '../../lib/http';
import { session } from '../../lib/session';
import { batchCreate, batchRefusal, deleteDevices, deleteTags, deviceDeleteRefusals, tagDeleteRefusals } from './api';

const refused = (code: number, data: unknown) => () =>
  new Response(JSON.stringify({ code, msg: 'refused', data }), { status: 409 });

describe('device API calls with refusals that carry details', () => {
  beforeAll(() => setupI18n('en-US'));
  beforeEach(() => session.signIn({ token: 'tok-1', name: 'alice', userID: 7, admin: 0 }));

  it('batch-create answers the report, and a refusal carries the report of every row', async () => {
    const report = { dryRun: false, created: 2, rows: [] };
    const calls = stubFetch({ '/api/device/batch-create': { code: 0, data: report } });
    const body = { appID: 3, authType: 'otaa' as const, devices: [{ devEUI: '01' }, { devEUI: '02' }], dryRun: true };
    expect(await batchCreate(body)).toEqual(report);
    expect(JSON.parse(String(calls[0]!.init?.body))).toEqual(body);

    const rows = [
      { row: 2, id: '02', name: '', errors: [{ code: C.DEVICE_EXISTS, field: 'devEUI', problem: 'byCode' }] },
    ];
    stubFetch({ '/api/device/batch-create': refused(C.DEVICE_EXISTS, { dryRun: false, created: 0, rows }) });
    const err = await batchCreate(body).catch((e) => e);
    expect(batchRefusal(err)?.rows).toEqual(rows);
  });

  it('batch-create passes on a refusal without rows (e.g. the quota)', async () => {
    stubFetch({ '/api/device/batch-create': refused(C.DEVICE_QUOTA, undefined) });
    const err = await batchCreate({ appID: 3, authType: 'abp', devices: [{}] }).catch((e) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err.code).toBe(C.DEVICE_QUOTA);
    expect(batchRefusal(err)).toBeUndefined();
  });

  it('a refused delete names the reason of each refused device or tag', async () => {
    const failed = [{ id: '0102030405060708', code: C.DEVICE_MISSING, reason: 'device missing' }];
    stubFetch({ '/api/device/delete': refused(C.DEVICE_BATCH_DELETE, { deleted: [], failed }) });
    const err = await deleteDevices(['0102030405060708']).catch((e) => e);
    expect(deviceDeleteRefusals(err)).toEqual(new Map([['0102030405060708', 'device missing']]));

    stubFetch({
      '/api/device/tags/delete': refused(C.PARAM_FORMAT, {
        deleted: [],
        failed: [{ id: '9', code: C.PARAM_FORMAT, reason: 'tag missing' }],
      }),
    });
    const tagErr = await deleteTags([9]).catch((e) => e);
    expect(tagDeleteRefusals(tagErr)).toEqual(new Map([['9', 'tag missing']]));
    expect(deviceDeleteRefusals(new Error('network'))).toEqual(new Map());
  });
});
