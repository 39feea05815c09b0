/**
 * A look that runs every `everyMs` and when woken, never two at once: a wake during a look runs
 * one more right after it, so a change made meanwhile is not missed (the task runners).
 */
export class WakeLoop {
  private timer?: NodeJS.Timeout;
  private ticking?: Promise<void>;
  /** Wakes work before start() too (tests look without the timer); only stop() ends them. */
  private stopped = false;
  private again = false;

  constructor(
    private readonly everyMs: number,
    private readonly look: () => Promise<void>,
    private readonly onError: (err: unknown) => void,
  ) {}

  start(): void {
    this.stopped = false;
    this.timer = setInterval(() => this.wake(), this.everyMs);
    this.wake();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.ticking;
  }

  wake(): void {
    if (this.stopped) return;
    if (this.ticking) {
      this.again = true;
      return;
    }
    this.ticking = this.look()
      .catch(this.onError)
      .finally(() => {
        this.ticking = undefined;
        if (this.again) {
          this.again = false;
          this.wake();
        }
      });
  }

  /** Resolves after a full look that began after the call (tests await it instead of sleeping). */
  async settled(): Promise<void> {
    // A look already under way (and any it chains) may have read the state before the call.
    while (this.ticking) await this.ticking;
    this.wake();
    while (this.ticking) await this.ticking;
  }
}
