import { createHash } from 'node:crypto';
import { TS004_PORT, type Ts004Command, ts004 } from '@lns/lorawan/applayer/ts004';
import { fecEncode } from '@lns/lorawan/applayer/ts004-fec';
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
import { prng } from '@lns/lorawan/prng';
import { getRegion } from '@lns/lorawan/regions';
import { describe, expect, it } from 'vitest';
import { formatSummary } from './format';
import { FragmentationClient, type FragmentationEvent, incompleteLine, rebuiltLine } from './fuota';
import { MulticastClient } from './multicast';
import type { SimCounters } from './sim';

/**
 * The device side of FUOTA, from docs/protocols/fuota.md: setup and delete by unicast on FPort 201,
 * fragments and the status request in the group's multicast frames.
 */

const DEV_EUI = '5e1a000000000001';
const GEN_APP_KEY = '000102030405060708090a0b0c0d0e0f';
const MC_KEY = '0f0e0d0c0b0a09080706050403020100';
const MC_ADDR = '01ab0201';
const GROUP = 2;
/** EU868 RX2 DR0: 51 − 3 bytes (docs/protocols/fuota.md, FragSessionSetupReq). */
const FRAG_SIZE = 48;

/** A firmware image of `size` bytes (seeded), its descriptor, and its fragments with `redundancy` parity ones. */
function image(size: number, redundancyPercent: number, seed = 7) {
  const rand = prng(seed);
  const bytes = Buffer.from(Array.from({ length: size }, () => Math.floor(rand() * 256)));
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const nbFrag = Math.ceil(size / FRAG_SIZE);
  const enc = fecEncode(bytes, FRAG_SIZE, Math.ceil((nbFrag * redundancyPercent) / 100));
  return { bytes, sha256, descriptor: sha256.slice(0, 8), ...enc };
}

const setupReq = (img: { nbFrag: number; padding: number; descriptor: string }, over: object = {}) =>
  ts004.encode({
    type: 'FragSessionSetupReq',
    fragIndex: 0,
    mcGroupBitMask: 1 << GROUP,
    nbFrag: img.nbFrag,
    fragSize: FRAG_SIZE,
    fragAlgo: 0,
    blockAckDelay: 0,
    padding: img.padding,
    descriptor: img.descriptor,
    ...over,
  } as Ts004Command);

const fragment = (n: number, data: Uint8Array, fragIndex = 0) =>
  ts004.encode({ type: 'DataFragment', fragIndex, n, data });
const statusReq = (participants = true) => ts004.encode({ type: 'FragSessionStatusReq', participants, fragIndex: 0 });

/** A client with session 0 set up for `img` on group 2. */
function setUp(img: ReturnType<typeof image>, o: ConstructorParameters<typeof FragmentationClient>[0] = {}) {
  const c = new FragmentationClient(o);
  expect(c.handle(setupReq(img))).toEqual([
    {
      type: 'FragSessionSetupAns',
      fragIndex: 0,
      encodingUnsupported: false,
      notEnoughMemory: false,
      fragSessionIndexNotSupported: false,
      wrongDescriptor: false,
    },
  ]);
  return c;
}

const answerBytes = (cmds: Ts004Command[]) => ts004.encodeAll(cmds).toString('hex');

