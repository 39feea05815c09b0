import type { GwArch } from '@lns/contract/gateway-types';
import {
  MAX_LIMIT_DEFAULT,
  type UpgradeKind,
  type UpgradeType,
  type UpgradeVersion,
  upgradeKindOf,
} from '@lns/contract/upgrades';
import { hasArch } from './kinds';

/**
 * The new task form's values and its rules (docs/product/gateway-upgrades.md): the upgrade type
 * first, which clears the rest; then a version of that type, which names the task and sets the
 * arch; then gateway types (of that arch for agent and packet forwarder) and how many at once.
 */
export interface TaskForm {
  upgradeType: UpgradeType | '';
  versionId: number | '';
  name: string;
  /** The chosen version's arch ('' for deb and opkg, or before a version is chosen). */
  arch: GwArch | '';
  gatewayTypes: string[];
  /** Text while typed; the schema makes it a number. */
  maxLimit: string;
}

export interface GatewayTypeOption {
  gatewayType: string;
  arch: GwArch;
  gateways: number;
}

export const EMPTY_TASK: TaskForm = {
  upgradeType: '',
  versionId: '',
  name: '',
  arch: '',
  gatewayTypes: [],
  maxLimit: String(MAX_LIMIT_DEFAULT),
};

export const kindOfForm = (v: Pick<TaskForm, 'upgradeType'>): UpgradeKind | undefined =>
  v.upgradeType === '' ? undefined : upgradeKindOf(v.upgradeType);

/** Another upgrade type: everything else starts again (its versions and arch are others). */
export const withType = (upgradeType: UpgradeType): TaskForm => ({ ...EMPTY_TASK, upgradeType });

/** The gateway types a task of this kind and arch may target: all for deb and opkg, else those of the arch. */
export function typesFor(
  types: GatewayTypeOption[],
  kind: UpgradeKind | undefined,
  arch: GwArch | '',
): GatewayTypeOption[] {
  if (!kind || !hasArch(kind)) return types;
  return arch ? types.filter((x) => x.arch === arch) : [];
}

/** A version chosen: the task is named after it, takes its arch, and keeps only the types of that arch. */
export function withVersion(v: TaskForm, version: UpgradeVersion, types: GatewayTypeOption[]): TaskForm {
  const kind = kindOfForm(v);
  const arch = kind && hasArch(kind) ? (version.arch ?? '') : '';
  const allowed = new Set(typesFor(types, kind, arch).map((x) => x.gatewayType));
  return {
    ...v,
    versionId: version.id,
    name: version.versionName,
    arch,
    gatewayTypes: v.gatewayTypes.filter((g) => allowed.has(g)),
  };
}

/** The request body the form stands for. */
export const taskBody = (v: TaskForm) => ({
  name: v.name,
  gatewayTypes: v.gatewayTypes,
  upgradeType: v.upgradeType === '' ? undefined : v.upgradeType,
  versionId: v.versionId === '' ? undefined : v.versionId,
  maxLimit: v.maxLimit,
});
