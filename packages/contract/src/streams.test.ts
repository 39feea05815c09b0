import { describe, expect, it } from 'vitest';
import { issues } from '../test/issues';
import {
  applicationStreamQuery,
  deviceStreamQuery,
  FINAL_STREAM_CLOSES,
  gatewayStreamQuery,
  STREAM_CLOSE,
} from './streams';

describe('stream queries', () => {
  it('name the device or application the way the history queries do', () => {
    expect(deviceStreamQuery.parse({ devEUI: '01-02-03-04-05-06-07-08' })).toEqual({ devEUI: '0102030405060708' });
    expect(issues(deviceStreamQuery, { devEUI: 'x' })).toMatchObject([{ path: 'devEUI' }]);
    expect(applicationStreamQuery.parse({ appID: '9' })).toEqual({ appID: 9 });
    expect(issues(applicationStreamQuery, { appID: '0' })).toMatchObject([{ path: 'appID' }]);
    expect(issues(gatewayStreamQuery, {})).toMatchObject([{ path: 'gwID', code: 'invalid_type' }]);
  });

  it('tell clients not to retry after a revoked, forbidden or gone stream only', () => {
    expect([...FINAL_STREAM_CLOSES].sort()).toEqual(
      [STREAM_CLOSE.REVOKED, STREAM_CLOSE.FORBIDDEN, STREAM_CLOSE.GONE].sort(),
    );
    expect(FINAL_STREAM_CLOSES).not.toContain(STREAM_CLOSE.PING_TIMEOUT);
    expect(FINAL_STREAM_CLOSES).not.toContain(STREAM_CLOSE.GOING_AWAY);
  });
});
