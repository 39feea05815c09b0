import type { AgentResponse } from '@lns/contract/gateway-agent';
import { type GatewayUpgradeState, UPGRADE_TRIES, upgradeKindOf, upgradeProgress } from '@lns/contract/upgrades';
import { and, eq, gt, inArray, lt, lte, ne, or } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { upgradeRecords, upgradeTasks, upgradeVersions } from '../../db/schema/upgrades';
import { DomainError } from '../../errors';
import { WakeLoop } from '../../jobs/wake-loop';
import { newToken } from '../agent/channel';
import type { GatewayCommands } from '../agent/commands';
import { gatewayByGwId } from '../repository';
import { outcomeOfUpgrade, reportedUpgrade } from './outcome';
import { packageUrl } from './package-url';
import { UpgradeRepository } from './records';

/** How often the runner looks at the tasks (ms). */
const TICK_MS = 1000;
/** An instance holds a task this long per look; another takes over after a crash. */
const LEASE_MS = 15_000;
/** One upgrade on a gateway (download and install) may take this long (s). */
export const UPGRADE_TIMEOUT_S = 1800;
/** After a restart, how long a gateway has to come back with the new version (ms). */
export const RESTART_CHECK_MS = 10 * 60_000;
/** A gateway that could not be reached is tried again after this long (ms). */
const RETRY_AFTER_MS = 30_000;
/** An offline or busy gateway is looked at again after this long (ms). */
const OFFLINE_RECHECK_MS = 5000;
/** Candidates read per query when slots are free. */
const CANDIDATE_PAGE = 200;
/** Progress is written at most this often per gateway (ms). */
const PROGRESS_EVERY_MS = 1000;

const OPEN: GatewayUpgradeState[] = ['waiting', 'retry', 'upgrading', 'sdkDownloading', 'rebooting'];
const ACTIVE: GatewayUpgradeState[] = ['upgrading', 'sdkDownloading', 'rebooting'];

type RecordRow = typeof upgradeRecords.$inferSelect;
type TaskRow = typeof upgradeTasks.$inferSelect;
type VersionRow = typeof upgradeVersions.$inferSelect;

export interface UpgradeRunnerDeps {
  db: Db;
  commands: GatewayCommands;
  log: FastifyBaseLogger;
  /** Where gateways download packages from (PUBLIC_URL). */
  publicUrl: string;
}

/**
 * Runs upgrade tasks (docs/product/gateway-upgrades.md): at most `maxLimit` gateways of a task at
 * once, each through its agent's `upgrade` request; offline gateways wait and are tried when they
 * are back; a gateway already on the version is skipped. Tasks live in the database: any instance
 * may run one (a lease), and a restarted one takes over where the last stopped.
 */
export class UpgradeRunner {
  readonly repo: UpgradeRepository;
  private readonly owner = newToken();
  private readonly running = new Set<number>();
  private readonly loop: WakeLoop;

  constructor(private readonly d: UpgradeRunnerDeps) {
    this.repo = new UpgradeRepository(d.db);
    this.loop = new WakeLoop(
      TICK_MS,
      () => this.tick(),
      (err) => d.log.warn({ err }, 'upgrade runner'),
    );
  }

  start(): void {
    this.loop.start();
  }

  stop(): Promise<void> {
    return this.loop.stop();
  }

  /** Looks at the tasks now (a task was created, a gateway came back). */
  wake(): void {
    this.loop.wake();
  }

  private async tick(): Promise<void> {
    const now = Date.now();
    const tasks = await this.d.db
      .update(upgradeTasks)
      .set({ leaseUntil: now + LEASE_MS, leaseOwner: this.owner })
      .where(
        and(
          inArray(upgradeTasks.state, ['waiting', 'upgrading']),
          or(lt(upgradeTasks.leaseUntil, now), eq(upgradeTasks.leaseOwner, this.owner)),
        ),
      )
      .returning();
    for (const task of tasks) await this.step(task);
  }

  private async step(task: TaskRow): Promise<void> {
    const db = this.d.db;
    const [version] = await db.select().from(upgradeVersions).where(eq(upgradeVersions.id, task.versionId));
    const of = (states: GatewayUpgradeState[]) =>
      and(eq(upgradeRecords.taskId, task.id), inArray(upgradeRecords.state, states));
    if (!version) {
      const open = await db.select().from(upgradeRecords).where(of(OPEN));
      for (const r of open) await this.finish(r, 'error', { error: 'the version was deleted' });
      await this.repo.settleTask(task.id);
      return;
    }
    const now = Date.now();
    let active = 0;
    for (const r of await db.select().from(upgradeRecords).where(of(ACTIVE))) {
      if (r.state === 'rebooting') active += await this.checkRestart(r, version);
      // Started by an instance that is gone: the gateway may still be at it; try again later.
      else if (!this.running.has(r.id) && r.nextAt < now)
        await this.retryOrFail(r, 'the upgrade was lost (server restart)');
      else active++;
    }
    // The next candidates in order, a page at a time until the free slots are taken.
    for (let after = 0; active < task.maxLimit; ) {
      const page = await db
        .select()
        .from(upgradeRecords)
        .where(and(of(['waiting', 'retry']), lte(upgradeRecords.nextAt, now), gt(upgradeRecords.id, after)))
        .orderBy(upgradeRecords.id)
        .limit(CANDIDATE_PAGE);
      for (const r of page) {
        if (active >= task.maxLimit) break;
        if (await this.begin(task, version, r)) active++;
      }
      if (page.length < CANDIDATE_PAGE) break;
      after = page[page.length - 1]!.id;
    }
    await this.repo.settleTask(task.id);
  }

