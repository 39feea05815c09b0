import { describe, expect, it } from 'vitest';
import { first, issues } from '../test/issues';
import {
  appEUI,
  BATCH_CREATE_MAX,
  batchCreateBody,
  batchDeviceRow,
  DEVICE_SELECTION_MAX,
  devEUI,
  deviceCreateBody,
  deviceDeleteBody,
  deviceFields,
  deviceUpdateBody,
  devName,
  FCNT_MAX,
  fCnt,
  resetFcntBody,
} from './devices';
import { INT4_MAX, TEXT_MESSAGE } from './input';
import { NAME_MAX, REMARKS_MAX } from './limits';
import { V as M } from './validation';

const EUI = '0102030405060708';
const KEY = '00112233445566778899aabbccddeeff';
const otaa = {
  devEUI: EUI,
  devName: 'meter',
  appEUI: EUI,
  authType: 'otaa',
  appKey: KEY,
  region: 'eu868',
  subnet: 's1',
};
const abp = { ...otaa, authType: 'abp', appKey: undefined, devAddr: '26011234', appSKey: KEY, nwkSKey: KEY };

describe('device EUIs', () => {
  it.each([
    ['devEUI', devEUI, M.devEUIEmpty, M.devEUIFormat],
    ['appEUI', appEUI, M.appEUIEmpty, M.appEUIFormat],
  ] as const)(
    '%s: 16 hex digits in any pasted form, with the empty and format messages',
    (_, schema, empty, format) => {
      expect(schema.parse('01-02-03-04-05-06-07-08')).toBe(EUI);
      expect(schema.parse(' 0102030405060708 '.toUpperCase())).toBe(EUI);
      for (const v of ['', '   ', undefined, null]) expect(first(schema, v)?.message).toBe(empty);
      for (const v of ['01020304050607', '010203040506070809', 'g102030405060708', '01-02-03']) {
        expect(first(schema, v)).toEqual({ path: '', code: 'custom', message: format });
      }
      expect(first(schema, 102030405060708)?.message).toBe(empty);
    },
  );
});

describe('device name', () => {
  it('is trimmed, 1 to NAME_MAX characters, with its own messages', () => {
    expect(devName.parse('  meter 1 ')).toBe('meter 1');
    expect(devName.parse('n'.repeat(NAME_MAX))).toHaveLength(NAME_MAX);
    expect(first(devName, 'n'.repeat(NAME_MAX + 1))).toEqual({ path: '', code: 'too_big', message: M.devNameLong });
    expect(first(devName, ' ')).toEqual({ path: '', code: 'too_small', message: M.devNameEmpty });
    expect(first(devName, undefined)?.message).toBe(M.devNameEmpty);
    expect(first(devName, 'a\u0000')?.message).toBe(TEXT_MESSAGE);
  });
});

describe('frame counters', () => {
  it('take numbers and digit strings from 0 to FCNT_MAX', () => {
    expect(fCnt.parse(0)).toBe(0);
    expect(fCnt.parse(FCNT_MAX)).toBe(FCNT_MAX);
    expect(fCnt.parse(String(FCNT_MAX))).toBe(FCNT_MAX);
    expect(fCnt.parse(' 12 ')).toBe(12);
  });

  it('refuse everything else with the one format message', () => {
    for (const v of [FCNT_MAX + 1, String(FCNT_MAX + 1), -1, '-1', 1.5, '1.5', ' ', 'abc', null, true, [1]]) {
      expect(first(fCnt, v)?.message).toBe(M.fCntFormat);
    }
    expect(first(fCnt, '')?.message).toBe(M.fCntEmpty);
    expect(first(fCnt, undefined)?.message).toBe(M.fCntEmpty);
  });
});

