import {
  GATEWAY_UPGRADE_STATES,
  type GatewayUpgradeState,
  type UpgradeRecord,
  type UpgradeTask,
} from '@lns/contract/upgrades';
import { count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { upgradeRecords, upgradeTasks } from '../../db/schema/upgrades';

type TaskRow = typeof upgradeTasks.$inferSelect;
type RecordRow = typeof upgradeRecords.$inferSelect;

export const recordOf = (r: RecordRow & { taskName: string }): UpgradeRecord => ({
  id: r.id,
  taskId: r.taskId,
  taskName: r.taskName,
  gatewayId: r.gatewayId,
  gatewayName: r.gatewayName,
  upgradeType: r.kind,
  versionId: r.versionId,
  version: r.versionName,
  fromVersion: r.fromVersion,
  state: r.state,
  installStatus: r.installStatus,
  progress: r.progress,
  tries: r.tries,
  error: r.error,
  startedAt: r.startedAt,
  finishedAt: r.finishedAt,
  updatedAt: r.updatedAt,
});

const emptyCounts = () =>
  Object.fromEntries(GATEWAY_UPGRADE_STATES.map((s) => [s, 0])) as Record<GatewayUpgradeState, number>;

/** Tasks and their per-gateway records as the API shows them. */
export class UpgradeRepository {
  constructor(private readonly db: Db) {}

  async tasks(where: SQL | undefined, limit?: number, offset = 0): Promise<{ rows: UpgradeTask[]; amount: number }> {
    let q = this.db.select().from(upgradeTasks).where(where).orderBy(desc(upgradeTasks.id)).$dynamic();
    if (limit !== undefined) q = q.limit(limit).offset(offset);
    const [rows, [total]] = await Promise.all([q, this.db.select({ n: count() }).from(upgradeTasks).where(where)]);
    const ids = rows.map((r) => r.id);
    const counted = ids.length
      ? await this.db
          .select({ taskId: upgradeRecords.taskId, state: upgradeRecords.state, n: count() })
          .from(upgradeRecords)
          .where(inArray(upgradeRecords.taskId, ids))
          .groupBy(upgradeRecords.taskId, upgradeRecords.state)
      : [];
    const countsOf = new Map<number, Record<GatewayUpgradeState, number>>();
    for (const c of counted) {
      const m = countsOf.get(c.taskId) ?? emptyCounts();
      m[c.state] = c.n;
      countsOf.set(c.taskId, m);
    }
    return { rows: rows.map((t) => taskOf(t, countsOf.get(t.id) ?? emptyCounts())), amount: total?.n ?? 0 };
  }

  async records(
    where: SQL | undefined,
    limit: number,
    offset: number,
  ): Promise<{ rows: UpgradeRecord[]; amount: number }> {
    const [rows, [total]] = await Promise.all([
      this.db
        .select({ r: upgradeRecords, taskName: upgradeTasks.name })
        .from(upgradeRecords)
        .innerJoin(upgradeTasks, eq(upgradeTasks.id, upgradeRecords.taskId))
        .where(where)
        .orderBy(desc(upgradeRecords.id))
        .limit(limit)
        .offset(offset),
      this.db.select({ n: count() }).from(upgradeRecords).where(where),
    ]);
    return { rows: rows.map(({ r, taskName }) => recordOf({ ...r, taskName })), amount: total?.n ?? 0 };
  }

  /** Sets a task's state from its records: over once every gateway is. */
  async settleTask(taskId: number): Promise<void> {
    await this.db.execute(sql`
      UPDATE upgrade_tasks t SET
        state = CASE
          WHEN c.open > 0 AND c.started = 0 THEN 'waiting'
          WHEN c.open > 0 THEN 'upgrading'
          WHEN c.failed > 0 THEN 'abnormal'
          ELSE 'completed' END,
        updated_at = ${Date.now()}
      FROM (SELECT
          count(*) FILTER (WHERE state NOT IN ('completed', 'skipped', 'error')) AS open,
          count(*) FILTER (WHERE state <> 'waiting') AS started,
          count(*) FILTER (WHERE state = 'error') AS failed
        FROM upgrade_records WHERE task_id = ${taskId}) c
      WHERE t.id = ${taskId}`);
  }
}

function taskOf(t: TaskRow, counts: Record<GatewayUpgradeState, number>): UpgradeTask {
  return {
    taskId: t.id,
    taskName: t.name,
    upgradeType: t.kind,
    versionId: t.versionId,
    version: t.versionName,
    gatewayTypes: t.gatewayTypes,
    maxLimit: t.maxLimit,
    state: t.state,
    counts,
    total: Object.values(counts).reduce((a, b) => a + b, 0),
    createdAt: t.createdAt,
    updatedAt: t.updatedAt,
  };
}
