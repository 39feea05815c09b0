import {
  encryptMcKey,
  mcAppSKey,
  mcKEKey,
  mcNwkSKey,
  mcRootKeyFromGenAppKey,
  ts005,
} from '@lns/lorawan/applayer/ts005';
import { gpsTimeMs } from '@lns/lorawan/classb';
import { buildDataFrame } from '@lns/lorawan/frames';
import { getRegion } from '@lns/lorawan/regions';
import { describe, expect, it } from 'vitest';
import { MulticastClient } from './multicast';

const GEN_APP_KEY = '000102030405060708090a0b0c0d0e0f';
const MC_KEY = '0f0e0d0c0b0a09080706050403020100';
const MC_ADDR = '01ab01ab';
const eu868 = getRegion('eu868');
const kek = mcKEKey(mcRootKeyFromGenAppKey(GEN_APP_KEY));

/** A client set up for group 1 with a class C session on RX2 that started a second ago. */
function joinedClient(now: number) {
  const c = new MulticastClient(GEN_APP_KEY, eu868);
  const setup = ts005.encode({
    type: 'McGroupSetupReq',
    mcGroupId: 1,
    mcAddr: MC_ADDR,
    mcKeyEncrypted: encryptMcKey(kek, MC_KEY),
    minMcFCount: 5,
    maxMcFCount: 100,
  });
  expect(c.handle(setup, now)).toEqual([{ type: 'McGroupSetupAns', mcGroupId: 1, idError: false }]);
  const session = ts005.encode({
    type: 'McClassCSessionReq',
    mcGroupId: 1,
    sessionTime: Math.floor(gpsTimeMs(now) / 1000) - 1,
    sessionTimeOut: 10,
    dlFrequency: 869_525_000,
    dr: 0,
  });
  expect(c.handle(session, now)).toEqual([
    {
      type: 'McClassCSessionAns',
      mcGroupId: 1,
      drError: false,
      freqError: false,
      mcGroupUndefined: false,
      timeToStart: 0,
    },
  ]);
  return c;
}

const frame = (fCnt: number, payload = 'cafe') =>
  buildDataFrame({
    mType: 'UnconfirmedDataDown',
    devAddr: MC_ADDR,
    fCnt,
    fPort: 10,
    payload: Buffer.from(payload, 'hex'),
    nwkSKey: mcNwkSKey(MC_KEY, MC_ADDR),
    appSKey: mcAppSKey(MC_KEY, MC_ADDR),
  });
const rx2 = { freqMHz: 869.525, datr: 'SF12BW125', imme: true };

describe('the simulator’s TS005 device side', () => {
  it('recovers the group key the network sent and derives the same session keys', () => {
    const c = joinedClient(Date.now());
    const g = c.groups.get(1)!;
    expect(g.appSKey).toBe(mcAppSKey(MC_KEY, MC_ADDR));
    expect(g.nwkSKey).toBe(mcNwkSKey(MC_KEY, MC_ADDR));
  });

  it('refuses a session on a frequency or data rate its region does not have, and one for an unknown group', () => {
    const c = joinedClient(Date.now());
    const req = (over: object) =>
      c.handle(
        ts005.encode({
          type: 'McClassCSessionReq',
          mcGroupId: 1,
          sessionTime: 0,
          sessionTimeOut: 8,
          dlFrequency: 869_525_000,
          dr: 0,
          ...over,
        } as never),
      )[0];
    expect(req({ dlFrequency: 915_000_000 })).toMatchObject({ freqError: true, drError: false, timeToStart: null });
    expect(req({ dr: 15 })).toMatchObject({ drError: true });
    expect(req({ mcGroupId: 3 })).toMatchObject({ mcGroupUndefined: true });
  });

  it('takes a multicast frame once even when two gateways send it, and ignores counters out of range', () => {
    const now = Date.now();
    const c = joinedClient(now);
    expect(c.receive(frame(7), rx2, now)).toMatchObject({ kind: 'frame', fCnt: 7, fPort: 10, payload: 'cafe' });
    expect(c.receive(frame(7), rx2, now)).toMatchObject({ kind: 'duplicate', fCnt: 7 });
    expect(c.receive(frame(101), rx2, now)).toMatchObject({ kind: 'bad-fcnt' });
    // Below the last counter the frame does not even check out (its 32-bit FCnt is read forward).
    expect(c.receive(frame(4), rx2, now)).toBeUndefined();
    expect(c.receive(frame(8), { ...rx2, freqMHz: 868.1 }, now)).toMatchObject({ kind: 'outside-session' });
    expect(c.receive(frame(9), rx2, now + 2000 * 1000)).toMatchObject({ kind: 'outside-session' });
  });

  it('forgets a deleted group', () => {
    const c = joinedClient(Date.now());
    expect(c.handle(ts005.encode({ type: 'McGroupDeleteReq', mcGroupId: 1 }))).toEqual([
      { type: 'McGroupDeleteAns', mcGroupId: 1, mcGroupUndefined: false },
    ]);
    expect(c.receive(frame(10), rx2)).toBeUndefined();
  });
});
