import { fileUrlOf } from '@lns/contract/files';
import {
  INSTALL_STATUS,
  UPGRADE_TYPE,
  type UpgradeRecord,
  type UpgradeTask,
  type UpgradeVersion,
} from '@lns/contract/upgrades';

/** Rows as the server answers them (the client checks answers against the contract in tests). */
export const versionOf = (over: Partial<UpgradeVersion> = {}): UpgradeVersion => ({
  id: 1,
  versionName: 'bridge-1.2.0',
  upgradeType: UPGRADE_TYPE.deb,
  fileUrl: fileUrlOf('ab'.repeat(32)),
  fileName: 'bridge_1.2.0_armhf.deb',
  size: 245_760,
  digest: 'ab'.repeat(32),
  restartAfterInstall: false,
  createdAt: 1_795_608_000_000,
  ...over,
});

export const taskOf = (over: Partial<UpgradeTask> = {}): UpgradeTask => ({
  taskId: 7,
  taskName: 'pf-2.1.0',
  upgradeType: UPGRADE_TYPE.packetForwarder,
  versionId: 4,
  version: 'pf-2.1.0',
  gatewayTypes: ['rhf2s027'],
  maxLimit: 5,
  state: 'upgrading',
  counts: { waiting: 1, upgrading: 1, retry: 0, sdkDownloading: 0, rebooting: 0, completed: 2, skipped: 0, error: 0 },
  total: 4,
  createdAt: 1_795_608_000_000,
  updatedAt: 1_795_608_060_000,
  ...over,
});

export const recordOf = (over: Partial<UpgradeRecord> = {}): UpgradeRecord => ({
  id: 11,
  taskId: 7,
  taskName: 'pf-2.1.0',
  gatewayId: 'a840411b2c3d4e01',
  gatewayName: 'roof',
  upgradeType: UPGRADE_TYPE.packetForwarder,
  versionId: 4,
  version: 'pf-2.1.0',
  fromVersion: 'pf-2.0.3',
  state: 'upgrading',
  installStatus: INSTALL_STATUS.downloading,
  progress: 40,
  tries: 1,
  error: null,
  startedAt: 1_795_608_010_000,
  finishedAt: null,
  updatedAt: 1_795_608_020_000,
  ...over,
});

export const ok = (data: unknown) => ({ code: 0, data });
export const list = (rows: unknown[]) => ({ code: 0, amount: rows.length, data: rows });
