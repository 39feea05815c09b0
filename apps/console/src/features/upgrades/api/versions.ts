import type { archVersionBody, packageVersionBody, UpgradeKind } from '@lns/contract/upgrades';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api';
import { VERSION_APIS } from '../kinds';
import { type PageQuery, upgradeKeys } from './keys';

export type PackageVersionBody = z.output<typeof packageVersionBody>;
export type ArchVersionBody = z.output<typeof archVersionBody>;

/** One page of a kind's versions, newest first. */
export function useVersions(kind: UpgradeKind, q: PageQuery) {
  return useQuery({
    queryKey: upgradeKeys.versionPage(kind, q),
    queryFn: () => api.list(VERSION_APIS[kind].listVersion, q),
    placeholderData: keepPreviousData,
  });
}

/** Adds a version: deb and opkg with restartAfterInstall, agent and packet forwarder with an arch. */
export function createVersion(kind: UpgradeKind, body: PackageVersionBody | ArchVersionBody) {
  const opts = { silent: true };
  if (kind === 'agent' || kind === 'packetForwarder') {
    return api.data(VERSION_APIS[kind].createNewVersion, body as ArchVersionBody, opts);
  }
  return api.data(VERSION_APIS[kind].createNewVersion, body as PackageVersionBody, opts);
}

export function useCreateVersion(kind: UpgradeKind) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: PackageVersionBody | ArchVersionBody) => createVersion(kind, body),
    onSuccess: () => qc.invalidateQueries({ queryKey: upgradeKeys.all }),
  });
}

/** One version; 8101 while a task that is not over uses it (the delete dialog shows its words). */
export const deleteVersion = (kind: UpgradeKind, versionId: number) =>
  api.data(VERSION_APIS[kind].deleteVersion, { versionId }, { silent: true });
