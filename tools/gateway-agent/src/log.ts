import { appendFileSync, mkdirSync, renameSync, statSync } from 'node:fs';
import { join } from 'node:path';

export const LOG_NAME = 'gateway-agent.log';
/** Past this size the file is moved to `.1` (one old file kept): a gateway's flash is small. */
const ROTATE_BYTES = 1024 * 1024;

export type Level = 'info' | 'warn' | 'error';
/** Where a program that runs the agent in-process (the simulator) takes its lines. */
export type LogSink = (level: Level, msg: string) => void;

/**
 * Log lines to stderr (journald keeps them under systemd) and, while the console's
 * "bridge log to file" is on, to `<logDir>/gateway-agent.log`.
 */
export class Log {
  private file: string | null = null;

  constructor(
    private readonly dir: string,
    private readonly echo = true,
    private readonly sink?: LogSink,
  ) {}

  get toFile(): boolean {
    return this.file !== null;
  }

  setFile(on: boolean): void {
    if (on === this.toFile) return;
    if (!on) {
      this.info('log file off');
      this.file = null;
      return;
    }
    try {
      mkdirSync(this.dir, { recursive: true });
      this.file = join(this.dir, LOG_NAME);
      this.info('log file on');
    } catch (err) {
      this.error(`cannot write the log file in ${this.dir}: ${(err as Error).message}`);
    }
  }

  /** The report's logName and logSize (KB) while the file is on. */
  fileInfo(): { logName: string; logSize: number } | undefined {
    if (!this.file) return undefined;
    let size = 0;
    try {
      size = statSync(this.file).size;
    } catch {}
    return { logName: LOG_NAME, logSize: Math.round((size / 1024) * 10) / 10 };
  }

  info = (msg: string) => this.write('info', msg);
  warn = (msg: string) => this.write('warn', msg);
  error = (msg: string) => this.write('error', msg);

  private write(level: Level, msg: string): void {
    const line = `${new Date().toISOString()} ${level} ${msg}\n`;
    if (this.echo) process.stderr.write(line);
    this.sink?.(level, msg);
    if (!this.file) return;
    try {
      if ((statSync(this.file, { throwIfNoEntry: false })?.size ?? 0) > ROTATE_BYTES) {
        renameSync(this.file, `${this.file}.1`);
      }
      appendFileSync(this.file, line);
    } catch {
      // A full or read-only disk must not stop the bridge; stderr still has the line.
    }
  }
}
