import { listRegions } from '@lns/lorawan/regions';
import { beforeAll, describe, expect, it } from 'vitest';
import { setupI18n } from '../../test/render';
import { planName, planNameParts } from './planNames';

const regions = listRegions();
const subnetNames = regions.flatMap((r) => r.subnets.map((s) => s.name));

describe('region and subnet names', () => {
  beforeAll(() => setupI18n('zh-CN'));

  it('reads every subnet name of the catalogue, and every region name that is more than a band', () => {
    expect(subnetNames.filter((n) => !planNameParts(n))).toEqual([]);
    expect(regions.map((r) => r.name).filter((n) => !planNameParts(n) && !/^[A-Z]{2}\d{3}-\d{1,3}$/.test(n))).toEqual(
      [],
    );
  });

  it('says them in Chinese without English words', () => {
    for (const name of subnetNames) expect(planName(name), name).not.toMatch(/channel|sub-band|\bch\b|net\b/);
    expect(planName('US915 sub-band 2 (903.9–905.3 MHz + ch 65)')).toBe(
      'US915 第 2 子频段（903.9–905.3 MHz + 信道 65）',
    );
    expect(planName('EU868 8 channels (868.1–868.5 + 867.1–867.9 MHz)')).toBe(
      'EU868 8 个信道（868.1–868.5 + 867.1–867.9 MHz）',
    );
  });

  it('says them in English with plurals', async () => {
    await setupI18n('en-US');
    expect(planName('IN865 3 default channels')).toBe('IN865 3 default channels');
    expect(planName('Pico net (CH0–CH31, 470.3–476.5 MHz)')).toBe('Pico net (CH0–CH31, 470.3–476.5 MHz)');
    expect(planName('EU863-870')).toBe('EU863-870');
  });
});
