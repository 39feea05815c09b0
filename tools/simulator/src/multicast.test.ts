import {
  encryptMcKey,
  mcAppSKey,
  mcKEKey,
  mcNwkSKey,
  mcRootKeyFromGenAppKey,
  type Ts005Command,
  ts005,
} from '@lns/lorawan/applayer/ts005';
import { gpsTimeMs, nextPingSlot, PING_SLOT_MS } from '@lns/lorawan/classb';
import { buildDataFrame } from '@lns/lorawan/frames';
import { getRegion } from '@lns/lorawan/regions';
import { describe, expect, it } from 'vitest';
import { freshGroupKeys } from '../../../apps/server/src/multicast/keys';
import { MulticastClient } from './multicast';
import { hearsDownlink } from './radio';

const GEN_APP_KEY = '000102030405060708090a0b0c0d0e0f';
const MC_KEY = '0f0e0d0c0b0a09080706050403020100';
const MC_ADDR = '01ab01ab';
const eu868 = getRegion('eu868');
const kek = mcKEKey(mcRootKeyFromGenAppKey(GEN_APP_KEY));
const gpsS = (ms: number) => Math.floor(gpsTimeMs(ms) / 1000);

const setupReq = (over: Partial<Extract<Ts005Command, { type: 'McGroupSetupReq' }>> = {}) =>
  ts005.encode({
    type: 'McGroupSetupReq',
    mcGroupId: 1,
    mcAddr: MC_ADDR,
    mcKeyEncrypted: encryptMcKey(kek, MC_KEY),
    minMcFCount: 5,
    maxMcFCount: 100,
    ...over,
  });
const classC = (over: object = {}) =>
  ts005.encode({
    type: 'McClassCSessionReq',
    mcGroupId: 1,
    sessionTime: 0,
    sessionTimeOut: 10,
    dlFrequency: 869_525_000,
    dr: 0,
    ...over,
  } as Ts005Command);

