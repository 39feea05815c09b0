import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { phyArb, plain } from '../test/arbitraries';
import { LorawanError } from './errors';
import { decodePhy, encodePhy } from './phy';

const h = (s: string) => Buffer.from(s.replace(/\s/g, ''), 'hex');
const codeOf = (f: () => unknown): string | undefined => {
  try {
    f();
  } catch (e) {
    if (e instanceof LorawanError) return e.code;
    throw e;
  }
  return undefined;
};

describe('decodePhy', () => {
  // anthonykirby/lora-packet __tests__/mic_test.ts, README (unconfirmed data up, DevAddr 49be7df1, FCnt 2, FPort 1)
  it('decodes a data uplink', () => {
    const f = decodePhy(h('40F17DBE4900020001954378762B11FF0D'));
    expect(plain(f)).toEqual(
      plain({
        mType: 'UnconfirmedDataUp',
        devAddr: '49be7df1',
        fCtrl: { adr: false, adrAckReq: false, ack: false, fPending: false, classB: false },
        fCnt: 2,
        fOpts: new Uint8Array(0),
        fPort: 1,
        frmPayload: h('95437876'),
        mic: h('2b11ff0d'),
      }),
    );
  });
  // anthonykirby/lora-packet __tests__/mic_test.ts (ACK downlink 60f17dbe4920020001f9d65d27)
  it('decodes an ACK downlink without FPort', () => {
    const f = decodePhy(h('60f17dbe4920020001f9d65d27'));
    expect(f).toMatchObject({ mType: 'UnconfirmedDataDown', fCnt: 2, fCtrl: { ack: true } });
    if (f.mType !== 'UnconfirmedDataDown') throw new Error('type');
    expect(f.fPort).toBe(1);
    expect(f.frmPayload.length).toBe(0);
  });
  it('decodes FOpts MAC commands', () => {
    // FCtrl 0x83 = ADR + FOptsLen 3: LinkADRAns (03 07) + LinkCheckReq (02)
    const f = decodePhy(h('40 04030201 83 0a00 030702 11223344'));
    expect(f).toMatchObject({ devAddr: '01020304', fCnt: 10, fPort: null, fCtrl: { adr: true } });
    if (f.mType !== 'UnconfirmedDataUp') throw new Error('type');
    expect(Buffer.from(f.fOpts).toString('hex')).toBe('030702');
  });
  it('decodes join-request / join-accept / proprietary', () => {
    expect(decodePhy(h('00 0807060504030201 0807060504030201 0201 e6e10c55'))).toMatchObject({
      mType: 'JoinRequest',
      joinEUI: '0102030405060708',
      devNonce: 0x0102,
    });
    expect(decodePhy(h('20c9fbb259e11649096a568a9e3b7117c3')).mType).toBe('JoinAccept');
    expect(decodePhy(h('e0 0102')).mType).toBe('Proprietary');
  });
  it.each([
    ['', 'TOO_SHORT'],
    ['40 01020304 00 0100', 'TOO_SHORT'],
    ['40 01020304 05 0100 0102 11223344', 'BAD_FOPTS_LEN'],
    ['40 01020304 0f 0100 11223344', 'BAD_FOPTS_LEN'],
    ['40 01020304 01 0100 02 00 aa 11223344', 'BAD_FPORT'],
    ['00 0807060504030201 0807060504030201 0201 e6e10c', 'TOO_SHORT'],
    ['00 0807060504030201 0807060504030201 0201 e6e10c5500', 'BAD_LENGTH'],
    ['20 c9fbb259e11649096a568a9e3b7117c3 00', 'BAD_LENGTH'],
    ['20 c9fbb259e11649096a568a9e3b71', 'TOO_SHORT'],
    ['41 01020304 00 0100 11223344', 'BAD_MAJOR'],
    ['c0 05 00', 'BAD_FIELD'],
    ['c0 00 0302', 'TOO_SHORT'],
    [`40${'00'.repeat(255)}`, 'TOO_LONG'],
  ])('rejects %s with %s', (hex, code) => {
    expect(codeOf(() => decodePhy(h(hex)))).toBe(code);
  });
});

describe('encodePhy', () => {
  it('checks field ranges', () => {
    const base = {
      mType: 'UnconfirmedDataDown' as const,
      devAddr: '01020304',
      fCtrl: { adr: false, adrAckReq: false, ack: false, fPending: false, classB: false },
      fCnt: 1,
      fOpts: new Uint8Array(0),
      fPort: 1,
      frmPayload: new Uint8Array(1),
      mic: new Uint8Array(4),
    };
    expect(encodePhy(base).toString('hex')).toBe('6004030201000100010000000000');
    expect(codeOf(() => encodePhy({ ...base, fCnt: 0x10000 }))).toBe('BAD_FIELD');
    expect(codeOf(() => encodePhy({ ...base, devAddr: 'xyz' }))).toBe('BAD_HEX');
    expect(codeOf(() => encodePhy({ ...base, fOpts: new Uint8Array(16) }))).toBe('BAD_FOPTS_LEN');
    expect(codeOf(() => encodePhy({ ...base, fPort: 0, fOpts: new Uint8Array(1) }))).toBe('BAD_FPORT');
    expect(codeOf(() => encodePhy({ ...base, fPort: null }))).toBe('BAD_FPORT');
    expect(codeOf(() => encodePhy({ ...base, fCtrl: { ...base.fCtrl, classB: true } }))).toBe('BAD_FIELD');
    expect(codeOf(() => encodePhy({ ...base, frmPayload: new Uint8Array(250) }))).toBe('TOO_LONG');
  });
  it('round-trips every frame type (property)', () => {
    fc.assert(
      fc.property(phyArb, (frame) => {
        let bytes: Buffer;
        try {
          bytes = encodePhy(frame);
        } catch (e) {
          // only oversize frames may be refused
          expect((e as LorawanError).code).toBe('TOO_LONG');
          return;
        }
        expect(plain(decodePhy(bytes))).toEqual(plain(frame));
        expect(encodePhy(decodePhy(bytes)).equals(bytes)).toBe(true);
      }),
      { numRuns: 3000 },
    );
  });
});
