import { C } from '@lns/contract/codes';
import type { AgentResponse } from '@lns/contract/gateway-agent';
import { SCAN_MAX_POINTS, type ScanRange, type ScanRecord, scanPoint } from '@lns/contract/gateway-commands';
import { and, count, desc, eq, lt, ne, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { maySee, ownedBy, type Viewer } from '../../db/ownership';
import { gatewayCommands, gatewayScans } from '../../db/schema/gateway-commands';
import { gateways } from '../../db/schema/gateways';
import { DomainError } from '../../errors';
import { gatewayByGwId } from '../repository';
import type { GatewayCommands } from './commands';

/** A scan may run this long on the gateway (s): 500 frequencies of a spectral scan take minutes. */
export const SCAN_TIMEOUT_S = 900;
/** How long `start` waits for the agent to accept or refuse before it answers "running" (ms). */
const ACCEPT_WAIT_MS = 10_000;
/** Progress is written at most this often (ms). */
const PROGRESS_EVERY_MS = 1000;

const scanResult = z.object({ points: z.array(scanPoint).max(SCAN_MAX_POINTS) });

const columns = {
  id: gatewayScans.id,
  gatewayId: gatewayScans.gatewayId,
  frequencyMin: gatewayScans.frequencyMin,
  frequencyMax: gatewayScans.frequencyMax,
  frequencyStep: gatewayScans.frequencyStep,
  progress: gatewayScans.progress,
  state: gatewayCommands.state,
  error: gatewayCommands.error,
  userName: gatewayCommands.userName,
  createdAt: gatewayCommands.createdAt,
  finishedAt: gatewayCommands.finishedAt,
};

/**
 * Noise scans (docs/product/gateway-operations.md): a `frequencyScan` command to the gateway's agent
 * whose points are kept with the range asked for. Open to every user for the gateways it sees.
 */
export class GatewayScans {
  constructor(
    private readonly db: Db,
    private readonly commands: GatewayCommands,
    private readonly log: FastifyBaseLogger,
  ) {}

  async start(viewer: Viewer & { name: string }, gatewayId: string, range: ScanRange): Promise<ScanRecord> {
    const gw = await gatewayByGwId(this.db, gatewayId);
    if (!gw || !maySee(viewer, gw.ownerId)) throw new DomainError(C.GATEWAY_MISSING, undefined, 'gatewayId');
    let accepted: () => void = () => {};
    const acceptedOrTimeout = new Promise<void>((resolve) => {
      accepted = resolve;
      setTimeout(resolve, ACCEPT_WAIT_MS).unref();
    });
    let scanId = 0;
    let lastWrite = 0;
    const onProgress = (r: AgentResponse) => {
      accepted();
      const now = Date.now();
      if (!scanId || r.progress === undefined || now - lastWrite < PROGRESS_EVERY_MS) return;
      lastWrite = now;
      void this.setProgress(scanId, r.progress).catch((err) => this.log.warn({ err }, 'scan progress'));
    };
    const run = {
      gatewayId,
      kind: 'frequencyScan' as const,
      extra: { ...range },
      userName: viewer.name,
      exclusive: true,
      timeoutS: SCAN_TIMEOUT_S,
      onProgress,
    };
    const row = await this.commands.begin(run);
    const [scan] = await this.db
      .insert(gatewayScans)
      .values({ commandId: row.id, gatewayId, ...range })
      .returning({ id: gatewayScans.id });
    scanId = scan!.id;
    const finished = this.commands.complete(row, run).then(async ({ record, refusal }) => {
      const points = record.state === 'done' ? scanResult.safeParse(record.result) : undefined;
      if (points && !points.success) {
        await this.commands.records.finish(row.id, 'error', { error: 'the gateway answered unreadable points' });
      }
      await this.db
        .update(gatewayScans)
        .set({ progress: 100, points: points?.success ? points.data.points : null })
        .where(eq(gatewayScans.id, scanId));
      return refusal;
    });
    finished.catch((err) => this.log.warn({ err, gatewayId }, 'noise scan'));
    // A gateway that cannot scan says so at once: that is the caller's answer, not a record to find later.
    const early = await Promise.race([finished, acceptedOrTimeout.then(() => undefined)]);
    if (early) throw early;
    return (await this.one(scanId))!;
  }

  private async setProgress(id: number, progress: number): Promise<void> {
    // Written without waiting: a late one must not take a finished scan (100) back.
    await this.db
      .update(gatewayScans)
      .set({ progress: Math.min(99, Math.round(progress)) })
      .where(and(eq(gatewayScans.id, id), lt(gatewayScans.progress, 100)));
  }

  /** One scan with its points, if the viewer may see its gateway. */
  async one(id: number, viewer?: Viewer): Promise<ScanRecord | undefined> {
    const [row] = await this.select(viewer, eq(gatewayScans.id, id)).limit(1);
    return row && this.withPoints(row);
  }

  /** The gateway's latest scan (running or not), without points. */
  async latest(viewer: Viewer, gatewayId: string): Promise<ScanRecord | undefined> {
    await this.commands.records.expire(gatewayId);
    const [row] = await this.select(viewer, eq(gatewayScans.gatewayId, gatewayId))
      .orderBy(desc(gatewayScans.id))
      .limit(1);
    return row;
  }

  /** The gateway's latest finished scan, with its points. */
  async latestFinished(viewer: Viewer, gatewayId: string): Promise<ScanRecord | undefined> {
    await this.commands.records.expire(gatewayId);
    const where = and(eq(gatewayScans.gatewayId, gatewayId), ne(gatewayCommands.state, 'running'));
    const [row] = await this.select(viewer, where).orderBy(desc(gatewayScans.id)).limit(1);
    return row && this.withPoints(row);
  }

  async page(viewer: Viewer, gatewayId: string | undefined, limit: number, offset: number) {
    const where = gatewayId ? eq(gatewayScans.gatewayId, gatewayId) : undefined;
    const [rows, [total]] = await Promise.all([
      this.select(viewer, where).orderBy(desc(gatewayScans.id)).limit(limit).offset(offset),
      this.db
        .select({ n: count() })
        .from(gatewayScans)
        .leftJoin(gateways, eq(gateways.gwId, gatewayScans.gatewayId))
        .where(and(where, ownedBy(viewer, gateways.ownerId))),
    ]);
    return { rows, amount: total?.n ?? 0 };
  }

  private async withPoints(r: ScanRecord): Promise<ScanRecord> {
    const [p] = await this.db
      .select({ points: gatewayScans.points })
      .from(gatewayScans)
      .where(eq(gatewayScans.id, r.id));
    return { ...r, points: p?.points ?? [] };
  }

  /**
   * Scans joined to their command. A common user sees those of the gateways it owns; an admin
   * also those of deleted gateways (the left join leaves their owner null).
   */
  private select(viewer: Viewer | undefined, where: SQL | undefined) {
    return this.db
      .select(columns)
      .from(gatewayScans)
      .innerJoin(gatewayCommands, eq(gatewayCommands.id, gatewayScans.commandId))
      .leftJoin(gateways, eq(gateways.gwId, gatewayScans.gatewayId))
      .where(and(where, viewer ? ownedBy(viewer, gateways.ownerId) : undefined))
      .$dynamic();
  }
}
