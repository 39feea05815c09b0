import { describe, expect, it } from 'vitest';
import { cutoverAnswered, cutoverChannels, cutoverCommands } from './cutover';
import { encodeMacCommands } from './mac';
import { getRegion, getSubnet } from './regions';
import type { Region, Subnet } from './regions/types';

const t = { dataRate: 2, txPower: 1, nbTrans: 1 };

describe('subnet cutover commands', () => {
  it('US915 sub-band 1 → 2: ChMaskCntl 7 with both 500 kHz channels, then bank 0 all on; next: only sub-band 2', () => {
    const r = getRegion('us915');
    const [a, b] = [getSubnet(r, 'us915-1'), getSubnet(r, 'us915-2')];
    const union = cutoverCommands(r, a, b, 'union', t);
    // LinkADRReq = CID 0x03, DataRate<<4|TXPower, ChMask (LE), ChMaskCntl<<4|NbTrans (LoRaWAN 1.0.4 §5.3).
    expect(encodeMacCommands(union).toString('hex')).toBe(['0321030071', '0321ffff01'].join(''));
    const next = cutoverCommands(r, a, b, 'next', t);
    expect(encodeMacCommands(next).toString('hex')).toBe(['0321020071', '032100ff01'].join(''));
    const back = cutoverCommands(r, a, b, 'current', t);
    expect(encodeMacCommands(back).toString('hex')).toBe(['0321010071', '0321ff0001'].join(''));
  });

  it('CN470 sub-band 1 → 3: the bank the next plan leaves is named with an empty mask', () => {
    const r = getRegion('cn470');
    const [a, b] = [getSubnet(r, 'cn470-1'), getSubnet(r, 'cn470-3')];
    expect(cutoverCommands(r, a, b, 'union', t)).toMatchObject([
      { chMaskCntl: 0, chMask: 0x00ff },
      { chMaskCntl: 1, chMask: 0x00ff },
    ]);
    expect(cutoverCommands(r, a, b, 'next', t)).toMatchObject([
      { chMaskCntl: 1, chMask: 0x00ff },
      { chMaskCntl: 0, chMask: 0 },
    ]);
  });

  it('dynamic plans: NewChannelReq in free indexes for channels the current plan lacks, then the mask', () => {
    const r = getRegion('eu868') as Region;
    const cur = getSubnet(r, 'eu868-default');
    const ch = (index: number, frequency: number) => ({ index, frequency, minDr: 0, maxDr: 5 });
    const next: Subnet = {
      id: 'x',
      name: 'x',
      uplinkChannels: [...cur.uplinkChannels.slice(0, 3), ch(3, 869_100_000), ch(4, 867_100_000)],
      cfList: null,
    };
    expect(cutoverChannels(r, cur, next).next.map((c) => c.index)).toEqual([0, 1, 2, 8, 3]);
    const cmds = cutoverCommands(r, cur, next, 'union', t);
    expect(cmds).toEqual([
      { type: 'NewChannelReq', chIndex: 8, frequency: 869_100_000, minDr: 0, maxDr: 5 },
      { type: 'LinkADRReq', ...t, chMaskCntl: 0, chMask: 0x01ff },
    ]);
    expect(cutoverCommands(r, cur, next, 'next', t)).toEqual([
      { type: 'LinkADRReq', ...t, chMaskCntl: 0, chMask: 0x010f },
    ]);
  });

  it('reads the answers: every LinkADRAns and NewChannelAns must accept', () => {
    const yes = { type: 'LinkADRAns', powerAck: true, dataRateAck: true, channelMaskAck: true } as const;
    expect(cutoverAnswered([])).toBeNull();
    expect(cutoverAnswered([yes, yes])).toBe(true);
    expect(cutoverAnswered([yes, { ...yes, channelMaskAck: false }])).toBe(false);
    expect(cutoverAnswered([{ type: 'NewChannelAns', dataRateRangeOk: true, channelFrequencyOk: false }, yes])).toBe(
      false,
    );
  });
});