describe('device fields', () => {
  it('fill the defaults', () => {
    expect(deviceFields.parse(otaa)).toEqual({
      ...otaa,
      class: 'A',
      macVersion: '1.0.3',
      productType: 'lorawan',
      autoSubnet: false,
      fCntUp: 0,
      fCntDown: 0,
      tagsId: [],
      remarks: '',
    });
  });

  it('read optional keys as absent when empty or null, and normalise pasted ones', () => {
    const d = deviceFields.parse({
      ...otaa,
      appKey: KEY.toUpperCase(),
      devAddr: '',
      appSKey: null,
      nwkSKey: undefined,
    });
    expect(d.appKey).toBe(KEY);
    expect(d.devAddr).toBeUndefined();
    expect(d.appSKey).toBeUndefined();
    expect(deviceFields.parse({ ...otaa, devAddr: '26:01:12:34' }).devAddr).toBe('26011234');
  });

  it.each([
    ['appKey', KEY.slice(2), M.appKeyFormat],
    ['devAddr', '260112', M.devAddrFormat],
    ['appSKey', `${KEY}00`, M.appSKeyFormat],
    ['nwkSKey', 'x'.repeat(32), M.nwkSKeyFormat],
  ])('refuse a malformed %s with its format message', (field, value, message) => {
    expect(issues(deviceFields, { ...otaa, [field]: value })).toEqual([{ path: field, code: 'custom', message }]);
  });

  it('keep remarks, tags and region within their limits', () => {
    expect(deviceFields.parse({ ...otaa, remarks: ` ${'r'.repeat(REMARKS_MAX)} ` }).remarks).toHaveLength(REMARKS_MAX);
    expect(issues(deviceFields, { ...otaa, remarks: 'r'.repeat(REMARKS_MAX + 1) })).toEqual([
      { path: 'remarks', code: 'too_big', message: M.remarksLong },
    ]);
    const tags = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(deviceFields.parse({ ...otaa, tagsId: tags }).tagsId).toEqual(tags);
    expect(first(deviceFields, { ...otaa, tagsId: [...tags, 101] })).toMatchObject({ path: 'tagsId', code: 'too_big' });
    expect(first(deviceFields, { ...otaa, tagsId: [INT4_MAX + 1] })).toMatchObject({ path: 'tagsId.0' });
    expect(deviceFields.parse({ ...otaa, region: ' as923-1 ' }).region).toBe('as923-1');
    expect(first(deviceFields, { ...otaa, region: '' })?.message).toBe(M.regionEmpty);
    for (const region of ['e', 'eu_868', 'r'.repeat(21)]) {
      expect(first(deviceFields, { ...otaa, region })).toMatchObject({ path: 'region', message: M.regionFormat });
    }
  });

  it('trim the subnet and take null as absent; refuse enums outside their lists', () => {
    expect(deviceFields.parse({ ...otaa, subnet: ' s2 ' }).subnet).toBe('s2');
    expect(deviceFields.parse({ ...otaa, subnet: null }).subnet).toBeUndefined();
    expect(first(deviceFields, { ...otaa, subnet: 's'.repeat(33) })).toMatchObject({ path: 'subnet', code: 'too_big' });
    for (const [field, value] of [
      ['authType', 'OTAA'],
      ['class', 'D'],
      ['macVersion', '1.1'],
      ['productType', 'x'],
    ]) {
      expect(first(deviceFields, { ...otaa, [field as string]: value })).toMatchObject({ path: field });
    }
  });

  it('read autoSubnet as a boolean or 0/1', () => {
    expect(deviceFields.parse({ ...otaa, autoSubnet: '1' }).autoSubnet).toBe(true);
    expect(deviceFields.parse({ ...otaa, autoSubnet: 0 }).autoSubnet).toBe(false);
    expect(first(deviceFields, { ...otaa, autoSubnet: 'on' })).toMatchObject({ path: 'autoSubnet' });
  });
});

