import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { bulkInsert } from '../../db/recordset';
import { rowsOf } from '../../db/rows';
import type { OutboxInsert, OutboxRow } from '../../db/schema/outbox';
import { outbox } from '../../db/schema/outbox';
import type { Decoded, DecoderCache } from '../decoders/decoders';
import { type PushClient, postJson } from '../http/post';
import type { IntegrationMetrics } from '../metrics';
import { claimDue, completeDecode, release, removeRows, retryLater } from './store';

export interface OutboxOptions {
  /** HTTP requests in flight per URL while it answers (one probe at a time while it fails). */
  concurrency: number;
  timeoutMs: number;
  /** Tries per delivery, the first included; then it is abandoned. */
  maxAttempts: number;
  /** A delivery older than this is abandoned instead of tried again. */
  maxAgeMs: number;
  /** First back-off after a failure; doubles per try up to retryMaxMs. */
  retryBaseMs: number;
  retryMaxMs: number;
  /** How often the table is looked at when nothing woke the sender. */
  pollMs: number;
  /** A claimed row becomes due again after this (its instance died before settling it). */
  leaseMs: number;
}

export const DEFAULT_OUTBOX_OPTIONS: OutboxOptions = {
  concurrency: 4,
  timeoutMs: 5000,
  maxAttempts: 20,
  maxAgeMs: 24 * 3600_000,
  retryBaseMs: 1000,
  retryMaxMs: 300_000,
  pollMs: 500,
  leaseMs: 60_000,
};

/** Publishes to the broker; resolves once the broker has taken the message (PUBACK). */
export interface MqttDelivery {
  deliver(topic: string, payload: string, messageId: string): Promise<void>;
}

/** Rows claimed per query, and held in memory at most (per endpoint: a few per request slot). */
const CLAIM = 500;
const MQTT_CONCURRENCY = 256;

class Endpoint {
  queue: OutboxRow[] = [];
  inflight = 0;
  delay = 0;
  until = 0;
  lastWarn = 0;
  /** The last claim left its rows out (full or backing off). */
  skipped = false;
  constructor(
    readonly target: string,
    readonly limit: number,
  ) {}
}

/**
 * Drains the outbox: claims due rows, delivers them per endpoint (URL or the MQTT broker),
 * deletes each once delivered, and on failure schedules its next try with exponential
 * back-off (the endpoint's other rows wait out the same back-off, untried). After maxAttempts
 * tries or maxAgeMs a row is abandoned (logged and counted). On start it resumes whatever is due.
 */