describe('FUOTA device side (TS004 over TS005)', () => {
  it('answers a FragSessionSetupReq and a PackageVersionReq with the right bytes', () => {
    const c = new FragmentationClient();
    // CID 02, FragIndex 1 | McGroupBitMask 0100, NbFrag 63, FragSize 48, FragAlgo 0 | BlockAckDelay 0,
    // Padding 24, Descriptor 0xdeadbeef.
    const req = Buffer.from('02' + '14' + '3f00' + '30' + '00' + '18' + 'deadbeef', 'hex');
    expect(req).toEqual(
      setupReq({ nbFrag: 63, padding: 24, descriptor: 'deadbeef' }, { fragIndex: 1, mcGroupBitMask: 0b0100 }),
    );
    // FragSessionSetupAns: FragIndex in bits 7..6, no error bit.
    expect(answerBytes(c.handle(req))).toBe('0240');
    expect(c.sessions.get(1)).toMatchObject({ nbFrag: 63, fragSize: 48, padding: 24, descriptor: 'deadbeef' });
    expect(answerBytes(c.handle(Buffer.from('00', 'hex')))).toBe('000301'); // TS004: identifier 3, version 1
    // An unknown encoding and a session larger than the 14-bit counter are refused with their bits.
    const refused = c.handle(setupReq({ nbFrag: 20_000, padding: 0, descriptor: '00000000' }, { fragAlgo: 1 }));
    expect(answerBytes(refused)).toBe('0203');
    expect(c.sessions.has(0)).toBe(false);
    expect(c.handle(Buffer.from('0201', 'hex'))).toEqual([]); // truncated: dropped, not answered
  });

  it('rebuilds an image sent in multicast frames with 20 % of them lost, and prints its SHA-256', () => {
    // 63 uncoded + 32 parity fragments (redundancy 50 %: a fifth lost leaves margin), 24 bytes of padding.
    const img = image(3000, 50);
    expect([img.nbFrag, img.fragments.length, img.padding]).toEqual([63, 95, 24]);
    const fuota = setUp(img, { loss: 0.2, rand: prng(1) });
    // Through the TS005 side as in the simulator: group 2 set up, a class C session on RX2 running.
    const now = Date.now();
    const mc = new MulticastClient(GEN_APP_KEY, getRegion('eu868'));
    const kek = mcKEKey(mcRootKeyFromGenAppKey(GEN_APP_KEY));
    mc.handle(
      ts005.encode({
        type: 'McGroupSetupReq',
        mcGroupId: GROUP,
        mcAddr: MC_ADDR,
        mcKeyEncrypted: encryptMcKey(kek, MC_KEY),
        minMcFCount: 0,
        maxMcFCount: 0xffffffff,
      }),
      now,
    );
    const sessionTime = Math.floor(gpsTimeMs(now) / 1000) - 1;
    const classC = { mcGroupId: GROUP, sessionTime, sessionTimeOut: 10, dlFrequency: 869_525_000, dr: 0 };
    mc.handle(ts005.encode({ type: 'McClassCSessionReq', ...classC }), now);
    const events: FragmentationEvent[] = [];
    img.fragments.forEach((data, i) => {
      const phy = buildDataFrame({
        mType: 'UnconfirmedDataDown',
        devAddr: MC_ADDR,
        fCnt: i,
        fPort: TS004_PORT,
        payload: fragment(i + 1, data),
        nwkSKey: mcNwkSKey(MC_KEY, MC_ADDR),
        appSKey: mcAppSKey(MC_KEY, MC_ADDR),
      });
      const r = mc.receive(phy, { freqMHz: 869.525, datr: 'SF12BW125', imme: true }, now);
      if (r?.kind !== 'frame') throw new Error(`frame ${i} not taken: ${JSON.stringify(r)}`);
      events.push(...fuota.receive(Buffer.from(r.payload, 'hex'), r.groupId));
    });
    const lost = events.filter((e) => e.kind === 'lost').length;
    expect(lost / img.fragments.length).toBeGreaterThan(0.12);
    expect(lost / img.fragments.length).toBeLessThan(0.3);
    const rebuilt = events.filter((e) => e.kind === 'rebuilt');
    expect(rebuilt).toHaveLength(1);
    expect(fuota.lastImage!.bytes.equals(img.bytes)).toBe(true);
    expect(rebuiltLine(DEV_EUI, fuota.lastImage!)).toBe(`fuota ${DEV_EUI} rebuilt 3000 bytes sha256 ${img.sha256}`);
    // The status answer: every fragment taken counted, none missing.
    const taken = events.filter((e) => e.kind === 'fragment').length;
    expect(taken).toBe(img.fragments.length - lost);
    expect(fuota.statusAnswer(0)).toEqual({
      answer: {
        type: 'FragSessionStatusAns',
        nbFragReceived: taken,
        fragIndex: 0,
        missingFrag: 0,
        notEnoughMatrixMemory: false,
      },
      missing: 0,
    });
  });

  it('says when the rebuilt image does not match the descriptor', () => {
    const img = image(500, 0);
    const c = setUp({ ...img, descriptor: '01020304' });
    const events = img.fragments.flatMap((d, i) => c.receive(fragment(i + 1, d), GROUP));
    const last = events.at(-1);
    expect(last?.kind).toBe('rebuilt');
    expect(c.lastImage!.bytes.equals(img.bytes)).toBe(true);
    expect(rebuiltLine(DEV_EUI, c.lastImage!)).toBe(
      `fuota ${DEV_EUI} rebuilt 500 bytes sha256 ${img.sha256} descriptor mismatch`,
    );
  });

  it('with too much lost answers the status request with the fragments missing and prints it', () => {
    const img = image(3000, 10); // 63 + 7
    const c = setUp(img, { rand: () => 0.5 });
    // Every other fragment: 35 of 70 heard, 63 needed.
    img.fragments.forEach((d, i) => {
      if (i % 2 === 0) c.receive(fragment(i + 1, d), GROUP);
    });
    const [status] = c.receive(statusReq(), GROUP);
    expect(status).toEqual({ kind: 'status', fragIndex: 0, delayMs: 24_000 });
    const s = c.statusAnswer(0)!;
    expect(s.missing).toBeGreaterThan(0);
    expect(s.answer).toMatchObject({ nbFragReceived: 35, missingFrag: s.missing });
    // NbFragReceived 35 | FragIndex 0 << 14 (LE), MissingFrag, Status 0.
    expect(answerBytes([s.answer])).toBe(`012300${s.missing.toString(16).padStart(2, '0')}00`);
    expect(incompleteLine(DEV_EUI, s.missing)).toBe(`fuota ${DEV_EUI} incomplete: ${s.missing} fragments missing`);
    expect(c.lastImage).toBeUndefined();
  });

  it('caps MissingFrag at 255 and answers Participants = 0 only while fragments are missing', () => {
    const big = image(400 * FRAG_SIZE, 0);
    const c = setUp(big);
    expect(c.receive(statusReq(false), GROUP)).toHaveLength(1);
    expect(c.statusAnswer(0)).toMatchObject({ answer: { nbFragReceived: 0, missingFrag: 255 }, missing: 400 });
    big.fragments.forEach((d, i) => {
      c.receive(fragment(i + 1, d), GROUP);
    });
    expect(c.lastImage!.bytes.equals(big.bytes)).toBe(true);
    expect(c.receive(statusReq(false), GROUP)).toEqual([]);
    expect(c.receive(statusReq(true), GROUP)).toMatchObject([{ kind: 'status' }]);
  });

  it('takes fragments only of its groups and its fragment size; the same setup again keeps them', () => {
    const img = image(300, 0);
    const c = setUp(img);
    const frag = fragment(1, img.fragments[0]!);
    expect(c.receive(frag, 3)).toEqual([{ kind: 'ignored', fragIndex: 0, n: 1 }]); // group 3 not in the mask
    expect(c.receive(fragment(1, img.fragments[0]!, 1), GROUP)).toEqual([{ kind: 'ignored', fragIndex: 1, n: 1 }]);
    expect(c.receive(fragment(2, Buffer.alloc(10)), GROUP)).toEqual([{ kind: 'ignored', fragIndex: 0, n: 2 }]);
    expect(c.receive(frag, GROUP)).toEqual([{ kind: 'fragment', fragIndex: 0, n: 1 }]);
    c.handle(setupReq(img)); // its answer was not heard: sent again
    expect(c.statusAnswer(0)!.answer).toMatchObject({ nbFragReceived: 1 });
    c.handle(setupReq(img, { padding: img.padding + 1 })); // another image: a new session
    expect(c.statusAnswer(0)!.answer).toMatchObject({ nbFragReceived: 0 });
  });

  it('answers FragSessionDeleteReq, forgets the session and keeps the image it rebuilt', () => {
    const img = image(200, 0);
    const c = setUp(img);
    img.fragments.forEach((d, i) => {
      c.receive(fragment(i + 1, d), GROUP);
    });
    const del = ts004.encode({ type: 'FragSessionDeleteReq', fragIndex: 0 });
    expect(c.handle(del)).toEqual([{ type: 'FragSessionDeleteAns', fragIndex: 0, sessionDoesNotExist: false }]);
    expect(c.sessions.size).toBe(0);
    expect(c.statusAnswer(0)).toBeUndefined();
    expect(c.receive(statusReq(), GROUP)).toEqual([]);
    expect(c.lastImage!.bytes.equals(img.bytes)).toBe(true);
    expect(answerBytes(c.handle(del))).toBe('0304'); // SessionDoesNotExist
  });

  it('answers a status request after a random delay within TS004’s window', () => {
    const img = image(100, 0);
    const delays = (blockAckDelay: number, o: ConstructorParameters<typeof FragmentationClient>[0]) => {
      const c = new FragmentationClient(o);
      c.handle(setupReq(img, { blockAckDelay }));
      return Array.from({ length: 200 }, () => {
        const [e] = c.receive(statusReq(), GROUP);
        return e?.kind === 'status' ? e.delayMs : Number.NaN;
      });
    };
    // BlockAckDelay 0: [2^4, 2^5] s.
    const d0 = delays(0, { rand: prng(3) });
    expect(Math.min(...d0)).toBeGreaterThanOrEqual(16_000);
    expect(Math.max(...d0)).toBeLessThanOrEqual(32_000);
    expect(Math.max(...d0) - Math.min(...d0)).toBeGreaterThan(12_000); // spread over the window
    expect(delays(0, { rand: () => 0 })[0]).toBe(16_000);
    expect(delays(0, { rand: () => 0.999_999 })[0]).toBe(32_000);
    // BlockAckDelay 3: [2^7, 2^8] s.
    const d3 = delays(3, { rand: prng(4) });
    expect(Math.min(...d3)).toBeGreaterThanOrEqual(128_000);
    expect(Math.max(...d3)).toBeLessThanOrEqual(256_000);
    // The scale shortens it for tests; the CLI leaves it at 1.
    const fast = delays(0, { rand: prng(3), delayScale: 0.001 });
    expect(fast).toEqual(d0.map((d) => Math.round(d / 1000)));
  });

  it('adds a FUOTA line to the summary only when a device took part', () => {
    const zero = {
      fuotaFragments: 0,
      fuotaFragmentsLost: 0,
      fuotaImagesRebuilt: 0,
      fuotaIncomplete: 0,
    };
    const base = { ts005Answers: 0, multicastFrames: 0, multicastDuplicates: 0 } as unknown as SimCounters;
    expect(formatSummary({ ...base, ...zero }, 1, 1, 1)).not.toContain('fuota');
    const c = { ...base, ...zero, fuotaFragments: 66, fuotaFragmentsLost: 16, fuotaImagesRebuilt: 1 };
    expect(formatSummary(c, 1, 1, 1)).toContain(
      'fuota          66 fragments received, 16 lost (--loss), 1 images rebuilt, 0 sessions incomplete',
    );
  });
});
