import fc from 'fast-check';
import loraPacket from 'lora-packet';
import { describe, expect, it } from 'vitest';
import { hexOf } from '../test/arbitraries';
import { buildDataFrame, openDataFrame } from './frames';
import { buildJoinAccept, buildJoinRequest, openJoinAccept, openJoinRequest } from './join';
import { encodeMacCommands } from './mac';
import type { DataMType } from './phy';

/** Cross-checks against lora-packet (anthonykirby/lora-packet, dev dependency), both directions. */

const MTYPE_NAMES: Record<DataMType, string> = {
  UnconfirmedDataUp: 'Unconfirmed Data Up',
  UnconfirmedDataDown: 'Unconfirmed Data Down',
  ConfirmedDataUp: 'Confirmed Data Up',
  ConfirmedDataDown: 'Confirmed Data Down',
};
const msb = (fCnt: number) => Buffer.from([(fCnt >>> 16) & 0xff, (fCnt >>> 24) & 0xff]);

const dataCase = fc.record({
  mType: fc.constantFrom<DataMType>('UnconfirmedDataUp', 'UnconfirmedDataDown', 'ConfirmedDataUp', 'ConfirmedDataDown'),
  devAddr: hexOf(4),
  fCnt: fc.integer({ min: 0, max: 0xffffffff }),
  fPort: fc.integer({ min: 1, max: 223 }),
  payload: fc.uint8Array({ minLength: 1, maxLength: 60 }),
  nwkSKey: hexOf(16),
  appSKey: hexOf(16),
  adr: fc.boolean(),
  ack: fc.boolean(),
  withFOpts: fc.boolean(),
});

