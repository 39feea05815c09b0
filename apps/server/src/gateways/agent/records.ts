import type { CommandRecord, CommandState, RecordKind } from '@lns/contract/gateway-commands';
import { and, count, desc, eq, lt, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { gatewayCommands } from '../../db/schema/gateway-commands';

type Row = typeof gatewayCommands.$inferSelect;

export const recordOf = (r: Row): CommandRecord => ({
  id: r.id,
  gatewayId: r.gatewayId,
  cmdType: r.cmdType,
  cToken: r.cToken,
  extra: r.extra ?? null,
  state: r.state,
  result: r.result ?? null,
  error: r.error,
  userName: r.userName,
  createdAt: r.createdAt,
  finishedAt: r.finishedAt,
});

export interface NewRecord {
  gatewayId: string;
  cmdType: RecordKind;
  cToken: string;
  extra?: Record<string, unknown>;
  exclusive: boolean;
  userName: string;
  /** Until when it may run (ms). */
  deadline: number;
}

/** The gateway_commands table: what was sent to gateways, by whom, and how it ended. */
export class CommandRecords {
  constructor(private readonly db: Db) {}

  /** Throws the unique violations the caller maps: a running exclusive command, a token used. */
  async insert(n: NewRecord): Promise<Row> {
    const now = Date.now();
    const [row] = await this.db
      .insert(gatewayCommands)
      .values({ ...n, extra: n.extra ?? null, state: 'running', createdAt: now })
      .returning();
    return row!;
  }

  async finish(id: number, state: CommandState, f: { result?: unknown; error?: string | null } = {}): Promise<Row> {
    const [row] = await this.db
      .update(gatewayCommands)
      .set({ state, result: f.result ?? null, error: f.error ?? null, finishedAt: Date.now() })
      .where(eq(gatewayCommands.id, id))
      .returning();
    return row!;
  }

  /** Rows left running past their deadline (the instance waiting for them went away) read as timed out. */
  async expire(gatewayId?: string): Promise<void> {
    const now = Date.now();
    await this.db
      .update(gatewayCommands)
      .set({ state: 'timeout', error: 'no answer', finishedAt: now })
      .where(
        and(
          eq(gatewayCommands.state, 'running'),
          lt(gatewayCommands.deadline, now),
          gatewayId ? eq(gatewayCommands.gatewayId, gatewayId) : undefined,
        ),
      );
  }

  async page(
    f: { gatewayId?: string; cmdType?: RecordKind },
    limit: number,
    offset: number,
  ): Promise<{ rows: CommandRecord[]; amount: number }> {
    await this.expire(f.gatewayId);
    const where: SQL | undefined = and(
      f.gatewayId ? eq(gatewayCommands.gatewayId, f.gatewayId) : undefined,
      f.cmdType ? eq(gatewayCommands.cmdType, f.cmdType) : undefined,
    );
    const [rows, [total]] = await Promise.all([
      this.db.select().from(gatewayCommands).where(where).orderBy(desc(gatewayCommands.id)).limit(limit).offset(offset),
      this.db.select({ n: count() }).from(gatewayCommands).where(where),
    ]);
    return { rows: rows.map(recordOf), amount: total?.n ?? 0 };
  }
}
