import { type GatewayUpgradeState, INSTALL_STATUS, type UpgradeRecord } from '@lns/contract/upgrades';

/** The steps of one gateway's upgrade, as the detail page's overlay shows them. */
export const UPGRADE_STEPS = ['waiting', 'downloading', 'installing', 'restarting', 'running', 'completed'] as const;
export type UpgradeStep = (typeof UPGRADE_STEPS)[number];
export type StepState = 'complete' | 'active' | 'pending' | 'error' | 'skipped';

const step = (s: UpgradeStep) => UPGRADE_STEPS.indexOf(s);

/** Where the agent's install status puts a gateway that is on its way (past waiting). */
function stepOfInstall(installStatus: number): number {
  switch (installStatus) {
    case INSTALL_STATUS.updating:
    case INSTALL_STATUS.phases:
    case INSTALL_STATUS.installFail:
      return step('installing');
    case INSTALL_STATUS.installSuccess:
      return step('restarting');
    case INSTALL_STATUS.abnormalRun:
      return step('running');
    case INSTALL_STATUS.normalRun:
      return step('completed');
    default:
      // initial (the request is out) and downloading
      return step('downloading');
  }
}

/** The step a record is at, by its state first and the agent's install status within it. */
function currentStep(state: GatewayUpgradeState, installStatus: number): number {
  switch (state) {
    case 'waiting':
      return step('waiting');
    case 'sdkDownloading':
      return step('downloading');
    case 'rebooting':
      return step('restarting');
    case 'completed':
      return UPGRADE_STEPS.length;
    default:
      // upgrading, retry, error: where the agent got to
      return stepOfInstall(installStatus);
  }
}

/**
 * Each step of a record: the ones behind it complete, its own active (error when the upgrade
 * failed there), the rest pending. A completed upgrade has all complete; a skipped one (the
 * gateway had the version already) has waiting complete and the rest skipped.
 */
export function upgradeSteps(r: Pick<UpgradeRecord, 'state' | 'installStatus'>): StepState[] {
  if (r.state === 'skipped' || r.installStatus === INSTALL_STATUS.skip) {
    return UPGRADE_STEPS.map((s) => (s === 'waiting' ? 'complete' : 'skipped'));
  }
  const at = currentStep(r.state, r.installStatus);
  return UPGRADE_STEPS.map((_, i) => {
    if (i < at) return 'complete';
    if (i > at) return 'pending';
    return r.state === 'error' ? 'error' : 'active';
  });
}
