import { agentUpgradeApi, debUpgradeApi, opkgUpgradeApi, packetForwarderUpgradeApi } from '@lns/contract/api/upgrades';
import { ARCH_KINDS, type UpgradeKind } from '@lns/contract/upgrades';

/** Each kind's version endpoints (listVersion, createNewVersion, deleteVersion). */
export const VERSION_APIS = {
  deb: debUpgradeApi,
  agent: agentUpgradeApi,
  packetForwarder: packetForwarderUpgradeApi,
  opkg: opkgUpgradeApi,
} as const satisfies Record<UpgradeKind, unknown>;

/** Agent and packet-forwarder versions carry an architecture; deb and opkg `restartAfterInstall`. */
export const hasArch = (kind: UpgradeKind) => ARCH_KINDS.includes(kind);

/** A deb version takes a .deb file only (the server refuses others with 1007). */
export const DEB_EXTENSION = '.deb';
export const isDebFile = (name: string) => name.toLowerCase().endsWith(DEB_EXTENSION);
