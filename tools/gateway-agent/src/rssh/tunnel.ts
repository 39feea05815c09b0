/**
 * The reverse SSH tunnel (startRssh): `ssh -N -R <remotePort>:localhost:<localPort>` to a host the
 * console names, so that someone there reaches this gateway's SSH. Kept running: ssh exits when
 * the link drops (ServerAliveInterval) or the remote port is taken (ExitOnForwardFailure), and is
 * started again after a back-off.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import type { Log } from '../log';

export interface TunnelTarget {
  host: string;
  port: number;
  user: string;
  remotePort: number;
}

export interface TunnelState {
  running: boolean;
  host: string | null;
  port: number | null;
  user: string | null;
  remotePort: number | null;
  /** When the running ssh started (ms), null while none runs. */
  since: number | null;
  /** ssh runs were started again after they ended. */
  restarts: number;
  /** The last line ssh wrote to stderr before it ended. */
  lastError: string | null;
}

export interface TunnelOptions {
  /** The ssh program (a path, or a name found on PATH). */
  command: string;
  keyFile: string;
  localPort: number;
  log: Log;
  /** Back-off after an exit: from `min` doubling to `max` (ms); reset when a run lasted `max`. */
  backoffMs?: { min: number; max: number };
}

const BACKOFF = { min: 1000, max: 60_000 };

export const sameTarget = (a: TunnelTarget, b: TunnelTarget) =>
  a.host === b.host && a.port === b.port && a.user === b.user && a.remotePort === b.remotePort;

export class ReverseTunnel {
  private target: TunnelTarget | null = null;
  private child: ChildProcess | null = null;
  private since: number | null = null;
  private retry: NodeJS.Timeout | undefined;
  private backoff: number;
  private restarts = 0;
  private lastError: string | null = null;

  constructor(private readonly o: TunnelOptions) {
    this.backoff = this.limits.min;
  }

  private get limits() {
    return this.o.backoffMs ?? BACKOFF;
  }

  get current(): TunnelTarget | null {
    return this.target;
  }

  state(): TunnelState {
    const t = this.target;
    return {
      running: this.since !== null,
      host: t?.host ?? null,
      port: t?.port ?? null,
      user: t?.user ?? null,
      remotePort: t?.remotePort ?? null,
      since: this.since,
      restarts: this.restarts,
      lastError: this.lastError,
    };
  }

  /** The ssh arguments for a target: no prompt ever (BatchMode), a new host key accepted once. */
  args(t: TunnelTarget): string[] {
    return [
      '-N',
      '-R',
      `${t.remotePort}:localhost:${this.o.localPort}`,
      '-p',
      String(t.port),
      '-i',
      this.o.keyFile,
      '-o',
      'ServerAliveInterval=30',
      '-o',
      'ExitOnForwardFailure=yes',
      '-o',
      'StrictHostKeyChecking=accept-new',
      '-o',
      'BatchMode=yes',
      `${t.user}@${t.host}`,
    ];
  }

  /** Starts the tunnel (another one running is stopped first); resolves once ssh runs. */
  async start(t: TunnelTarget): Promise<void> {
    this.stop();
    this.target = t;
    this.restarts = 0;
    this.lastError = null;
    this.backoff = this.limits.min;
    await this.spawn();
  }

  /** Ends the tunnel; false when there was none. */
  stop(): boolean {
    const had = this.target !== null;
    this.target = null;
    clearTimeout(this.retry);
    const c = this.child;
    this.child = null;
    this.since = null;
    if (c && c.exitCode === null && c.signalCode === null) c.kill('SIGTERM');
    if (had) this.o.log.info('rssh: tunnel stopped');
    return had;
  }

  private spawn(): Promise<void> {
    const t = this.target!;
    return new Promise((resolve, reject) => {
      const child = spawn(this.o.command, this.args(t), { stdio: ['ignore', 'ignore', 'pipe'] });
      this.child = child;
      let stderr = '';
      child.stderr!.on('data', (chunk: Buffer) => {
        stderr = (stderr + chunk.toString('utf8')).slice(-2048);
      });
      child.once('spawn', () => {
        this.since = Date.now();
        this.o.log.info(`rssh: tunnel to ${t.user}@${t.host}:${t.port}, remote port ${t.remotePort}`);
        resolve();
      });
      child.once('error', (err) => {
        if (this.child !== child) return;
        // The program cannot be started at all: no point in trying again.
        this.child = null;
        this.target = null;
        this.since = null;
        reject(new Error(`cannot run ${this.o.command}: ${(err as NodeJS.ErrnoException).code ?? err.message}`));
      });
      child.once('exit', (code, signal) => {
        if (this.child !== child) return;
        const ranMs = this.since === null ? 0 : Date.now() - this.since;
        this.child = null;
        this.since = null;
        this.lastError = stderr.trim().split('\n').pop() || `exit ${code ?? signal}`;
        if (ranMs >= this.limits.max) this.backoff = this.limits.min;
        const wait = this.backoff;
        this.backoff = Math.min(this.backoff * 2, this.limits.max);
        this.o.log.warn(`rssh: ssh ended (${this.lastError}), again in ${(wait / 1000).toFixed(1)} s`);
        this.retry = setTimeout(() => {
          if (this.target !== t) return;
          this.restarts++;
          this.spawn().catch((err) => this.o.log.error(`rssh: ${(err as Error).message}`));
        }, wait);
      });
    });
  }
}
