import { C } from '@lns/contract/codes';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { setupI18n, stubFetch } from '../../../test/render';
import { ApiError } from '../../lib/http';
import { session } from '../../lib/session';
import { batchCreate, deleteDevices, deleteTags, deviceDeleteRefusals, tagDeleteRefusals } from './api';

const refused = (code: number, data: unknown) => () =>
  new Response(JSON.stringify({ code, msg: 'refused', data }), { status: 409 });

describe('device API calls with refusals that carry details', () => {
  beforeAll(() => setupI18n('en-US'));
  beforeEach(() => session.signIn({ token: 'tok-1', name: 'alice', userID: 7, admin: 0 }));

  it('batch-create answers the count, or every refused row when nothing was written', async () => {
    const calls = stubFetch({ '/api/device/batch-create': { code: 0, data: { created: 2, failed: [] } } });
    const body = { appID: 3, authType: 'otaa' as const, devices: [{ devEUI: '01' }, { devEUI: '02' }] };
    expect(await batchCreate(body)).toEqual({ created: 2, failed: [] });
    expect(JSON.parse(String(calls[0]!.init?.body))).toEqual(body);

    const failed = [{ index: 1, devEUI: '02', code: C.DEVICE_EXISTS, field: 'devEUI', reason: 'device exists' }];
    stubFetch({ '/api/device/batch-create': refused(C.DEVICE_EXISTS, { created: 0, failed }) });
    expect(await batchCreate(body)).toEqual({ created: 0, failed });
  });

  it('batch-create passes on a refusal without rows (e.g. the quota)', async () => {
    stubFetch({ '/api/device/batch-create': refused(C.DEVICE_QUOTA, undefined) });
    const err = await batchCreate({ appID: 3, authType: 'abp', devices: [{}] }).catch((e) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err.code).toBe(C.DEVICE_QUOTA);
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
