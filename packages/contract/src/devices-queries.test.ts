import { describe, expect, it } from 'vitest';
import { issues } from '../test/issues';
import {
  DEVICE_SELECTION_MAX,
  deviceListQuery,
  deviceUpdatesBody,
  EXPORT_MAX_SPAN_MS,
  exportBody,
  moveDeviceBody,
  signalQuery,
} from './devices';
import { INT4_MAX } from './input';
import { REMARKS_MAX } from './limits';
import { V as M } from './validation';

const EUI = '0102030405060708';

describe('device list query', () => {
  it('reads regions and tag ids as "a,b" or repeated keys, trimmed', () => {
    expect(deviceListQuery.parse({ regions: 'eu868, us915,', tagsId: ['3', ' 4 '] })).toMatchObject({
      regions: ['eu868', 'us915'],
      tagsId: [3, 4],
    });
    expect(deviceListQuery.parse({ regions: ['as923-1'], tagsId: '7' })).toMatchObject({
      regions: ['as923-1'],
      tagsId: [7],
    });
  });

  it('treats absent and empty filters as none', () => {
    const q = deviceListQuery.parse({ regions: '', tagsId: undefined, appID: undefined });
    expect(q.regions).toBeUndefined();
    expect(q.tagsId).toBeUndefined();
    expect(q.appID).toBeUndefined();
    expect(deviceListQuery.parse({ appID: '12' }).appID).toBe(12);
  });

  it('refuses the whole filter when one item is bad, with its message', () => {
    for (const regions of ['eu868,EU 868', 'e', `${'r'.repeat(21)}`]) {
      expect(issues(deviceListQuery, { regions })).toEqual([
        { path: 'regions', code: 'custom', message: 'regions are region ids like eu868' },
      ]);
    }
    for (const tagsId of ['0', '01', '-1', '1.5', 'x', String(INT4_MAX + 1), '12345678901']) {
      expect(issues(deviceListQuery, { tagsId: `1,${tagsId}` })).toEqual([
        { path: 'tagsId', code: 'custom', message: 'tagsId are tag ids' },
      ]);
    }
    expect(deviceListQuery.parse({ tagsId: String(INT4_MAX) }).tagsId).toEqual([INT4_MAX]);
    expect(issues(deviceListQuery, { appID: '0' })).toMatchObject([{ path: 'appID', code: 'too_small' }]);
  });

  it('pages with the defaults and refuses an unknown order field', () => {
    expect(deviceListQuery.parse({})).toMatchObject({ pageNo: 1, pageSize: 50, orderType: 'desc' });
    expect(deviceListQuery.parse({ orderBy: 'rssi' }).orderBy).toBe('rssi');
    expect(issues(deviceListQuery, { orderBy: 'appKey' })).toMatchObject([{ path: 'orderBy' }]);
  });
});

describe('batch update and move', () => {
  it('batch update needs tags or remarks', () => {
    expect(issues(deviceUpdatesBody, { devEUIs: [EUI], appID: 1 })).toEqual([
      { path: 'tagsId', code: 'custom', message: 'give tagsId or remarks' },
    ]);
    expect(deviceUpdatesBody.parse({ devEUIs: [EUI], appID: 1, remarks: '' }).remarks).toBe('');
    expect(deviceUpdatesBody.parse({ devEUIs: [EUI], appID: 1, tagsId: [] }).tagsId).toEqual([]);
    expect(issues(deviceUpdatesBody, { devEUIs: [EUI], appID: 1, remarks: 'r'.repeat(REMARKS_MAX + 1) })).toEqual([
      { path: 'remarks', code: 'too_big', message: M.remarksLong },
    ]);
  });

  it('move names the target application and at most DEVICE_SELECTION_MAX devices', () => {
    expect(moveDeviceBody.parse({ appId: 2, devEUIs: ['01:02:03:04:05:06:07:08'] })).toEqual({
      appId: 2,
      devEUIs: [EUI],
    });
    expect(issues(moveDeviceBody, { appId: 0, devEUIs: [EUI] })).toMatchObject([{ path: 'appId', code: 'too_small' }]);
    const tooMany = Array.from({ length: DEVICE_SELECTION_MAX + 1 }, () => EUI);
    expect(issues(moveDeviceBody, { appId: 1, devEUIs: tooMany })).toMatchObject([
      { path: 'devEUIs', code: 'too_big' },
    ]);
  });
});

describe('export', () => {
  const base = { appID: 1, fields: ['devEUI'], startTime: 1_000, endTime: 1_000 };
  const spanMessage = 'end time must follow the start time, at most 31 days later';

  it('takes a span of up to EXPORT_MAX_SPAN_MS, end not before start', () => {
    expect(exportBody.parse(base).devEUIs).toEqual([]);
    expect(exportBody.safeParse({ ...base, endTime: base.startTime + EXPORT_MAX_SPAN_MS }).success).toBe(true);
    expect(issues(exportBody, { ...base, endTime: base.startTime + EXPORT_MAX_SPAN_MS + 1 })).toEqual([
      { path: 'endTime', code: 'custom', message: spanMessage },
    ]);
    expect(issues(exportBody, { ...base, endTime: base.startTime - 1 })).toEqual([
      { path: 'endTime', code: 'custom', message: spanMessage },
    ]);
  });

  it('needs devices or an application, and at least one known field', () => {
    expect(issues(exportBody, { ...base, appID: undefined })).toEqual([
      { path: 'devEUIs', code: 'custom', message: 'select devices' },
    ]);
    expect(exportBody.safeParse({ ...base, appID: undefined, devEUIs: [EUI] }).success).toBe(true);
    expect(issues(exportBody, { ...base, fields: [] })).toMatchObject([{ path: 'fields', code: 'too_small' }]);
    expect(issues(exportBody, { ...base, fields: ['appKey'] })).toMatchObject([{ path: 'fields.0' }]);
  });

  it('wants times as integer epoch ms in the JSON body, not text', () => {
    expect(issues(exportBody, { ...base, startTime: '1000' })).toMatchObject([
      { path: 'startTime', code: 'invalid_type' },
    ]);
    expect(issues(exportBody, { ...base, startTime: -1 })).toMatchObject([{ path: 'startTime', code: 'too_small' }]);
  });
});

describe('signal query', () => {
  it('coerces the time range and orders oldest first by default', () => {
    expect(signalQuery.parse({ devEUI: EUI, startTime: '0', endTime: String(Number.MAX_SAFE_INTEGER) })).toEqual({
      devEUI: EUI,
      startTime: 0,
      endTime: Number.MAX_SAFE_INTEGER,
      order: 'asc',
    });
    expect(issues(signalQuery, { devEUI: EUI, startTime: '-1' })).toMatchObject([{ path: 'startTime' }]);
    expect(issues(signalQuery, { devEUI: EUI, order: 'newest' })).toMatchObject([{ path: 'order' }]);
    expect(issues(signalQuery, {})).toMatchObject([{ path: 'devEUI', message: M.devEUIEmpty }]);
  });
});
