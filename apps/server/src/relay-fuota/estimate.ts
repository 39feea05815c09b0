import { FUOTA, statusWaitS } from '@lns/contract/fuota';
import { RELAY_UPGRADE_STATE as R } from '@lns/contract/relay';
import type { Region } from '@lns/lorawan/regions';
import type { Config } from '../config';
import { type FragmentPlan, fragmentIntervalMs } from '../fuota/plan';

/**
 * How long a FUOTA run of this plan should take, in ms: every fragment at the runner's interval,
 * the status request's answer window, and the unicast steps (setup and delete, and the wait for
 * the members' multicast session when the group is set up remotely) at the longest the runner
 * waits for their answers, since a class A relay answers only on its next uplink. Relay firmware
 * tasks show progress against it (docs/product/relay.md).
 */
export function transferEstimateMs(
  region: Region,
  plan: Pick<FragmentPlan, 'fragSize' | 'nbFrag' | 'redundancy'>,
  config: Pick<Config, 'FUOTA_FRAGMENT_INTERVAL_MS' | 'FUOTA_ANSWER_WAIT_S'>,
  remoteSetup: boolean,
): number {
  const interval = fragmentIntervalMs(region, plan.fragSize, config.FUOTA_FRAGMENT_INTERVAL_MS);
  const fragments = (plan.nbFrag + plan.redundancy) * interval;
  const unicastSteps = remoteSetup ? 3 : 2;
  return fragments + statusWaitS(FUOTA.blockAckDelay) * 1000 + unicastSteps * config.FUOTA_ANSWER_WAIT_S * 1000;
}

/** Progress 0..100 from time: 99 at most until the run is done, 100 when it completed. */
export function timeProgress(
  p: { state: number; enableTime: number | null; expectEndTime: number | null },
  at: number,
): number {
  if (p.state === R.COMPLETED) return 100;
  if (p.enableTime === null || p.expectEndTime === null) return 0;
  const span = Math.max(1, p.expectEndTime - p.enableTime);
  return Math.max(0, Math.min(99, Math.floor((100 * (at - p.enableTime)) / span)));
}
