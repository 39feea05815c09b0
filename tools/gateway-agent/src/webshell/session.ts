/**
 * One web shell session: a login shell in a pseudo-terminal, its output batched to the server,
 * keystrokes and resizes from it, and exactly one `closed` when it ends.
 */
import type { ShellOut } from '@lns/contract/gateway-agent';
import type { IPty } from '@lydell/node-pty';
import { formatSeconds } from '../handler';
import { OutputBatcher } from './output';

/** What a session sends; the manager adds `v` and `session`. */
export type SessionMessage =
  | { type: 'opened' }
  | { type: 'output'; seq: number; data: string }
  | Omit<Extract<ShellOut, { type: 'closed' }>, 'v' | 'session'>;

export interface SessionOptions {
  idleMs: number;
  send(m: SessionMessage): Promise<unknown>;
  /** Called once, when the session is over (closed by either side). */
  onEnd(): void;
}

/** Output sent but not yet acknowledged by the broker past which the shell is paused. */
const PAUSE_BYTES = 256 * 1024;
const RESUME_BYTES = 64 * 1024;
/** A shell that ignores SIGHUP is killed after this long. */
const KILL_AFTER_MS = 3000;

export class ShellSession {
  private seq = 0;
  private ended = false;
  private exited = false;
  private idle: NodeJS.Timeout | undefined;
  private inFlight = 0;
  private paused = false;
  private readonly batcher: OutputBatcher;

  constructor(
    readonly id: string,
    private readonly pty: IPty,
    private readonly o: SessionOptions,
  ) {
    this.batcher = new OutputBatcher((data) => this.sendOutput(data));
    pty.onData((d) => {
      if (!this.ended) this.batcher.push(d);
    });
    pty.onExit(({ exitCode, signal }) => {
      this.exited = true;
      if (this.ended) return;
      // The library reports the exit once the terminal is drained: all output is in the batcher.
      this.batcher.flush();
      this.end({
        type: 'closed',
        reason: 'exited',
        code: signal ? null : exitCode,
        ...(signal ? { detail: `ended by signal ${signal}` } : {}),
      });
    });
    void o.send({ type: 'opened' });
    this.touch();
  }

  input(data: string): void {
    if (this.ended) return;
    this.touch();
    this.pty.write(data);
  }

  resize(cols: number, rows: number): void {
    if (!this.ended) this.pty.resize(cols, rows);
  }

  /** Ends the session from this side: `closed` now, SIGHUP to the shell (SIGKILL if it stays). */
  close(reason: 'closed' | 'idle', detail: string): void {
    if (this.ended) return;
    this.batcher.flush();
    this.end({ type: 'closed', reason, detail });
    this.pty.kill('SIGHUP');
    setTimeout(() => {
      if (!this.exited) this.pty.kill('SIGKILL');
    }, KILL_AFTER_MS).unref();
  }

  private touch(): void {
    clearTimeout(this.idle);
    this.idle = setTimeout(
      () => this.close('idle', `no input for ${formatSeconds(this.o.idleMs / 1000)}`),
      this.o.idleMs,
    );
  }

  private end(m: SessionMessage): void {
    this.ended = true;
    clearTimeout(this.idle);
    this.batcher.dispose();
    if (this.paused) this.pty.resume();
    void this.o.send(m);
    this.o.onEnd();
  }

  private sendOutput(data: string): void {
    const bytes = Buffer.byteLength(data);
    this.inFlight += bytes;
    if (!this.paused && this.inFlight > PAUSE_BYTES) {
      this.paused = true;
      this.pty.pause();
    }
    void this.o.send({ type: 'output', seq: this.seq++, data }).finally(() => {
      this.inFlight -= bytes;
      if (this.paused && this.inFlight < RESUME_BYTES && !this.ended) {
        this.paused = false;
        this.pty.resume();
      }
    });
  }
}
