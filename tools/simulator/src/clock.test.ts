import { ts003, unixMsToGps } from '@lns/lorawan/applayer/ts003';
import { describe, expect, it } from 'vitest';
import { ClockClient, clockLine } from './clock';

/** TS003 as docs/protocols/fuota.md uses it: AppTimeReq up on FPort 202, AppTimeAns {TimeCorrection, TokenAns} down. */
describe('the simulator’s TS003 clock', () => {
  const now = Date.parse('2025-03-01T12:00:00.250Z');

  it('asks the time with its GPS seconds and applies the answer to its token once', () => {
    const c = new ClockClient(-7);
    const req = c.request(now);
    const deviceTime = Math.round(unixMsToGps(now)) - 7;
    expect(req).toEqual({ type: 'AppTimeReq', deviceTime, tokenReq: 1, ansRequired: true });
    // CID 01, DeviceTime LE, TokenReq 1 | AnsRequired 0x10.
    const le = Buffer.alloc(4);
    le.writeUInt32LE(deviceTime);
    expect(ts003.encode(req).toString('hex')).toBe(`01${le.toString('hex')}11`);

    const ans = (timeCorrection: number, tokenAns: number) =>
      ts003.encode({ type: 'AppTimeAns', timeCorrection, tokenAns });
    expect(c.handle(ans(3, 2))).toEqual({ answers: [], corrections: [] }); // another request's answer
    expect(c.handle(ans(7, 1))).toEqual({ answers: [], corrections: [7] });
    expect(c.deviceTime(now)).toBe(Math.round(unixMsToGps(now)));
    expect(c.handle(ans(7, 1)).corrections).toEqual([]); // the same answer again is not applied twice
    expect(clockLine('5e1a000000000001', 7)).toBe('clock 5e1a000000000001 corrected by 7 s');
  });

  it('answers PackageVersionReq with TS003’s identifier and version', () => {
    const r = new ClockClient().handle(Buffer.from('00', 'hex'));
    expect(ts003.encodeAll(r.answers).toString('hex')).toBe('000101');
  });
});
