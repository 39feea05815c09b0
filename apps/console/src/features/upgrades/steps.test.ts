import { INSTALL_STATUS } from '@lns/contract/upgrades';
import { describe, expect, it } from 'vitest';
import { type StepState, UPGRADE_STEPS, upgradeSteps } from './steps';

const S = INSTALL_STATUS;
/** The states as one letter each, in step order: c complete, a active, p pending, e error, s skipped. */
const short = (states: StepState[]) => states.map((s) => s[0]).join('');

describe('upgrade steps of a record', () => {
  it('names the six steps in order', () => {
    expect(UPGRADE_STEPS).toEqual(['waiting', 'downloading', 'installing', 'restarting', 'running', 'completed']);
  });

  it.each([
    ['waiting', S.initial, 'appppp'],
    ['upgrading', S.initial, 'capppp'],
    ['upgrading', S.downloading, 'capppp'],
    ['sdkDownloading', S.initial, 'capppp'],
    ['upgrading', S.updating, 'ccappp'],
    ['upgrading', S.phases, 'ccappp'],
    ['retry', S.downloading, 'capppp'],
    ['upgrading', S.installSuccess, 'cccapp'],
    ['rebooting', S.installSuccess, 'cccapp'],
    ['upgrading', S.normalRun, 'ccccca'],
    ['completed', S.normalRun, 'cccccc'],
    ['completed', S.installSuccess, 'cccccc'],
  ] as const)('%s with install status %i: %s', (state, installStatus, expected) => {
    expect(short(upgradeSteps({ state, installStatus }))).toBe(expected);
  });

  it.each([
    ['a gateway that never answered', S.initial, 'cepppp'],
    ['a download that broke off', S.downloading, 'cepppp'],
    ['a failed install (or a bad digest)', S.installFail, 'cceppp'],
    ['a gateway that did not come back running', S.abnormalRun, 'ccccep'],
  ] as const)('an error marks the step it failed at: %s', (_what, installStatus, expected) => {
    expect(short(upgradeSteps({ state: 'error', installStatus }))).toBe(expected);
  });

  it('a skipped upgrade (the version was there) has waiting complete and the rest skipped', () => {
    expect(short(upgradeSteps({ state: 'skipped', installStatus: S.skip }))).toBe('csssss');
    expect(short(upgradeSteps({ state: 'upgrading', installStatus: S.skip }))).toBe('csssss');
  });
});
