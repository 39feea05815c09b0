import { getRegion, getSubnet } from '@lns/lorawan/regions';
import { describe, expect, it } from 'vitest';
import { ChannelMask, channelRanges } from './channels';
import { offlineSpec } from './sim';

const req = { type: 'LinkADRReq', dataRate: 0, txPower: 0, nbTrans: 1 } as const;
const us915 = getRegion('us915');
const maskOf = (region: string, subnet: string) => {
  const r = getRegion(region);
  return new ChannelMask(r, getSubnet(r, subnet).uplinkChannels);
};

describe('simulated device channel mask', () => {
  it('follows US915 ChMaskCntl 7 then a bank: the union of sub-bands 1 and 2, then sub-band 2 only', () => {
    const m = maskOf('us915', 'us915-1');
    expect(channelRanges(m.indexes)).toBe('0-7 64');
    expect(
      m.applyLinkAdr([
        { ...req, chMaskCntl: 7, chMask: 0x0003 },
        { ...req, chMaskCntl: 0, chMask: 0xffff },
      ]),
    ).toBe(true);
    expect(channelRanges(m.indexes)).toBe('0-15 64-65');
    // DR0 (SF10BW125) is not allowed on the 500 kHz channels: uplinks pick among 0–15.
    expect(m.usable(0).map((c) => c.index)).toEqual(Array.from({ length: 16 }, (_, i) => i));
    expect(m.usable(4).map((c) => c.frequency)).toEqual([903_000_000, 904_600_000]);
    m.applyLinkAdr([
      { ...req, chMaskCntl: 7, chMask: 0x0002 },
      { ...req, chMaskCntl: 0, chMask: 0xff00 },
    ]);
    expect(channelRanges(m.indexes)).toBe('8-15 65');
    // ChMaskCntl 5 (RP002): sub-band bits; 6: every 125 kHz channel on.
    m.applyLinkAdr([{ ...req, chMaskCntl: 5, chMask: 0b100 }]);
    expect(channelRanges(m.indexes)).toBe('16-23 66');
    m.applyLinkAdr([{ ...req, chMaskCntl: 6, chMask: 0 }]);
    expect(channelRanges(m.indexes)).toBe('0-63');
    m.reset();
    expect(channelRanges(m.indexes)).toBe('0-7 64');
    expect(m.region).toBe(us915);
  });

  it('refuses a block that would leave no channel or uses an RFU ChMaskCntl, and changes nothing', () => {
    const m = maskOf('us915', 'us915-1');
    expect(m.applyLinkAdr([{ ...req, chMaskCntl: 7, chMask: 0 }])).toBe(false);
    expect(channelRanges(m.indexes)).toBe('0-7 64');
    const cn = maskOf('cn470', getRegion('cn470').subnets[0]!.id);
    const before = cn.indexes;
    expect(cn.applyLinkAdr([{ ...req, chMaskCntl: 7, chMask: 1 }])).toBe(false);
    // CN470 bank by bank, an emptied bank with mask 0.
    expect(
      cn.applyLinkAdr([
        { ...req, chMaskCntl: 0, chMask: 0 },
        { ...req, chMaskCntl: 1, chMask: 0x00ff },
      ]),
    ).toBe(true);
    expect(channelRanges(cn.indexes)).toBe(
      channelRanges([...before.filter((i) => i >= 32), 16, 17, 18, 19, 20, 21, 22, 23]),
    );
  });

  it('defines channels with NewChannelReq on dynamic plans and enables them by mask', () => {
    const m = new ChannelMask(getRegion('eu868'), getRegion('eu868').defaultChannels);
    expect(channelRanges(m.indexes)).toBe('0-2');
    // An undefined channel cannot be enabled.
    expect(m.applyLinkAdr([{ ...req, chMaskCntl: 0, chMask: 0b1001 }])).toBe(false);
    expect(
      m.applyNewChannel({ type: 'NewChannelReq', chIndex: 3, frequency: 867_100_000, minDr: 0, maxDr: 5 }),
    ).toEqual({ dataRateRangeOk: true, channelFrequencyOk: true });
    expect(
      m.applyNewChannel({ type: 'NewChannelReq', chIndex: 0, frequency: 867_300_000, minDr: 0, maxDr: 5 }),
    ).toEqual({ dataRateRangeOk: true, channelFrequencyOk: false });
    expect(m.applyLinkAdr([{ ...req, chMaskCntl: 0, chMask: 0b1001 }])).toBe(true);
    expect(m.usable(5).map((c) => c.frequency)).toEqual([868_100_000, 867_100_000]);
  });

  it('reads --offline and --deaf', () => {
    expect(offlineSpec('offline', 'silent', '1@30-90')).toEqual({ mode: 'silent', devices: 1, fromS: 30, toS: 90 });
    expect(offlineSpec('deaf', 'deaf', '2@5')).toEqual({ mode: 'deaf', devices: 2, fromS: 5 });
    expect(() => offlineSpec('offline', 'silent', '1@30-10')).toThrow(/--offline must be/);
  });
});