describe('lora-packet cross-check', () => {
  it('our data frames verify and decrypt in lora-packet', () => {
    fc.assert(
      fc.property(dataCase, (c) => {
        const up = c.mType.endsWith('Up');
        const fOpts = c.withFOpts
          ? encodeMacCommands(
              up
                ? [{ type: 'LinkCheckReq' }, { type: 'DevStatusAns', battery: 200, margin: -5 }]
                : [{ type: 'DevStatusReq' }],
            )
          : undefined;
        const phy = buildDataFrame({ ...c, fCtrl: { adr: c.adr, ack: c.ack }, fOpts, payload: Buffer.from(c.payload) });
        const p = loraPacket.fromWire(phy);
        const nwk = Buffer.from(c.nwkSKey, 'hex');
        const app = Buffer.from(c.appSKey, 'hex');
        expect(p.getMType()).toBe(MTYPE_NAMES[c.mType]);
        expect(p.DevAddr!.toString('hex')).toBe(c.devAddr);
        expect(p.getFCnt()).toBe(c.fCnt & 0xffff);
        expect(p.getFPort()).toBe(c.fPort);
        expect(p.getFCtrlADR()).toBe(c.adr);
        expect(p.getFCtrlACK()).toBe(c.ack);
        expect(p.FOpts!.toString('hex')).toBe(fOpts ? fOpts.toString('hex') : '');
        expect(loraPacket.verifyMIC(p, nwk, undefined, msb(c.fCnt))).toBe(true);
        expect(loraPacket.decrypt(p, app, nwk, msb(c.fCnt)).toString('hex')).toBe(
          Buffer.from(c.payload).toString('hex'),
        );
      }),
      { numRuns: 300 },
    );
  });

  it('lora-packet data frames open with our decoder', () => {
    fc.assert(
      fc.property(dataCase, (c) => {
        const nwk = Buffer.from(c.nwkSKey, 'hex');
        const app = Buffer.from(c.appSKey, 'hex');
        const p = loraPacket.fromFields(
          {
            MType: MTYPE_NAMES[c.mType],
            DevAddr: Buffer.from(c.devAddr, 'hex'),
            FCnt: c.fCnt & 0xffff,
            FPort: c.fPort,
            payload: Buffer.from(c.payload),
            FCtrl: { ADR: c.adr, ACK: c.ack },
          },
          app,
          nwk,
          undefined,
          msb(c.fCnt),
        );
        const phy = p.getPHYPayload()!;
        const r = openDataFrame(phy, { nwkSKey: nwk, appSKey: app, fCnt: c.fCnt });
        expect(r.micValid).toBe(true);
        expect(r.frame).toMatchObject({
          mType: c.mType,
          devAddr: c.devAddr,
          fPort: c.fPort,
          fCtrl: { adr: c.adr, ack: c.ack },
        });
        expect(r.payload!.toString('hex')).toBe(Buffer.from(c.payload).toString('hex'));
      }),
      { numRuns: 300 },
    );
  });

  it('FPort 0 payloads use NwkSKey both ways', () => {
    const nwk = Buffer.from('00112233445566778899aabbccddeeff', 'hex');
    const app = Buffer.from('ffeeddccbbaa99887766554433221100', 'hex');
    const cmds = encodeMacCommands([{ type: 'LinkADRAns', powerAck: true, dataRateAck: true, channelMaskAck: true }]);
    const phy = buildDataFrame({
      mType: 'UnconfirmedDataUp',
      devAddr: '26011234',
      fCnt: 7,
      fPort: 0,
      payload: cmds,
      nwkSKey: nwk,
      appSKey: app,
    });
    const p = loraPacket.fromWire(phy);
    expect(loraPacket.decrypt(p, app, nwk).toString('hex')).toBe('0307');
    expect(loraPacket.verifyMIC(p, nwk)).toBe(true);
  });

  it('join-request both ways', () => {
    fc.assert(
      fc.property(
        hexOf(8),
        hexOf(8),
        fc.integer({ min: 0, max: 0xffff }),
        hexOf(16),
        (joinEUI, devEUI, devNonce, appKey) => {
          const ours = buildJoinRequest({ appKey, joinEUI, devEUI, devNonce });
          const p = loraPacket.fromWire(ours);
          expect(p.AppEUI!.toString('hex')).toBe(joinEUI);
          expect(p.DevEUI!.toString('hex')).toBe(devEUI);
          expect(p.DevNonce!.toString('hex')).toBe(devNonce.toString(16).padStart(4, '0'));
          expect(loraPacket.verifyMIC(p, undefined, Buffer.from(appKey, 'hex'))).toBe(true);
          const theirs = loraPacket.fromFields(
            {
              MType: 'Join Request',
              AppEUI: Buffer.from(joinEUI, 'hex'),
              DevEUI: Buffer.from(devEUI, 'hex'),
              DevNonce: Buffer.from(devNonce.toString(16).padStart(4, '0'), 'hex'),
            },
            undefined,
            undefined,
            Buffer.from(appKey, 'hex'),
          );
          expect(theirs.getPHYPayload()!.toString('hex')).toBe(ours.toString('hex'));
          expect(openJoinRequest(theirs.getPHYPayload()!, appKey).micValid).toBe(true);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('join-accept both ways', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 0xffffff }),
        hexOf(3),
        hexOf(4),
        fc.integer({ min: 0, max: 7 }),
        fc.integer({ min: 0, max: 15 }),
        fc.integer({ min: 0, max: 15 }),
        hexOf(16),
        (joinNonce, netID, devAddr, rx1DrOffset, rx2DataRate, rxDelay, appKey) => {
          const key = Buffer.from(appKey, 'hex');
          const ours = buildJoinAccept({
            appKey,
            joinNonce,
            netID,
            devAddr,
            dlSettings: { optNeg: false, rx1DrOffset, rx2DataRate },
            rxDelay,
            cfList: null,
          });
          const plainPhy = loraPacket.decryptJoinAccept(loraPacket.fromWire(ours), key);
          const p = loraPacket.fromWire(plainPhy);
          expect(p.AppNonce!.toString('hex')).toBe(joinNonce.toString(16).padStart(6, '0'));
          expect(p.NetID!.toString('hex')).toBe(netID);
          expect(p.DevAddr!.toString('hex')).toBe(devAddr);
          expect(loraPacket.verifyMIC(p, undefined, key)).toBe(true);
          const theirs = loraPacket.fromFields(
            {
              MType: 'Join Accept',
              AppNonce: Buffer.from(joinNonce.toString(16).padStart(6, '0'), 'hex'),
              NetID: Buffer.from(netID, 'hex'),
              DevAddr: Buffer.from(devAddr, 'hex'),
              DLSettings: (rx1DrOffset << 4) | rx2DataRate,
              RxDelay: rxDelay,
            },
            undefined,
            undefined,
            key,
          );
          expect(theirs.getPHYPayload()!.toString('hex')).toBe(ours.toString('hex'));
          expect(openJoinAccept(theirs.getPHYPayload()!, key)).toMatchObject({ joinNonce, netID, devAddr, rxDelay });
        },
      ),
      { numRuns: 200 },
    );
  });
});
