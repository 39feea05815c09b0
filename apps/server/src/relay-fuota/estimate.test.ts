import { RELAY_UPGRADE_STATE as R } from '@lns/contract/relay';
import { getRegion } from '@lns/lorawan/regions';
import { describe, expect, it } from 'vitest';
import { timeProgress, transferEstimateMs } from './estimate';

describe('relay firmware timing', () => {
  const plan = { fragSize: 48, nbFrag: 10, redundancy: 3 };
  const config = { FUOTA_FRAGMENT_INTERVAL_MS: 100, FUOTA_ANSWER_WAIT_S: 600 };

  it('estimates fragments at the interval, the status window and each unicast step at its longest wait', () => {
    // 13 × 100 ms + (2^5 + 10) s + 2 × 600 s
    expect(transferEstimateMs(getRegion('eu868'), plan, config, false)).toBe(1_300 + 42_000 + 1_200_000);
    // A remotely set-up group also waits for its members' multicast session.
    expect(transferEstimateMs(getRegion('eu868'), plan, config, true)).toBe(1_300 + 42_000 + 1_800_000);
    // Interval 0: EU868 RX2 (SF12) air time of a 64-byte frame under the 10 % duty cycle, about 25 s a fragment.
    const byAir = transferEstimateMs(getRegion('eu868'), plan, { ...config, FUOTA_FRAGMENT_INTERVAL_MS: 0 }, false);
    expect((byAir - 1_242_000) / 13).toBeGreaterThan(20_000);
    expect((byAir - 1_242_000) / 13).toBeLessThan(30_000);
  });

  it('measures progress against the expected end: 99 at most until completed, 100 then', () => {
    const run = { state: R.UPGRADING, enableTime: 1_000, expectEndTime: 11_000 };
    expect(timeProgress({ ...run, state: R.WAITING, enableTime: null, expectEndTime: null }, 5_000)).toBe(0);
    expect(timeProgress(run, 1_000)).toBe(0);
    expect(timeProgress(run, 4_999)).toBe(39);
    expect(timeProgress(run, 10_999)).toBe(99);
    expect(timeProgress(run, 50_000)).toBe(99);
    expect(timeProgress({ ...run, state: R.ERROR }, 50_000)).toBe(99);
    expect(timeProgress({ ...run, state: R.COMPLETED }, 2_000)).toBe(100);
  });
});
