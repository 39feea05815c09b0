import { describe, expect, it } from 'vitest';
import { issues } from '../test/issues';
import {
  deviceDataInfoQuery,
  deviceHistoryQuery,
  deviceLorawanHistoryQuery,
  downlinkCreateBody,
  gatewayHistoryQuery,
  gwConnectionExcelQuery,
  gwConnectionHistoryQuery,
} from './dataplane';
import { V } from './validation';

const EUI = '0102030405060708';
const dev = { devEUI: EUI };
const gw = { gwID: EUI };

describe('history time range', () => {
  it('takes epoch ms, and 10-digit values as seconds', () => {
    expect(deviceHistoryQuery.parse({ ...dev, startTime: '1700000000', endTime: '1700000000123' })).toMatchObject({
      startTime: 1_700_000_000_000,
      endTime: 1_700_000_000_123,
    });
    expect(deviceHistoryQuery.parse({ ...dev, startTime: 1_700_000_000 }).startTime).toBe(1_700_000_000_000);
    // Nine digits are milliseconds (early 1970), not seconds.
    expect(deviceHistoryQuery.parse({ ...dev, startTime: '999999999' }).startTime).toBe(999_999_999);
    expect(deviceHistoryQuery.parse({ ...dev, startTime: '0' }).startTime).toBe(0);
  });

  it('treats absent, null and empty as no bound', () => {
    for (const v of [undefined, null, ''])
      expect(deviceHistoryQuery.parse({ ...dev, startTime: v }).startTime).toBeUndefined();
  });

  it('refuses negative, fractional, past-8.64e15 and non-numeric times', () => {
    for (const v of ['-1', '1.5', '8640000000000001', 'yesterday', {}]) {
      expect(issues(gwConnectionExcelQuery, { ...gw, endTime: v })).toMatchObject([{ path: 'endTime' }]);
    }
    expect(gwConnectionExcelQuery.parse({ ...gw, endTime: '8640000000000000' }).endTime).toBe(8.64e15);
  });
});

describe('query switches', () => {
  it('read 1/0, true/false as text or JSON', () => {
    for (const v of ['1', 'true', 1, true])
      expect(deviceHistoryQuery.parse({ ...dev, confirmed: v }).confirmed).toBe(true);
    for (const v of ['0', 'false', 0, false])
      expect(deviceHistoryQuery.parse({ ...dev, confirmed: v }).confirmed).toBe(false);
    expect(deviceHistoryQuery.parse(dev).confirmed).toBeUndefined();
    for (const v of ['yes', 'TRUE', '2', '']) {
      expect(issues(gwConnectionHistoryQuery, { ...gw, online: v })).toMatchObject([{ path: 'online' }]);
    }
  });
});

describe('frame history filters', () => {
  it('take message types 0 to 7 as a list', () => {
    expect(deviceLorawanHistoryQuery.parse({ ...dev, msgTypes: '0, 7', uplink: '1' })).toMatchObject({
      msgTypes: [0, 7],
      uplink: true,
    });
    expect(gatewayHistoryQuery.parse({ ...gw, msgTypes: ['2', '4'] }).msgTypes).toEqual([2, 4]);
    expect(gatewayHistoryQuery.parse({ ...gw, msgTypes: '' }).msgTypes).toBeUndefined();
    expect(issues(deviceLorawanHistoryQuery, { ...dev, msgTypes: '1,8' })).toMatchObject([
      { path: 'msgTypes.1', code: 'too_big' },
    ]);
    expect(issues(gatewayHistoryQuery, { ...gw, msgTypes: '-1' })).toMatchObject([
      { path: 'msgTypes.0', code: 'too_small' },
    ]);
  });

  it('need the device or gateway, in any EUI form', () => {
    expect(gatewayHistoryQuery.parse({ gwID: '01:02:03:04:05:06:07:08' }).gwID).toBe(EUI);
    expect(issues(deviceHistoryQuery, {})).toMatchObject([{ path: 'devEUI', message: V.devEUIEmpty }]);
    expect(issues(gatewayHistoryQuery, { gwID: '0102' })).toMatchObject([{ path: 'gwID', code: 'custom' }]);
  });

  it('look one message up by an id of 1 to 32 characters', () => {
    expect(deviceDataInfoQuery.parse({ ...dev, msgID: 'm'.repeat(32) }).msgID).toHaveLength(32);
    expect(issues(deviceDataInfoQuery, { ...dev, msgID: 'm'.repeat(33) })).toMatchObject([
      { path: 'msgID', code: 'too_big' },
    ]);
    expect(issues(deviceDataInfoQuery, { ...dev, msgID: '' })).toMatchObject([{ path: 'msgID', code: 'too_small' }]);
  });
});

describe('downlink create body', () => {
  const body = { ...dev, fport: 1, data: '0a0b' };

  it('takes port 0 to 255 as number or text and fills the switches', () => {
    expect(downlinkCreateBody.parse({ ...body, fport: '255' })).toEqual({
      ...body,
      fport: 255,
      confirmed: false,
      macCommands: false,
    });
    expect(downlinkCreateBody.parse({ ...body, fport: 0, macCommands: 1 })).toMatchObject({
      fport: 0,
      macCommands: true,
    });
    expect(issues(downlinkCreateBody, { ...body, fport: 256 })).toMatchObject([{ path: 'fport', code: 'too_big' }]);
    expect(issues(downlinkCreateBody, { ...body, fport: -1 })).toMatchObject([{ path: 'fport', code: 'too_small' }]);
    expect(issues(downlinkCreateBody, { ...body, fport: 1.5 })).toMatchObject([{ path: 'fport' }]);
    expect(issues(downlinkCreateBody, { ...body, fport: 'one' })).toEqual([
      { path: 'fport', code: 'invalid_type', message: 'fport must be a number' },
    ]);
  });

  it('needs data, trimmed, with its own message', () => {
    expect(downlinkCreateBody.parse({ ...body, data: ' ff ' }).data).toBe('ff');
    for (const data of ['', '  ', undefined]) {
      expect(issues(downlinkCreateBody, { ...body, data })[0]).toMatchObject({
        path: 'data',
        message: 'data cannot be empty',
      });
    }
  });

  it('reads confirmed as a switch and refuses anything else', () => {
    expect(downlinkCreateBody.parse({ ...body, confirmed: 'true' }).confirmed).toBe(true);
    expect(issues(downlinkCreateBody, { ...body, confirmed: 'maybe' })).toMatchObject([{ path: 'confirmed' }]);
  });
});
