import fc from 'fast-check';
import type { DataFrame, DataMType, PhyPayload } from '../src/phy';

/** fast-check generators shared by the property and fuzz tests (not part of the public API). */
export const hexOf = (n: number) =>
  fc.uint8Array({ minLength: n, maxLength: n }).map((b) => Buffer.from(b).toString('hex'));
export const bytes = (max: number, min = 0) => fc.uint8Array({ minLength: min, maxLength: max });

const mic = bytes(4, 4);

export const dataFrameArb: fc.Arbitrary<DataFrame> = fc
  .record({
    mType: fc.constantFrom<DataMType>(
      'UnconfirmedDataUp',
      'UnconfirmedDataDown',
      'ConfirmedDataUp',
      'ConfirmedDataDown',
    ),
    devAddr: hexOf(4),
    adr: fc.boolean(),
    b6: fc.boolean(),
    ack: fc.boolean(),
    b4: fc.boolean(),
    fCnt: fc.integer({ min: 0, max: 0xffff }),
    fOpts: bytes(15),
    fPort: fc.option(fc.integer({ min: 0, max: 255 }), { nil: null }),
    frmPayload: bytes(200),
    mic,
  })
  .map((r) => {
    const up = r.mType.endsWith('Up');
    const fPort = r.fPort;
    const fOpts = fPort === 0 ? new Uint8Array(0) : r.fOpts;
    return {
      mType: r.mType,
      devAddr: r.devAddr,
      fCtrl: { adr: r.adr, adrAckReq: up && r.b6, ack: r.ack, fPending: !up && r.b4, classB: up && r.b4 },
      fCnt: r.fCnt,
      fOpts,
      fPort,
      frmPayload: fPort === null ? new Uint8Array(0) : r.frmPayload,
      mic: r.mic,
    };
  });

export const phyArb: fc.Arbitrary<PhyPayload> = fc.oneof(
  fc.record({
    mType: fc.constant('JoinRequest' as const),
    joinEUI: hexOf(8),
    devEUI: hexOf(8),
    devNonce: fc.integer({ min: 0, max: 0xffff }),
    mic,
  }),
  fc.record({ mType: fc.constant('JoinAccept' as const), encrypted: fc.oneof(bytes(16, 16), bytes(32, 32)) }),
  fc.record({
    mType: fc.constant('RejoinRequest' as const),
    rejoinType: fc.constantFrom(0 as const, 2 as const),
    netID: hexOf(3),
    devEUI: hexOf(8),
    rjCount: fc.integer({ min: 0, max: 0xffff }),
    mic,
  }),
  fc.record({
    mType: fc.constant('RejoinRequest' as const),
    rejoinType: fc.constant(1 as const),
    joinEUI: hexOf(8),
    devEUI: hexOf(8),
    rjCount: fc.integer({ min: 0, max: 0xffff }),
    mic,
  }),
  dataFrameArb,
  fc.record({ mType: fc.constant('Proprietary' as const), payload: bytes(100) }),
);

/** Normalises Buffers/Uint8Arrays to plain arrays for deep equality. */
export function plain(v: unknown): unknown {
  if (v instanceof Uint8Array) return Array.from(v);
  if (Array.isArray(v)) return v.map(plain);
  if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, plain(x)]));
  return v;
}
