import { buildDataFrame, openDataFrame } from '@lns/lorawan/frames';
import { decodeMacCommands, encodeMacCommands } from '@lns/lorawan/mac';
import { describe, expect, it } from 'vitest';
import { ChannelMask } from './channels';
import { SimDevice } from './device';
import { radioPlan } from './radio';

const session = { devAddr: '26011f22', nwkSKey: '11'.repeat(16), appSKey: '22'.repeat(16) };

describe('simulated device ADR', () => {
  it('applies a LinkADRReq block and answers each command in the next uplink', () => {
    const dev = new SimDevice(
      { devEUI: '00'.repeat(8), joinEUI: '00'.repeat(8), authType: 'abp', session, fCntUp: 0 },
      { x: 0, y: 0 },
      12,
      radioPlan('us915', 'us915-2').sfOf,
    );
    const first = openDataFrame(dev.dataUplink(1, Buffer.from('01', 'hex'), false).phy, session);
    expect(first.frame.fCtrl.adr).toBe(true);
    expect(first.frame.fOpts).toHaveLength(0);

    const req = { type: 'LinkADRReq', dataRate: 3, txPower: 2, nbTrans: 1 } as const;
    const down = buildDataFrame({
      mType: 'UnconfirmedDataDown',
      devAddr: session.devAddr,
      fCnt: 0,
      fOpts: encodeMacCommands([
        { ...req, chMaskCntl: 7, chMask: 0x02 },
        { ...req, chMaskCntl: 0, chMask: 0xff00 },
      ]),
      fPort: null,
      payload: Buffer.alloc(0),
      nwkSKey: session.nwkSKey,
      appSKey: session.appSKey,
    });
    expect(dev.tryData(down)).toMatchObject({ kind: 'data', macCommands: ['LinkADRReq', 'LinkADRReq'] });
    expect([dev.sf, dev.txPower]).toEqual([7, 2]); // US915 DR3 = SF7BW125

    const next = openDataFrame(dev.dataUplink(1, Buffer.from('02', 'hex'), false).phy, session);
    const ans = { type: 'LinkADRAns', powerAck: true, dataRateAck: true, channelMaskAck: true };
    expect(decodeMacCommands(next.frame.fOpts, 'up')).toEqual([ans, ans]);
    // Answers go out once.
    expect(openDataFrame(dev.dataUplink(1, Buffer.from('03', 'hex'), false).phy, session).frame.fOpts).toHaveLength(0);
  });

  it('takes the channel mask of a LinkADRReq block, or refuses the whole block and keeps its settings', () => {
    const plan = radioPlan('us915', 'us915-1');
    const dev = new SimDevice(
      { devEUI: '00'.repeat(8), joinEUI: '00'.repeat(8), authType: 'abp', session, fCntUp: 0 },
      { x: 0, y: 0 },
      10,
      plan.sfOf,
    );
    dev.channels = new ChannelMask(plan.region, plan.channels);
    let fCnt = 0;
    const down = (cmds: Parameters<typeof encodeMacCommands>[0]) =>
      dev.tryData(
        buildDataFrame({
          mType: 'UnconfirmedDataDown',
          devAddr: session.devAddr,
          fCnt: fCnt++,
          fOpts: encodeMacCommands(cmds),
          fPort: null,
          payload: Buffer.alloc(0),
          nwkSKey: session.nwkSKey,
          appSKey: session.appSKey,
        }),
      );
    const answers = () =>
      decodeMacCommands(
        openDataFrame(dev.dataUplink(1, Buffer.from('01', 'hex'), false).phy, session).frame.fOpts,
        'up',
      );
    const req = { type: 'LinkADRReq', dataRate: 15, txPower: 15, nbTrans: 1 } as const;
    expect(
      down([
        { ...req, chMaskCntl: 7, chMask: 0x0003 },
        { ...req, chMaskCntl: 0, chMask: 0xffff },
      ]),
    ).toMatchObject({ channels: [...Array.from({ length: 16 }, (_, i) => i), 64, 65] });
    expect(answers()).toHaveLength(2);
    // Every channel off: refused, the data rate too; the same mask again changes nothing.
    const refused = down([{ ...req, dataRate: 3, chMaskCntl: 7, chMask: 0 }]);
    expect(refused).not.toHaveProperty('channels');
    expect(answers()).toEqual([{ type: 'LinkADRAns', powerAck: true, dataRateAck: true, channelMaskAck: false }]);
    expect(dev.sf).toBe(10);
    expect(dev.channels.indexes).toHaveLength(18);
  });
});
