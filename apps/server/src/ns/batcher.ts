import type { Uplink } from './dedup';
import type { Stage } from './stage';
import { processBatch } from './uplink';

/**
 * Group commit for uplinks: an uplink whose de-dup window closed waits only while earlier
 * batches hold the database, then goes with everything that arrived meanwhile. At low load a
 * batch is one uplink (no added latency); under load the statements per uplink fall.
 */
export class UplinkBatcher {
  private queue: Uplink[] = [];
  private running = 0;
  private scheduled = false;
  /** Devices whose uplink is being accepted (their next frames wait a batch). */
  private readonly busy = new Set<string>();

  constructor(
    private readonly dp: Stage,
    private readonly concurrency: number,
    private readonly maxBatch = 500,
  ) {}

  get pending(): number {
    return this.queue.length + this.running;
  }

  /** Resolves when no batch is queued or running, or after `maxWaitMs`. */
  async idle(maxWaitMs: number): Promise<void> {
    const until = Date.now() + maxWaitMs;
    while (this.pending > 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 2));
  }

  /** The uplink waits for its batch (a copy added to it now is processed with it). */
  waiting(u: Uplink): boolean {
    return this.queue.includes(u);
  }

  push(u: Uplink): void {
    this.queue.push(u);
    this.kick();
  }

  private kick(): void {
    if (this.scheduled || this.running >= this.concurrency || this.queue.length === 0) return;
    this.scheduled = true;
    // Let the datagrams already read in this turn of the event loop join the batch.
    setImmediate(() => {
      this.scheduled = false;
      this.runNext();
    });
  }

  private runNext(): void {
    if (this.running >= this.concurrency || this.queue.length === 0) return;
    const batch = this.queue.splice(0, this.maxBatch);
    this.running++;
    processBatch(this.dp, batch, this.busy)
      .then((deferred) => {
        if (deferred.length) this.queue.unshift(...deferred);
      })
      .catch((err) => {
        this.dp.metrics.uplinks.inc({ result: 'error' }, batch.length);
        this.dp.log.error({ err }, 'uplink batch failed');
      })
      .finally(() => {
        this.running--;
        this.kick();
        this.runNext();
      });
  }
}