/** A client set up for group 1 (FCnt 5..100) with a class C session on RX2 that started a second ago. */
function joinedClient(now: number) {
  const c = new MulticastClient(GEN_APP_KEY, eu868);
  expect(c.handle(setupReq(), now)).toEqual([{ type: 'McGroupSetupAns', mcGroupId: 1, idError: false }]);
  expect(c.handle(classC({ sessionTime: gpsS(now) - 1 }), now)).toEqual([
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

const frame = (fCnt: number, payload = 'cafe', key = MC_KEY) =>
  buildDataFrame({
    mType: 'UnconfirmedDataDown',
    devAddr: MC_ADDR,
    fCnt,
    fPort: 10,
    payload: Buffer.from(payload, 'hex'),
    nwkSKey: mcNwkSKey(key, MC_ADDR),
    appSKey: mcAppSKey(key, MC_ADDR),
  });
const rx2 = { freqMHz: 869.525, datr: 'SF12BW125', imme: true };

describe('the simulator’s TS005 device side', () => {
  it('answers a McGroupSetupReq and derives the session keys the server holds for the group', () => {
    const server = freshGroupKeys(MC_ADDR);
    const c = new MulticastClient(GEN_APP_KEY, eu868);
    const req = setupReq({ mcKeyEncrypted: encryptMcKey(kek, server.mcKey), mcGroupId: 2 });
    const [ans] = c.handle(req);
    expect(ts005.encode(ans!)).toEqual(Buffer.from([0x02, 0x02])); // CID 2, group 2, no IDerror
    expect(c.groups.get(2)).toMatchObject({ appSKey: server.mcAppSKey, nwkSKey: server.mcNwkSKey, minFCnt: 5 });
    // A device with another GenAppKey recovers another key and so cannot open the group's frames.
    const other = new MulticastClient('ffeeddccbbaa99887766554433221100', eu868);
    other.handle(req);
    expect(other.groups.get(2)!.appSKey).not.toBe(server.mcAppSKey);
  });

  it('answers PackageVersionReq and McGroupStatusReq with the groups it holds', () => {
    const c = joinedClient(Date.now());
    c.handle(setupReq({ mcGroupId: 3, mcAddr: '01ab01ac' }));
    const answers = c.handle(
      Buffer.concat([
        ts005.encode({ type: 'PackageVersionReq' }),
        ts005.encode({ type: 'McGroupStatusReq', reqGroupMask: 0b1011 }),
      ]),
    );
    expect(answers).toEqual([
      { type: 'PackageVersionAns', packageIdentifier: 2, packageVersion: 1 },
      {
        type: 'McGroupStatusAns',
        ansGroupMask: 0b1010,
        nbTotalGroups: 2,
        items: [
          { mcGroupId: 1, mcAddr: MC_ADDR },
          { mcGroupId: 3, mcAddr: '01ab01ac' },
        ],
      },
    ]);
    expect(c.handle(Buffer.from([0x04, 0x01]))).toEqual([]); // truncated: dropped, not answered
  });

  it('sets error bits for a session on a frequency or data rate its region does not have, or an unknown group', () => {
    const c = joinedClient(Date.now());
    const ans = (over: object) => c.handle(classC(over))[0];
    expect(ans({ dlFrequency: 915_000_000 })).toEqual({
      type: 'McClassCSessionAns',
      mcGroupId: 1,
      drError: false,
      freqError: true,
      mcGroupUndefined: false,
      timeToStart: null,
    });
    expect(ts005.encode(ans({ dlFrequency: 915_000_000 })!)).toEqual(Buffer.from([0x04, 0x09]));
    expect(ans({ dr: 15 })).toMatchObject({ drError: true, freqError: false, timeToStart: null });
    expect(ans({ mcGroupId: 3 })).toMatchObject({ mcGroupUndefined: true, timeToStart: null });
    // RX1 channels of the default plan are downlink frequencies too.
    expect(ans({ dlFrequency: 868_300_000 })).toMatchObject({ freqError: false });
    // US915: DR2 is an uplink-only rate, DR8 a downlink one.
    const us = new MulticastClient(GEN_APP_KEY, getRegion('us915'));
    us.handle(setupReq());
    const usAns = (dr: number) => us.handle(classC({ dr, dlFrequency: 923_300_000 }))[0];
    expect(usAns(2)).toMatchObject({ drError: true });
    expect(usAns(8)).toMatchObject({ drError: false, freqError: false });
  });

  it('gives the time to the session start and hears nothing before it', () => {
    const now = Math.floor(Date.now() / 1000) * 1000; // on a whole second: exactly 30 s to go
    const c = new MulticastClient(GEN_APP_KEY, eu868);
    c.handle(setupReq(), now);
    expect(c.handle(classC({ sessionTime: gpsS(now) + 30 }), now)[0]).toMatchObject({ timeToStart: 30 });
    expect(c.receive(frame(6), rx2, now)).toMatchObject({ kind: 'outside-session' });
    expect(c.receive(frame(6), rx2, now + 31_000)).toMatchObject({ kind: 'frame', fCnt: 6 });
  });

  it('takes a multicast frame once even when two gateways send it, and ignores counters out of range', () => {
    const now = Date.now();
    const c = joinedClient(now);
    expect(c.receive(frame(3), rx2, now)).toMatchObject({ kind: 'bad-fcnt', fCnt: 3 }); // below minMcFCount
    expect(c.receive(frame(7), rx2, now)).toEqual({
      kind: 'frame',
      groupId: 1,
      mcAddr: MC_ADDR,
      fCnt: 7,
      fPort: 10,
      payload: 'cafe',
    });
    expect(c.receive(frame(7), rx2, now)).toMatchObject({ kind: 'duplicate', fCnt: 7 });
    expect(c.receive(frame(6), rx2, now)).toMatchObject({ kind: 'bad-fcnt', fCnt: 6 }); // older than the last
    expect(c.receive(frame(101), rx2, now)).toMatchObject({ kind: 'bad-fcnt', fCnt: 101 }); // above maxMcFCount
    expect(c.receive(frame(8), rx2, now)).toMatchObject({ kind: 'frame', fCnt: 8 });
    // Someone else's frame to the same address does not check out.
    expect(c.receive(frame(9, 'cafe', '00'.repeat(16)), rx2, now)).toBeUndefined();
  });

  it('listens only on the session’s channel, data rate and time', () => {
    const now = Date.now();
    const c = joinedClient(now);
    expect(c.receive(frame(8), { ...rx2, freqMHz: 868.1 }, now)).toMatchObject({ kind: 'outside-session' });
    expect(c.receive(frame(8), { ...rx2, datr: 'SF9BW125' }, now)).toMatchObject({ kind: 'outside-session' });
    expect(c.receive(frame(8), rx2, now + 2000 * 1000)).toMatchObject({ kind: 'outside-session' });
    expect(c.receive(frame(8), rx2, now)).toMatchObject({ kind: 'frame' });
  });

  it('in a class B session takes frames at McAddr’s ping slots only', () => {
    const now = Date.now();
    const c = new MulticastClient(GEN_APP_KEY, eu868);
    c.handle(setupReq(), now);
    const [ans] = c.handle(
      ts005.encode({
        type: 'McClassBSessionReq',
        mcGroupId: 1,
        sessionTime: gpsS(now) - 1,
        sessionTimeOut: 12,
        periodicity: 2,
        dlFrequency: 869_525_000,
        dr: 3,
      }),
      now,
    );
    expect(ans).toMatchObject({ type: 'McClassBSessionAns', drError: false, freqError: false, timeToStart: 0 });
    const slot = nextPingSlot({ nowGpsMs: gpsTimeMs(now) + 10_000, devAddr: MC_ADDR, periodicity: 2 });
    const at = (tmms: number) => ({ freqMHz: 869.525, datr: 'SF9BW125', tmms });
    expect(c.receive(frame(6), at(slot + PING_SLOT_MS), now)).toMatchObject({ kind: 'outside-session' });
    expect(c.receive(frame(6), { freqMHz: 869.525, datr: 'SF9BW125', imme: true }, now)).toMatchObject({
      kind: 'outside-session',
    });
    expect(c.receive(frame(6), at(slot), now)).toMatchObject({ kind: 'frame', fCnt: 6 });
  });

  it('in a US915 class B session hops with McAddr from one beacon period to the next (DLFrequency 0, DR8)', () => {
    const now = Date.now();
    const c = new MulticastClient(GEN_APP_KEY, getRegion('us915'));
    c.handle(setupReq(), now);
    const session = (over: object) =>
      c.handle(
        ts005.encode({
          type: 'McClassBSessionReq',
          mcGroupId: 1,
          sessionTime: gpsS(now) - 1,
          sessionTimeOut: 12,
          periodicity: 0,
          dlFrequency: 0,
          dr: 8,
          ...over,
        } as Ts005Command),
        now,
      )[0];
    // EU868's ping-slot frequency is no US915 channel.
    expect(session({ dlFrequency: 869_525_000 })).toMatchObject({ freqError: true, timeToStart: null });
    expect(session({})).toMatchObject({ type: 'McClassBSessionAns', drError: false, freqError: false, timeToStart: 0 });
    // RP002 US915: 923.3 + 0.6·((McAddr + floor(beaconTime / 128)) mod 8) MHz, SF12 BW500.
    const mhz = (tmms: number) =>
      Number((923.3 + 0.6 * ((Number.parseInt(MC_ADDR, 16) + Math.floor(tmms / 128_000)) % 8)).toFixed(1));
    const first = nextPingSlot({ nowGpsMs: gpsTimeMs(now) + 10_000, devAddr: MC_ADDR, periodicity: 0 });
    const nextPeriodMs = (Math.floor(first / 128_000) + 1) * 128_000;
    const second = nextPingSlot({ nowGpsMs: nextPeriodMs, devAddr: MC_ADDR, periodicity: 0 });
    expect(mhz(second)).not.toBe(mhz(first));
    const at = (tmms: number, freqMHz: number) => ({ freqMHz, datr: 'SF12BW500', tmms });
    expect(c.receive(frame(6), at(first, mhz(second)), now)).toMatchObject({ kind: 'outside-session' });
    // Not a fixed channel either (RX2's 923.3 MHz, unless that is this period's channel).
    const fixedMHz = mhz(first) === 923.3 ? 923.9 : 923.3;
    expect(c.receive(frame(6), at(first, fixedMHz), now)).toMatchObject({ kind: 'outside-session' });
    expect(c.receive(frame(6), { ...at(first, mhz(first)), datr: 'SF9BW125' }, now)).toMatchObject({
      kind: 'outside-session',
    });
    expect(c.receive(frame(6), at(first, mhz(first)), now)).toMatchObject({ kind: 'frame', fCnt: 6 });
    expect(c.receive(frame(7), at(second, mhz(first)), now)).toMatchObject({ kind: 'outside-session' });
    expect(c.receive(frame(7), at(second, mhz(second)), now)).toMatchObject({ kind: 'frame', fCnt: 7 });
    // A session on one given frequency does not hop.
    expect(session({ dlFrequency: 923_900_000 })).toMatchObject({ freqError: false });
    const hopped = mhz(second) === 923.9 ? 924.5 : mhz(second);
    expect(c.receive(frame(8), at(second, hopped), now)).toMatchObject({ kind: 'outside-session' });
    expect(c.receive(frame(8), at(second, 923.9), now)).toMatchObject({ kind: 'frame', fCnt: 8 });
  });

  it('forgets a deleted group and says when it did not have it', () => {
    const c = joinedClient(Date.now());
    expect(c.handle(ts005.encode({ type: 'McGroupDeleteReq', mcGroupId: 1 }))).toEqual([
      { type: 'McGroupDeleteAns', mcGroupId: 1, mcGroupUndefined: false },
    ]);
    expect(c.hasGroupAddr(MC_ADDR)).toBe(false);
    expect(c.receive(frame(10), rx2)).toBeUndefined();
    expect(c.handle(ts005.encode({ type: 'McGroupDeleteReq', mcGroupId: 1 }))).toEqual([
      { type: 'McGroupDeleteAns', mcGroupId: 1, mcGroupUndefined: true },
    ]);
  });
});

describe('multicast reception range', () => {
  it('a device hears a gateway’s downlink when the mean path loss leaves the rate’s sensitivity', () => {
    expect(hearsDownlink(4.5, 'SF12BW125', 16)).toBe(true);
    expect(hearsDownlink(4.5, 'SF7BW125', 16)).toBe(false);
    expect(hearsDownlink(4.5, 'SF7BW125', 27)).toBe(true);
    expect(hearsDownlink(20, 'SF12BW125', 16)).toBe(false);
    expect(hearsDownlink(1, 'SF7BW500', 14)).toBe(true);
    expect(hearsDownlink(1, 'nonsense', 14)).toBe(false);
  });
});
