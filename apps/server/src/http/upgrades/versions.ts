import { agentUpgradeApi, debUpgradeApi, opkgUpgradeApi, packetForwarderUpgradeApi } from '@lns/contract/api/upgrades';
import { C } from '@lns/contract/codes';
import { digestOfFileUrl, fileUrlOf } from '@lns/contract/files';
import { pageWindow } from '@lns/contract/paging';
import { UPGRADE_TYPE, type UpgradeKind, type UpgradeVersion } from '@lns/contract/upgrades';
import { V } from '@lns/contract/validation';
import { and, count, desc, eq, inArray } from 'drizzle-orm';
import { uniqueViolation } from '../../db/errors';
import { upgradeTasks, upgradeVersions } from '../../db/schema/upgrades';
import { DomainError } from '../../errors';
import type { FileStore } from '../../files/store';
import { list, ok } from '../envelope';
import { route } from '../route';
import type { RouteModule } from '../types';

type Row = typeof upgradeVersions.$inferSelect;

export const versionOf = (r: Row): UpgradeVersion => ({
  id: r.id,
  versionName: r.name,
  upgradeType: r.kind,
  fileUrl: fileUrlOf(r.digest),
  fileName: r.fileName,
  size: r.size,
  digest: r.digest,
  ...(r.arch ? { arch: r.arch } : { restartAfterInstall: r.restartAfterInstall }),
  createdAt: r.createdAt,
});

/** Agent and packet-forwarder versions are "pktfwd"/"bridge" entries for the codes. */
const codesOf = (kind: UpgradeKind) =>
  kind === 'packetForwarder'
    ? { missing: C.PKTFWD_MISSING, exists: C.PKTFWD_EXISTS }
    : { missing: C.BRIDGE_MISSING, exists: C.BRIDGE_EXISTS };

/** The stored file a fileUrl names: 6003 when the store does not have it. */
export async function storedFileOf(files: FileStore, fileUrl: string, field: string) {
  const digest = digestOfFileUrl(fileUrl);
  const info = digest && (await files.info(digest));
  if (!info) throw new DomainError(C.FILE_MISSING, 'upload the file first (fileUrl of /api/fileupload)', field);
  return info;
}

/** The version lists of the four upgrade kinds (admins). */
export const upgradeVersionRoutes: RouteModule = (app, s) => {
  const apis = {
    deb: debUpgradeApi,
    opkg: opkgUpgradeApi,
    agent: agentUpgradeApi,
    packetForwarder: packetForwarderUpgradeApi,
  } as const;

  for (const [kind, api] of Object.entries(apis) as [UpgradeKind, (typeof apis)[UpgradeKind]][]) {
    const type = UPGRADE_TYPE[kind];
    const codes = codesOf(kind);

    route(app, api.listVersion, async (req) => {
      const { limit = req.query.pageSize, offset } = pageWindow(req.query);
      const where = eq(upgradeVersions.kind, type);
      const [rows, [total]] = await Promise.all([
        s.db.select().from(upgradeVersions).where(where).orderBy(desc(upgradeVersions.id)).limit(limit).offset(offset),
        s.db.select({ n: count() }).from(upgradeVersions).where(where),
      ]);
      return list(rows.map(versionOf), total?.n ?? 0);
    });

    route(app, api.createNewVersion as typeof debUpgradeApi.createNewVersion, async (req) => {
      const b = req.body as { name: string; fileUrl: string; restartAfterInstall?: boolean; arch?: Row['arch'] };
      const file = await storedFileOf(s.files, b.fileUrl, 'fileUrl');
      if (kind === 'deb' && !file.fileName.endsWith('.deb'))
        throw new DomainError(C.PARAM_FORMAT, V.debFileOnly, 'fileUrl');
      const [row] = await s.db
        .insert(upgradeVersions)
        .values({
          kind: type,
          name: b.name,
          digest: file.digest,
          fileName: file.fileName,
          size: file.size,
          restartAfterInstall: b.restartAfterInstall ?? false,
          arch: b.arch ?? null,
          createdAt: Date.now(),
        })
        .returning({ id: upgradeVersions.id })
        .catch((err) => {
          if (uniqueViolation(err)) throw new DomainError(codes.exists, `${b.name} exists`, 'name');
          throw err;
        });
      return ok({ id: row!.id });
    });

    route(app, api.deleteVersion, async (req) => {
      const id = req.body.versionId;
      const where = and(eq(upgradeVersions.id, id), eq(upgradeVersions.kind, type));
      const [row] = await s.db.select({ id: upgradeVersions.id }).from(upgradeVersions).where(where);
      if (!row) throw new DomainError(codes.missing, undefined, 'versionId');
      const [used] = await s.db
        .select({ n: count() })
        .from(upgradeTasks)
        .where(and(eq(upgradeTasks.versionId, id), inArray(upgradeTasks.state, ['waiting', 'upgrading'])));
      if (used && used.n > 0) throw new DomainError(C.VERSION_IN_USE, undefined, 'versionId');
      // Finished tasks and their records stay, with the version's name.
      await s.db.delete(upgradeVersions).where(where);
      return ok();
    });
  }
};
