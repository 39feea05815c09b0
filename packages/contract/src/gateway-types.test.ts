import { describe, expect, it } from 'vitest';
import { issues } from '../test/issues';
import {
  gwSubmodel,
  gwTypeCreateBody,
  gwTypeListQuery,
  gwTypeName,
  gwTypeUpdateBody,
  hexColor,
  PICO_GW_TYPE,
} from './gateway-types';
import { DEFAULT_COLOR, GWTYPE_NAME_MAX } from './limits';
import { bandUpdateBody, regionId, regionInfoQuery, subnetId } from './regions';

const NAME_MESSAGE = 'only letters, digits, _ - . @';

describe('colours', () => {
  it('are #rrggbb, trimmed and lowercased', () => {
    expect(hexColor.parse(' #A1B2C3 ')).toBe('#a1b2c3');
    for (const c of ['#abc', 'a1b2c3', '#a1b2c3d', '#ggg000', 'red']) {
      expect(issues(hexColor, c)).toEqual([{ path: '', code: 'invalid_format', message: 'a colour like #666666' }]);
    }
    expect(issues(hexColor, 0x666666)).toMatchObject([{ code: 'invalid_type' }]);
  });
});

describe('gateway type names', () => {
  it('are trimmed, lowercased, 1 to GWTYPE_NAME_MAX name characters', () => {
    expect(gwTypeName.parse(' RHF2S001 ')).toBe('rhf2s001');
    expect(gwTypeName.parse('A'.repeat(GWTYPE_NAME_MAX))).toBe('a'.repeat(GWTYPE_NAME_MAX));
    expect(gwTypeName.parse('a_b-c.d@e')).toBe('a_b-c.d@e');
    expect(issues(gwTypeName, 'a'.repeat(GWTYPE_NAME_MAX + 1))).toMatchObject([{ code: 'too_big' }]);
    expect(issues(gwTypeName, ' ')[0]).toEqual({
      path: '',
      code: 'too_small',
      message: 'gateway type cannot be empty',
    });
    for (const n of ['a b', 'a/b', 'ä']) {
      expect(issues(gwTypeName, n)).toEqual([{ path: '', code: 'invalid_format', message: NAME_MESSAGE }]);
    }
  });

  it('the pico type is a valid name', () => {
    expect(gwTypeName.parse(PICO_GW_TYPE)).toBe(PICO_GW_TYPE);
  });
});

describe('gateway type bodies', () => {
  it('fill the defaults of a create', () => {
    expect(gwTypeCreateBody.parse({ gwType: 'Gen', arch: 'arm' })).toEqual({
      gwType: 'gen',
      arch: 'arm',
      color: DEFAULT_COLOR,
      supportGPS: false,
      submodels: [],
    });
    expect(issues(gwTypeCreateBody, { gwType: 'g', arch: 'x86' })).toMatchObject([
      { path: 'arch', code: 'invalid_value' },
    ]);
  });

  it('take up to 20 submodels, each a model name with LTE and Wi-Fi switches', () => {
    expect(gwSubmodel.parse({ model: ' m-1 ' })).toEqual({ model: 'm-1', lte: false, wifi: false });
    expect(issues(gwSubmodel, { model: 'm'.repeat(GWTYPE_NAME_MAX + 1) })).toMatchObject([
      { path: 'model', code: 'too_big' },
    ]);
    expect(issues(gwSubmodel, { model: 'm 1' })).toEqual([
      { path: 'model', code: 'invalid_format', message: NAME_MESSAGE },
    ]);
    expect(issues(gwSubmodel, { model: '' })[0]).toMatchObject({ path: 'model', code: 'too_small' });
    const subs = Array.from({ length: 20 }, (_, i) => ({ model: `m${i}` }));
    expect(gwTypeCreateBody.parse({ gwType: 'g', arch: 'arm', submodels: subs }).submodels).toHaveLength(20);
    expect(issues(gwTypeCreateBody, { gwType: 'g', arch: 'arm', submodels: [...subs, { model: 'x' }] })).toMatchObject([
      { path: 'submodels', code: 'too_big' },
    ]);
  });

  it('update names the type by id', () => {
    expect(issues(gwTypeUpdateBody, { gwType: 'g', arch: 'arm' })).toMatchObject([{ path: 'gwTypeID' }]);
    expect(gwTypeUpdateBody.parse({ gwTypeID: 3, gwType: 'g', arch: 'arm' }).gwTypeID).toBe(3);
  });

  it('the list orders oldest first by default and can list every type', () => {
    expect(gwTypeListQuery.parse({})).toMatchObject({ pageNo: 1, pageSize: 50, orderType: 'asc' });
    expect(gwTypeListQuery.parse({ pageNo: '0', pageSize: '0' })).toMatchObject({ pageNo: 0, pageSize: 0 });
  });
});

describe('regions and subnets', () => {
  it('region ids are trimmed and lowercased, 1 to 16 characters', () => {
    expect(regionId.parse(' EU868 ')).toBe('eu868');
    expect(regionId.parse('r'.repeat(16))).toHaveLength(16);
    expect(issues(regionId, 'r'.repeat(17))).toMatchObject([{ code: 'too_big' }]);
    expect(issues(regionId, '  ')).toEqual([{ path: '', code: 'too_small', message: 'region cannot be empty' }]);
    expect(regionInfoQuery.parse({ region: 'AS923-1' })).toEqual({ region: 'as923-1' });
  });

  it('subnet ids are trimmed, 1 to 32 characters', () => {
    expect(subnetId.parse(' pico-net ')).toBe('pico-net');
    expect(subnetId.parse('s'.repeat(32))).toHaveLength(32);
    expect(issues(subnetId, 's'.repeat(33))).toMatchObject([{ code: 'too_big' }]);
    expect(issues(subnetId, '')).toEqual([{ path: '', code: 'too_small', message: 'subnet cannot be empty' }]);
  });

  it('a band update takes a region and a colour', () => {
    expect(bandUpdateBody.parse({ region: 'EU868', color: '#ABCDEF' })).toEqual({ region: 'eu868', color: '#abcdef' });
    expect(issues(bandUpdateBody, { region: 'eu868', color: 'blue' })).toMatchObject([{ path: 'color' }]);
  });
});
