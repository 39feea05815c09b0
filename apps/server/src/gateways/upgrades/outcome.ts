import { C } from '@lns/contract/codes';
import type { CommandRecord } from '@lns/contract/gateway-commands';
import { INSTALL_STATUS, type UpgradeKind, upgradeProgress } from '@lns/contract/upgrades';

/** The version an agent reports for what upgrades installed (`upgrade:<kind>` in its versions). */
export function reportedUpgrade(status: Record<string, unknown>, kind: UpgradeKind): string | undefined {
  const versions = status.versions;
  if (!Array.isArray(versions)) return undefined;
  const v = versions.find((x) => x && typeof x === 'object' && (x as { name?: unknown }).name === `upgrade:${kind}`);
  const version = (v as { version?: unknown } | undefined)?.version;
  return typeof version === 'string' ? version : undefined;
}

export type UpgradeOutcome =
  | { state: 'completed' | 'skipped' | 'error'; installStatus: number; error?: string }
  | { state: 'rebooting' }
  | { state: 'retry'; error?: string };

/**
 * What the agent's final answer means for the gateway's upgrade: installed (completed, or
 * waiting for the restart to show the version), skipped, failed for good (the agent refused or
 * the package did not install), or worth another try (no answer, connection lost, busy).
 */
export function outcomeOfUpgrade(
  record: CommandRecord,
  refusal: number | undefined,
  kind: UpgradeKind,
  restartAfterInstall: boolean,
): UpgradeOutcome {
  if (record.state === 'done')
    return restartAfterInstall || kind === 'agent'
      ? { state: 'rebooting' }
      : { state: 'completed', installStatus: INSTALL_STATUS.normalRun };
  if (record.state === 'skipped') return { state: 'skipped', installStatus: INSTALL_STATUS.skip };
  if (record.state === 'timeout' || refusal === C.GATEWAY_BUSY || refusal === C.GATEWAY_OFFLINE)
    return { state: 'retry', error: record.error ?? 'no answer' };
  const result = upgradeProgress.safeParse(record.result);
  const installStatus = result.success ? result.data.installStatus : INSTALL_STATUS.installFail;
  return { state: 'error', installStatus, error: record.error ?? 'install failed' };
}
