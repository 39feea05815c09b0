import { spawn } from 'node:child_process';

/** What a command printed is kept up to this many characters per stream, its end (where errors are). */
export const OUTPUT_LIMIT = 8 * 1024;

export interface ShellResult {
  code: number | null;
  signal: string | null;
  stdout: string;
  stderr: string;
  truncated: boolean;
  timedOut: boolean;
}

/**
 * Runs `command` with /bin/sh in its own process group, so that a timeout ends it and whatever
 * it started. `env` is added to the agent's environment.
 */
export function runShell(command: string, timeoutMs: number, env: Record<string, string> = {}): Promise<ShellResult> {
  return new Promise((resolve) => {
    const child = spawn('/bin/sh', ['-c', command], {
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...env },
    });
    const out = { stdout: '', stderr: '' };
    let truncated = false;
    let timedOut = false;
    const keep = (stream: 'stdout' | 'stderr') => (chunk: Buffer) => {
      const text = out[stream] + chunk.toString('utf8');
      if (text.length > OUTPUT_LIMIT) truncated = true;
      out[stream] = text.slice(-OUTPUT_LIMIT);
    };
    child.stdout.on('data', keep('stdout'));
    child.stderr.on('data', keep('stderr'));
    const timer = setTimeout(() => {
      timedOut = true;
      try {
        if (child.pid) process.kill(-child.pid, 'SIGKILL');
      } catch {}
    }, timeoutMs);
    const finish = (code: number | null, signal: string | null) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout: out.stdout.trimEnd(), stderr: out.stderr.trimEnd(), truncated, timedOut });
    };
    child.on('error', (err) => {
      out.stderr += err.message;
      finish(null, null);
    });
    child.on('close', finish);
  });
}