  /** Starts one gateway's upgrade if it is reachable now; true when it took a slot. */
  private async begin(task: TaskRow, version: VersionRow, r: RecordRow): Promise<boolean> {
    const gw = await gatewayByGwId(this.d.db, r.gatewayId);
    if (!gw) {
      await this.finish(r, 'error', { error: 'the gateway was deleted' });
      return false;
    }
    const kind = upgradeKindOf(version.kind)!;
    const reported = reportedUpgrade(gw.status, kind);
    if (reported === version.name) {
      await this.finish(r, 'skipped', { installStatus: 13, fromVersion: reported });
      return false;
    }
    const run = {
      gatewayId: r.gatewayId,
      kind: 'upgrade' as const,
      extra: {
        kind,
        version: version.name,
        url: packageUrl(this.d.publicUrl, gw.mqttPassword, version.digest, gw.gwId),
        digest: version.digest,
        size: version.size,
        fileName: version.fileName,
        restartAfterInstall: version.restartAfterInstall,
      },
      userName: `task ${task.name}`.slice(0, 64),
      exclusive: true,
      timeoutS: UPGRADE_TIMEOUT_S,
      onProgress: this.progressOf(r.id),
    };
    let row: Awaited<ReturnType<GatewayCommands['begin']>>;
    try {
      row = await this.d.commands.begin(run);
    } catch (err) {
      if (!(err instanceof DomainError)) throw err;
      // Offline or busy: it waits, out of the way of the next candidates for a moment.
      await this.setRecord(r.id, { nextAt: Date.now() + OFFLINE_RECHECK_MS });
      return false;
    }
    const now = Date.now();
    await this.d.db
      .update(upgradeRecords)
      .set({
        state: 'upgrading',
        installStatus: 1,
        progress: 0,
        tries: r.tries + 1,
        fromVersion: reported ?? '',
        error: null,
        startedAt: now,
        nextAt: now + UPGRADE_TIMEOUT_S * 1000 + 10_000,
        updatedAt: now,
      })
      .where(eq(upgradeRecords.id, r.id));
    this.running.add(r.id);
    void this.d.commands
      .complete(row, run)
      .then(async ({ record, refusal }) => {
        const o = outcomeOfUpgrade(record, refusal?.code, kind, version.restartAfterInstall);
        const latest = { ...r, tries: r.tries + 1 };
        if (o.state === 'retry') await this.retryOrFail(latest, o.error ?? 'failed');
        else if (o.state === 'rebooting')
          await this.setRecord(r.id, { state: 'rebooting', installStatus: 9, nextAt: Date.now() + RESTART_CHECK_MS });
        else await this.finish(latest, o.state, { installStatus: o.installStatus, error: o.error });
      })
      .catch((err) => this.d.log.warn({ err, gatewayId: r.gatewayId }, 'upgrade'))
      .finally(() => {
        this.running.delete(r.id);
        // Its slot is free: the next gateway starts now, not at the next tick.
        this.wake();
      });
    return true;
  }

  /** A restarted gateway counts once it is online and reports the new version; 12 after the check time. */
  private async checkRestart(r: RecordRow, version: VersionRow): Promise<number> {
    const gw = await gatewayByGwId(this.d.db, r.gatewayId);
    const kind = upgradeKindOf(version.kind)!;
    if (gw?.online && reportedUpgrade(gw.status, kind) === version.name) {
      await this.finish(r, 'completed', { installStatus: 11 });
      return 0;
    }
    if (r.nextAt < Date.now()) {
      await this.finish(r, 'error', { installStatus: 12, error: 'the gateway did not come back with the new version' });
      return 0;
    }
    return 1;
  }

  private async retryOrFail(r: RecordRow, error: string): Promise<void> {
    if (r.tries >= UPGRADE_TRIES) await this.finish(r, 'error', { error });
    else await this.setRecord(r.id, { state: 'retry', error, nextAt: Date.now() + RETRY_AFTER_MS });
  }

  private async finish(
    r: RecordRow,
    state: GatewayUpgradeState,
    f: { installStatus?: number; error?: string | null; fromVersion?: string },
  ): Promise<void> {
    await this.setRecord(r.id, {
      state,
      ...(f.installStatus !== undefined && { installStatus: f.installStatus }),
      ...(f.fromVersion !== undefined && { fromVersion: f.fromVersion }),
      error: f.error ?? null,
      progress: state === 'completed' ? 100 : r.progress,
      finishedAt: Date.now(),
    });
  }

  private async setRecord(id: number, patch: Partial<RecordRow>): Promise<void> {
    await this.d.db
      .update(upgradeRecords)
      .set({ ...patch, updatedAt: Date.now() })
      .where(and(eq(upgradeRecords.id, id), ne(upgradeRecords.state, 'error')));
  }

  /** The agent's progress answers as the record's install status and percentage. */
  private progressOf(id: number): (a: AgentResponse) => void {
    let last = 0;
    return (a) => {
      const p = upgradeProgress.safeParse(a.result);
      const now = Date.now();
      if (!p.success || now - last < PROGRESS_EVERY_MS) return;
      last = now;
      void this.setRecord(id, {
        installStatus: p.data.installStatus,
        progress: Math.round(a.progress ?? 0),
      }).catch((err) => this.d.log.warn({ err }, 'upgrade progress'));
    };
  }
}
