import { agentUpgradeApi, debUpgradeApi, opkgUpgradeApi, packetForwarderUpgradeApi } from '@lns/contract/api/upgrades';
import { ARCH_KINDS, UPGRADE_FILE_DEFAULT_MAX_MB, type UpgradeKind } from '@lns/contract/upgrades';

/** Each kind's version endpoints (listVersion, createNewVersion, deleteVersion). */
export const VERSION_APIS = {
  deb: debUpgradeApi,
  agent: agentUpgradeApi,
  packetForwarder: packetForwarderUpgradeApi,
  opkg: opkgUpgradeApi,
} as const satisfies Record<UpgradeKind, unknown>;

/** Agent and packet-forwarder versions carry an architecture; deb and opkg `restartAfterInstall`. */
export const hasArch = (kind: UpgradeKind) => ARCH_KINDS.includes(kind);

/** The versions page of each kind. */
export const VERSIONS_PATH: Record<UpgradeKind, string> = {
  deb: '/gateway/version/deb',
  agent: '/gateway/version/agent',
  packetForwarder: '/gateway/version/packet-forwarder',
  opkg: '/gateway/version/opkg',
};

/** A deb version takes a .deb file only (the server refuses others with 1007). */
export const DEB_EXTENSION = '.deb';
export const isDebFile = (name: string) => name.toLowerCase().endsWith(DEB_EXTENSION);

/** Package files up to this size are offered for upload (the server's UPGRADE_FILE_MAX_MB may differ). */
export const UPGRADE_FILE_MAX_BYTES = UPGRADE_FILE_DEFAULT_MAX_MB * 1024 * 1024;