export class OutboxSender {
  readonly options: OutboxOptions;
  /** undefined: MQTT not started yet (its rows wait); null: no broker (its rows are dropped). */
  mqtt: MqttDelivery | null | undefined;
  private readonly endpoints = new Map<string, Endpoint>();
  private readonly aborts = new Set<AbortController>();
  private held = 0;
  private timer: NodeJS.Timeout | undefined;
  private claiming: Promise<void> | undefined;
  private again = false;
  private soon = false;
  private stopped = true;
  private settled: number[] = [];
  /** Rows being delivered right now (put back on close). */
  private readonly sending = new Set<number>();
  private settling: Promise<void> | undefined;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    private readonly metrics: IntegrationMetrics,
    private readonly decoders: DecoderCache,
    private readonly push: PushClient,
    options: Partial<OutboxOptions> = {},
  ) {
    this.options = { ...DEFAULT_OUTBOX_OPTIONS, ...options };
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.wake();
  }

  /** Stops; what it had claimed and not delivered is due again at once (for the next start). */
  async close(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    const unsent = [...this.sending];
    for (const ep of this.endpoints.values()) unsent.push(...ep.queue.splice(0).map((r) => r.id));
    for (const a of this.aborts) a.abort();
    await this.claiming?.catch(() => {});
    await this.flushSettled();
    // A delivered row among them was deleted just above: releasing it does nothing.
    await release(this.db, unsent, Date.now()).catch(() => {});
  }

  /** Inserts deliveries (one statement) and wakes the sender. */
  async enqueue(rows: OutboxInsert[]): Promise<void> {
    if (rows.length === 0) return;
    await bulkInsert(this.db, outbox, rows as Record<string, unknown>[]);
    this.wake();
  }

  /** New rows are due: look soon rather than at the next poll (a burst of wakes is one look). */
  wake(): void {
    if (this.stopped || this.soon) return;
    if (this.claiming) {
      this.again = true;
      return;
    }
    this.soon = true;
    setImmediate(() => {
      this.soon = false;
      this.look();
    });
  }

  private look(): void {
    if (this.stopped) return;
    if (this.claiming) {
      this.again = true;
      return;
    }
    clearTimeout(this.timer);
    this.timer = undefined;
    this.claiming = this.claim()
      .catch((err) => this.log.warn({ err }, 'outbox claim failed'))
      .finally(() => {
        this.claiming = undefined;
        if (this.stopped) return;
        if (this.again) {
          this.again = false;
          this.look();
        } else this.timer ??= setTimeout(() => this.look(), this.options.pollMs);
      });
  }

  private async claim(): Promise<void> {
    const room = CLAIM - this.held;
    if (room <= 0) return;
    const now = Date.now();
    const full = [...this.endpoints.values()].filter((e) => e.until > now || e.queue.length + e.inflight >= e.limit);
    for (const e of full) e.skipped = true;
    const rows = await claimDue(this.db, now, room, this.options.leaseMs, {
      targets: full.filter((e) => e.target).map((e) => e.target),
      // MQTT rows stay untouched while MQTT has not started or its broker is busy or backing off.
      mqtt: this.mqtt === undefined || full.some((e) => !e.target),
    });
    // A receiver takes at most its limit; the surplus goes back at once (still first in line),
    // so no claimed row waits in memory past its lease.
    const surplus: number[] = [];
    for (const r of rows) {
      const ep = this.endpoint(r);
      if (ep.queue.length + ep.inflight >= ep.limit) {
        surplus.push(r.id);
        ep.skipped = true;
      } else this.dispatch(r);
    }
    await release(this.db, surplus, now);
    if (rows.length === room && surplus.length < rows.length) this.again = true;
  }

  private endpoint(row: OutboxRow): Endpoint {
    const key = row.kind === 'mqtt' ? 'mqtt' : row.target;
    let ep = this.endpoints.get(key);
    if (!ep) {
      // Claimed rows per receiver: enough to keep its requests busy between claims, few enough
      // that all are tried within the lease even at the request timeout.
      const limit = row.kind === 'mqtt' ? MQTT_CONCURRENCY * 2 : this.options.concurrency * 8;
      ep = new Endpoint(row.kind === 'mqtt' ? '' : row.target, limit);
      this.endpoints.set(key, ep);
    }
    return ep;
  }

  private dispatch(row: OutboxRow): void {
    const ep = this.endpoint(row);
    ep.queue.push(row);
    this.held++;
    if (row.kind === 'http') this.metrics.pushQueued.inc();
    this.pump(ep);
  }

  private pump(ep: Endpoint): void {
    const limit = ep.delay > 0 ? 1 : ep.target ? this.options.concurrency : MQTT_CONCURRENCY;
    while (!this.stopped && ep.queue.length > 0 && ep.inflight < limit) {
      const row = ep.queue.shift()!;
      ep.inflight++;
      this.sending.add(row.id);
      void this.deliver(ep, row)
        .catch((err) => this.log.error({ err }, 'outbox delivery'))
        .finally(() => {
          this.sending.delete(row.id);
          ep.inflight--;
          this.held--;
          if (row.kind === 'http') this.metrics.pushQueued.dec();
          this.pump(ep);
          // Refill a receiver the last claim skipped as full once half its rows are done.
          if (ep.skipped && ep.queue.length + ep.inflight <= ep.limit / 2) {
            ep.skipped = false;
            this.wake();
          }
        });
    }
  }

  private async deliver(ep: Endpoint, row: OutboxRow): Promise<void> {
    const o = this.options;
    if (Date.now() - row.createdAt > o.maxAgeMs) return this.abandon(row, 'expired', row.lastError ?? 'too old');
    if (row.decode) await this.decode(row);
    if (row.kind === 'decode') return this.settle(row.id);
    let outcome: { ok: boolean; retry: boolean; detail: string };
    const body = JSON.stringify(row.body);
    if (row.kind === 'http') {
      const end = this.metrics.pushDuration.startTimer();
      const r = await postJson(this.push, row.target, row.headers, body, row.messageId, o.timeoutMs, this.aborts);
      end();
      if (this.stopped) return;
      const target = row.event === 'stats' || row.event === 'connection' ? 'gateway' : 'application';
      this.metrics.pushRequests.inc({ target, result: r.result });
      if (r.result === 'blocked') return this.abandon(row, 'blocked', r.detail);
      outcome = { ok: r.result === 'ok', retry: r.retry, detail: r.detail };
    } else {
      const sink = this.mqtt;
      if (sink === null) return this.abandon(row, 'no_broker', 'no MQTT broker is running');
      if (sink === undefined) return release(this.db, [row.id], Date.now() + 1000);
      try {
        await sink.deliver(row.target, body, row.messageId);
        this.metrics.mqttPublished.inc({ event: row.event });
        outcome = { ok: true, retry: false, detail: '' };
      } catch (err) {
        outcome = { ok: false, retry: true, detail: (err as Error).message };
      }
    }
    if (outcome.ok) {
      ep.delay = 0;
      ep.until = 0;
      return this.settle(row.id);
    }
    const attempts = row.attempts + 1;
    if (!outcome.retry || attempts >= o.maxAttempts) return this.abandon(row, 'failed', outcome.detail);
    ep.delay = Math.min(ep.delay ? ep.delay * 2 : o.retryBaseMs, o.retryMaxMs);
    const wait = Math.min(o.retryBaseMs * 2 ** (attempts - 1), o.retryMaxMs);
    ep.until = Date.now() + Math.max(ep.delay, wait);
    await retryLater(this.db, row.id, attempts, Date.now() + wait, outcome.detail);
    // The endpoint's other claimed rows wait out its back-off without spending a try.
    const waiting = ep.queue.splice(0);
    this.held -= waiting.length;
    for (const w of waiting) if (w.kind === 'http') this.metrics.pushQueued.dec();
    await release(
      this.db,
      waiting.map((w) => w.id),
      ep.until,
    );
    const now = Date.now();
    if (now - ep.lastWarn >= 30_000) {
      ep.lastWarn = now;
      this.log.warn(
        { target: row.target, error: outcome.detail, attempts },
        `delivery to ${row.target} failed (${outcome.detail}); retrying in ${wait} ms`,
      );
    }
  }

  /** The live decode never finished (its process died): decode here, then deliver. */
  private async decode(row: OutboxRow): Promise<void> {
    const b = row.body as { appID: number; devEUI: string; createtime: number; fCnt: number; fPort: number };
    const [app] = rowsOf(
      await this.db.execute(
        sql`SELECT updated_at, coalesce(decoder->>'type', 'none') AS type FROM applications WHERE id = ${b.appID}`,
      ),
    );
    const decoded: Decoded =
      app && app.type !== 'none'
        ? await this.decoders.decode(
            { appID: b.appID, version: Number(app.updated_at) },
            {
              bytes: [...Buffer.from(String(row.body.payload ?? ''), 'hex')],
              fPort: b.fPort,
              fCnt: b.fCnt,
              devEUI: b.devEUI,
              recvTime: new Date(b.createtime).toISOString(),
            },
          )
        : {};
    await completeDecode(this.db, { msgID: row.messageId, devEUI: b.devEUI, createtime: b.createtime }, decoded);
    Object.assign(row.body, decoded);
    row.decode = false;
  }

  private abandon(
    row: OutboxRow,
    reason: 'expired' | 'failed' | 'blocked' | 'no_broker',
    detail: string,
  ): Promise<void> {
    this.metrics.outboxAbandoned.inc({ kind: row.kind, reason });
    if (row.kind === 'http') this.metrics.pushDropped.inc({ reason: reason === 'no_broker' ? 'failed' : reason });
    if (reason !== 'no_broker')
      this.log.warn(
        { target: row.target, messageId: row.messageId, attempts: row.attempts + 1, error: detail },
        `delivery to ${row.target} abandoned (${reason}): ${detail}`,
      );
    return this.settle(row.id);
  }

  /** Delivered rows are deleted in batches (one statement per burst, not per message). */
  private settle(id: number): Promise<void> {
    this.settled.push(id);
    this.settling ??= new Promise<void>((r) => setImmediate(r)).then(() => this.flushSettled());
    return this.settling;
  }

  private async flushSettled(): Promise<void> {
    this.settling = undefined;
    const ids = this.settled.splice(0);
    await removeRows(this.db, ids).catch((err) => this.log.warn({ err }, 'outbox cleanup failed'));
  }
}
