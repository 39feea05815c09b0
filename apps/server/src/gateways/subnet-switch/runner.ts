import { PF_CONF_PUSH_TIMEOUT_S } from '@lns/contract/frequency-plans';
import { SWITCH_PUSH_TRIES } from '@lns/contract/subnet-switch';
import { and, eq, gt, lt, lte, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { switchDevices, switchGateways, switchTasks } from '../../db/schema/subnet-switch';
import type { FrequencyPlans } from '../../frequency-plans/service';
import { WakeLoop } from '../../jobs/wake-loop';
import type { CutoverWatch } from '../../ns/cutover-watch';
import { newToken } from '../agent/channel';
import { resolvePlans, type SwitchTaskRow } from './repository';
import { settleTask } from './settle';
import { switchOver } from './switch';

/** How often the runner looks for due tasks (ms). */
const TICK_MS = 1000;
/** An instance holds a task this long per look; another takes over after a crash. */
const LEASE_MS = 15_000;
/** A gateway whose push failed (offline, busy) is tried again after this long (ms). */
const PUSH_RETRY_MS = 30_000;

export interface SubnetSwitchDeps {
  db: Db;
  log: FastifyBaseLogger;
  plans: Pick<FrequencyPlans, 'push'>;
  /** The data plane's flag: cutover requests may be due (uplinks look them up only then). */
  watch: CutoverWatch;
}

/**
 * Runs subnet cutover tasks (docs/product/subnet-cutover.md). The devices are told their plans
 * by the data plane (ns/cutover.ts) on their uplinks; this runner moves each task on at its
 * `nextTime`: its status from its members', the switch at `switchTime` (gateways and devices to
 * the next plan, configuration pushed to agent gateways), and its end. Everything is in the
 * database: any instance may hold a task (a lease), a restarted one goes on where the last stopped.
 */
export class SubnetSwitchRunner {
  private readonly owner = newToken();
  private readonly pushing = new Set<string>();

  private readonly loop: WakeLoop;

  constructor(private readonly d: SubnetSwitchDeps) {
    this.loop = new WakeLoop(
      TICK_MS,
      () => this.tick(),
      (err) => d.log.warn({ err }, 'subnet cutover runner'),
    );
  }

  start(): void {
    this.loop.start();
  }

  stop(): Promise<void> {
    return this.loop.stop();
  }

  /** Looks at the tasks now (one was created or changed, a push ended). */
  wake(): void {
    this.loop.wake();
  }

  /** Resolves after a full look that began after the call (tests await it instead of sleeping). */
  look(): Promise<void> {
    return this.loop.settled();
  }

  private async tick(): Promise<void> {
    const db = this.d.db;
    const now = Date.now();
    const [open] = await db
      .execute<{ active: boolean }>(
        sql`SELECT EXISTS (SELECT 1 FROM subnet_switch_tasks WHERE status <= 3) OR EXISTS (SELECT 1 FROM subnet_switch_devices WHERE revert) AS active`,
      )
      .then((r) => ('rows' in r ? r.rows : r) as { active: boolean }[]);
    this.d.watch.active = open?.active === true;
    if (!this.d.watch.active) return;
    const tasks = await db
      .update(switchTasks)
      .set({ leaseUntil: now + LEASE_MS, leaseOwner: this.owner })
      .where(
        and(
          lte(switchTasks.status, 3),
          or(lte(switchTasks.nextTime, now), lte(switchTasks.switchTime, now)),
          or(lt(switchTasks.leaseUntil, now), eq(switchTasks.leaseOwner, this.owner)),
        ),
      )
      .returning();
    for (const task of tasks) {
      try {
        await this.step(task);
      } catch (err) {
        this.d.log.warn({ err, taskId: task.id }, 'subnet cutover task');
      }
    }
  }

  private async step(task: SwitchTaskRow): Promise<void> {
    try {
      resolvePlans(task.currentPlan, task.nextPlan);
    } catch (err) {
      await this.fail(task, err instanceof Error ? err.message : 'the channel plans are no longer in the catalogue');
      return;
    }
    if (task.switchedAt === null && task.switchTime <= Date.now()) {
      const switched = await switchOver(this.d.db, task);
      if (!switched) return;
      task = switched;
    }
    if (task.switchedAt !== null) await this.pushDue(task);
    await settleTask(this.d.db, task);
  }

  /** Pushes the next plan's configuration to each agent gateway that waits for it, in the background. */
  private async pushDue(task: SwitchTaskRow): Promise<void> {
    const now = Date.now();
    const due = await this.d.db
      .select()
      .from(switchGateways)
      .where(and(eq(switchGateways.taskId, task.id), eq(switchGateways.status, 2), lte(switchGateways.nextAt, now)));
    for (const g of due) {
      if (this.pushing.has(g.gwId)) continue;
      this.pushing.add(g.gwId);
      // Held for the push's time so another instance does not push the same gateway meanwhile.
      await this.setGateway(task.id, g.gwId, {
        nextAt: now + (PF_CONF_PUSH_TIMEOUT_S + 10) * 1000,
        tries: g.tries + 1,
      });
      void this.d.plans
        .push(g.gwId, true, `subnet cutover ${task.name}`)
        .then(() => this.setGateway(task.id, g.gwId, { status: 4, error: null }))
        .catch(async (err: unknown) => {
          const error = err instanceof Error ? err.message : String(err);
          if (g.tries + 1 >= SWITCH_PUSH_TRIES) await this.setGateway(task.id, g.gwId, { status: 6, error });
          else await this.setGateway(task.id, g.gwId, { error, nextAt: Date.now() + PUSH_RETRY_MS });
        })
        .catch((err) => this.d.log.warn({ err, gwId: g.gwId }, 'subnet cutover push'))
        .finally(() => {
          this.pushing.delete(g.gwId);
          void this.d.db
            .update(switchTasks)
            .set({ nextTime: 0 })
            .where(eq(switchTasks.id, task.id))
            .then(
              () => this.wake(),
              () => undefined,
            );
        });
    }
  }

  private async setGateway(taskId: number, gwId: string, patch: Partial<typeof switchGateways.$inferSelect>) {
    await this.d.db
      .update(switchGateways)
      .set({ ...patch, updatedAt: Date.now() })
      .where(and(eq(switchGateways.taskId, taskId), eq(switchGateways.gwId, gwId)));
  }

  /** The task fails as a whole (before the switch nothing moved): open members end as failed too. */
  private async fail(task: SwitchTaskRow, why: string): Promise<void> {
    const now = Date.now();
    await this.d.db.transaction(async (tx) => {
      await tx
        .update(switchTasks)
        .set({ status: 6, errorMessage: why, updatedAt: now })
        .where(and(eq(switchTasks.id, task.id), lte(switchTasks.status, 3)));
      for (const t of [switchDevices, switchGateways] as const)
        await tx
          .update(t)
          .set({ status: 6, error: why, updatedAt: now })
          .where(and(eq(t.taskId, task.id), lte(t.status, 3)));
      // Devices already told the union are told their current plan again (nothing moved).
      if (task.switchedAt === null)
        await tx
          .update(switchDevices)
          .set({ revert: true, nextSendAt: 0 })
          .where(and(eq(switchDevices.taskId, task.id), eq(switchDevices.status, 6), gt(switchDevices.phase, 0)));
    });
  }
}
