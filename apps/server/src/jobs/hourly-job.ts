import type { FastifyBaseLogger } from 'fastify';

const HOUR = 3_600_000;

/**
 * A clean-up pass run at start and then hourly. A call while a pass runs shares it; a failed
 * pass is logged and counts as 0, and the next hour tries again.
 */
export abstract class HourlyJob {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<number> | undefined;

  constructor(
    private readonly name: string,
    protected readonly log: FastifyBaseLogger,
  ) {}

  /** One pass; resolves to the number of rows it deleted. */
  protected abstract pass(now: number): Promise<number>;

  start(): void {
    void this.run();
    this.timer = setInterval(() => void this.run(), HOUR);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
  }

  run(now = Date.now()): Promise<number> {
    this.running ??= this.pass(now)
      .catch((err) => {
        this.log.warn({ err }, `${this.name} pass failed`);
        return 0;
      })
      .finally(() => {
        this.running = undefined;
      });
    return this.running;
  }
}