describe('activation and subnet rules', () => {
  it('OTAA needs an AppKey; ABP needs DevAddr and both session keys', () => {
    expect(batchDeviceRow.safeParse(otaa).success).toBe(true);
    expect(batchDeviceRow.safeParse(abp).success).toBe(true);
    expect(issues(batchDeviceRow, { ...otaa, appKey: '' })).toEqual([
      { path: 'appKey', code: 'custom', message: M.appKeyEmpty },
    ]);
    expect(issues(batchDeviceRow, { ...abp, devAddr: null, appSKey: '', nwkSKey: undefined })).toEqual([
      { path: 'devAddr', code: 'custom', message: M.devAddrEmpty },
      { path: 'appSKey', code: 'custom', message: M.appSKeyEmpty },
      { path: 'nwkSKey', code: 'custom', message: M.nwkSKeyEmpty },
    ]);
  });

  it('a fixed subnet needs a well-formed id; autoSubnet needs none', () => {
    expect(issues(batchDeviceRow, { ...otaa, subnet: '' })).toEqual([
      { path: 'subnet', code: 'custom', message: M.subnetEmpty },
    ]);
    expect(issues(batchDeviceRow, { ...otaa, subnet: 'a b' })).toEqual([
      { path: 'subnet', code: 'custom', message: 'unknown subnet' },
    ]);
    expect(batchDeviceRow.safeParse({ ...otaa, subnet: undefined, autoSubnet: true }).success).toBe(true);
    expect(batchDeviceRow.safeParse({ ...otaa, subnet: 'a b', autoSubnet: true }).success).toBe(true);
  });

  it('are checked even when another field has the wrong kind of value, after that field', () => {
    expect(issues(batchDeviceRow, { ...otaa, appKey: '', subnet: '', fCntUp: '' })).toEqual([
      { path: 'fCntUp', code: 'invalid_type', message: M.fCntEmpty },
      { path: 'appKey', code: 'custom', message: M.appKeyEmpty },
      { path: 'subnet', code: 'custom', message: M.subnetEmpty },
    ]);
    expect(issues(deviceUpdateBody, { ...abp, devAddr: '', autoSubnet: 'x' })).toMatchObject([
      { path: 'autoSubnet' },
      { path: 'devAddr', message: M.devAddrEmpty },
    ]);
    // Without a known activation type there is no rule to apply.
    expect(issues(batchDeviceRow, { ...otaa, authType: 'x', appKey: '' })).toMatchObject([{ path: 'authType' }]);
  });

  it('create needs the application; update keeps the counters unless given', () => {
    expect(first(deviceCreateBody, otaa)).toMatchObject({ path: 'appID', code: 'invalid_type' });
    expect(deviceCreateBody.parse({ ...otaa, appID: 1 }).fCntUp).toBe(0);
    const updated = deviceUpdateBody.parse(otaa);
    expect(updated.fCntUp).toBeUndefined();
    expect(updated.fCntDown).toBeUndefined();
    expect(deviceUpdateBody.parse({ ...otaa, fCntDown: '7' }).fCntDown).toBe(7);
    expect(issues(deviceUpdateBody, { ...abp, nwkSKey: '' })).toEqual([
      { path: 'nwkSKey', code: 'custom', message: M.nwkSKeyEmpty },
    ]);
  });

  it('reset needs both counters', () => {
    expect(resetFcntBody.parse({ devEUI: EUI, fCntUp: '0', fCntDown: 5 })).toEqual({
      devEUI: EUI,
      fCntUp: 0,
      fCntDown: 5,
    });
    expect(first(resetFcntBody, { devEUI: EUI, fCntUp: 0 })).toMatchObject({ path: 'fCntDown', message: M.fCntEmpty });
  });
});

describe('batches of devices', () => {
  it('batch-create takes 1 to BATCH_CREATE_MAX rows of fields, checked one by one later', () => {
    const rows = (n: number) => Array.from({ length: n }, () => ({ devEUI: EUI }));
    expect(batchCreateBody.parse({ appID: 1, authType: 'otaa', devices: rows(BATCH_CREATE_MAX) }).devices).toHaveLength(
      BATCH_CREATE_MAX,
    );
    expect(first(batchCreateBody, { appID: 1, authType: 'otaa', devices: rows(BATCH_CREATE_MAX + 1) })).toMatchObject({
      path: 'devices',
      code: 'too_big',
    });
    expect(first(batchCreateBody, { appID: 1, authType: 'otaa', devices: [] })).toMatchObject({
      path: 'devices',
      code: 'too_small',
    });
    expect(first(batchCreateBody, { appID: 1, authType: 'otaa', devices: ['row'] })).toMatchObject({
      path: 'devices.0',
      code: 'invalid_type',
    });
  });

  it('a selection is 1 to DEVICE_SELECTION_MAX EUIs, a bad one named by position', () => {
    const many = (n: number) => Array.from({ length: n }, (_, i) => i.toString(16).padStart(16, '0'));
    expect(deviceDeleteBody.parse({ devEUIs: many(DEVICE_SELECTION_MAX) }).devEUIs).toHaveLength(DEVICE_SELECTION_MAX);
    expect(first(deviceDeleteBody, { devEUIs: many(DEVICE_SELECTION_MAX + 1) })).toMatchObject({
      path: 'devEUIs',
      code: 'too_big',
    });
    expect(first(deviceDeleteBody, { devEUIs: [] })).toMatchObject({ path: 'devEUIs', code: 'too_small' });
    expect(first(deviceDeleteBody, { devEUIs: [EUI, 'nope'] })).toEqual({
      path: 'devEUIs.1',
      code: 'custom',
      message: M.devEUIFormat,
    });
  });
});
