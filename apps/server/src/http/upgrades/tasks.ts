import { upgradeRecordApi, upgradeTaskApi } from '@lns/contract/api/upgrades';
import { C } from '@lns/contract/codes';
import { pageWindow } from '@lns/contract/paging';
import { ARCH_KINDS, upgradeKindOf } from '@lns/contract/upgrades';
import { and, count, eq, inArray } from 'drizzle-orm';
import { uniqueViolation } from '../../db/errors';
import { gateways, gatewayTypes } from '../../db/schema/gateways';
import { upgradeRecords, upgradeTasks, upgradeVersions } from '../../db/schema/upgrades';
import { DomainError } from '../../errors';
import { list, ok } from '../envelope';
import { route } from '../route';
import type { RouteModule } from '../types';

/** Upgrade tasks and their records (admins); the runner does the work (gateways/upgrades/runner.ts). */
export const upgradeTaskRoutes: RouteModule = (app, s) => {
  const repo = s.upgrades.repo;

  route(app, upgradeTaskApi.listGatewayType, async () => {
    const rows = await s.db
      .select({ gatewayType: gatewayTypes.name, arch: gatewayTypes.arch, gateways: count(gateways.gwId) })
      .from(gatewayTypes)
      .leftJoin(gateways, eq(gateways.gwTypeId, gatewayTypes.id))
      .groupBy(gatewayTypes.id)
      .orderBy(gatewayTypes.name);
    return ok(rows);
  });

  route(app, upgradeTaskApi.create, async (req) => {
    const b = req.body;
    const kind = upgradeKindOf(b.upgradeType)!;
    const missing = kind === 'packetForwarder' ? C.PKTFWD_MISSING : C.BRIDGE_MISSING;
    const [version] = await s.db
      .select()
      .from(upgradeVersions)
      .where(and(eq(upgradeVersions.id, b.versionId), eq(upgradeVersions.kind, b.upgradeType)));
    if (!version) throw new DomainError(missing, undefined, 'versionId');
    const names = [...new Set(b.gatewayTypes.map((t) => t.toLowerCase()))];
    const types = await s.db.select().from(gatewayTypes).where(inArray(gatewayTypes.name, names));
    const unknown = names.find((n) => !types.some((t) => t.name === n));
    if (unknown) throw new DomainError(C.GWTYPE_MISSING, `no gateway type ${unknown}`, 'gatewayTypes');
    const otherArch = ARCH_KINDS.includes(kind) && types.find((t) => t.arch !== version.arch);
    if (otherArch)
      throw new DomainError(
        C.GWTYPE_UNSUPPORTED,
        `${otherArch.name} is ${otherArch.arch}, the version ${version.arch}`,
        'gatewayTypes',
      );
    const members = await s.db
      .select({ gwId: gateways.gwId, name: gateways.name })
      .from(gateways)
      .where(
        inArray(
          gateways.gwTypeId,
          types.map((t) => t.id),
        ),
      )
      .orderBy(gateways.gwId);
    if (members.length === 0) throw new DomainError(C.GATEWAY_MISSING, 'no gateway has these types', 'gatewayTypes');
    const now = Date.now();
    const taskId = await s.db
      .transaction(async (tx) => {
        const [task] = await tx
          .insert(upgradeTasks)
          .values({
            name: b.name,
            kind: b.upgradeType,
            versionId: version.id,
            versionName: version.name,
            gatewayTypes: names,
            maxLimit: b.maxLimit,
            createdAt: now,
            updatedAt: now,
          })
          .returning({ id: upgradeTasks.id });
        await tx.insert(upgradeRecords).values(
          members.map((m) => ({
            taskId: task!.id,
            gatewayId: m.gwId,
            gatewayName: m.name,
            kind: b.upgradeType,
            versionId: version.id,
            versionName: version.name,
            updatedAt: now,
          })),
        );
        return task!.id;
      })
      .catch((err) => {
        if (uniqueViolation(err)) throw new DomainError(C.FUOTA_TASK_EXISTS, `a task named ${b.name} exists`, 'name');
        throw err;
      });
    s.upgrades.wake();
    return ok({ taskId });
  });

  route(app, upgradeTaskApi.list, async (req) => {
    const { limit = req.query.pageSize, offset } = pageWindow(req.query);
    const { rows, amount } = await repo.tasks(undefined, limit, offset);
    return list(rows, amount);
  });

  route(app, upgradeTaskApi.detail, async (req) => {
    const { rows } = await repo.tasks(eq(upgradeTasks.id, req.query.taskId));
    if (!rows[0]) throw new DomainError(C.FUOTA_TASK_MISSING, 'no such upgrade task', 'taskId');
    return ok(rows[0]);
  });

  route(app, upgradeTaskApi.delete, async (req) => {
    const [gone] = await s.db
      .delete(upgradeTasks)
      .where(eq(upgradeTasks.id, req.body.taskId))
      .returning({ id: upgradeTasks.id });
    if (!gone) throw new DomainError(C.FUOTA_TASK_MISSING, 'no such upgrade task', 'taskId');
    return ok();
  });

  const page = (q: { pageNo: number; pageSize: number }) => {
    const { limit = q.pageSize, offset } = pageWindow(q);
    return [limit, offset] as const;
  };
  route(app, upgradeRecordApi.listByVersionId, async (req) => {
    const q = req.query;
    const where = and(
      eq(upgradeRecords.versionId, q.versionId),
      q.upgradeType ? eq(upgradeRecords.kind, q.upgradeType) : undefined,
    );
    const { rows, amount } = await repo.records(where, ...page(q));
    return list(rows, amount);
  });
  route(app, upgradeRecordApi.list, async (req) => {
    const where = req.query.gatewayId ? eq(upgradeRecords.gatewayId, req.query.gatewayId) : undefined;
    const { rows, amount } = await repo.records(where, ...page(req.query));
    return list(rows, amount);
  });
  route(app, upgradeRecordApi.listByTaskId, async (req) => {
    const { rows, amount } = await repo.records(eq(upgradeRecords.taskId, req.query.taskId), ...page(req.query));
    return list(rows, amount);
  });
};
