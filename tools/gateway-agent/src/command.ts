import { formatSeconds, notNeeded, type RequestContext, RequestError } from './handler';
import { runShell } from './shell';

/** The exit code with which a command says there was nothing to do (answered notNeeded). */
export const EXIT_NOT_NEEDED = 100;

/**
 * A request answered by a shell command of the file: `done` on exit 0, notNeeded on exit 100,
 * else `error` with the exit code and the end of stderr; `result` is the output either way.
 */
export async function runCommand(ctx: RequestContext, command: string): Promise<unknown> {
  ctx.progress(0);
  const res = await runShell(command, ctx.timeoutMs, {
    LNS_CMD_TYPE: ctx.cmdType,
    LNS_C_TOKEN: ctx.cToken,
    LNS_EXTRA: JSON.stringify(ctx.extra),
  });
  const result = { code: res.code, stdout: res.stdout, stderr: res.stderr, truncated: res.truncated };
  if (res.code === 0) return result;
  if (res.code === EXIT_NOT_NEEDED)
    throw notNeeded(res.stderr.slice(-900) || res.stdout.slice(-900) || 'not needed', result);
  const why = res.timedOut
    ? `timed out after ${formatSeconds(ctx.timeoutMs / 1000)}`
    : res.code === null
      ? `ended by ${res.signal ?? 'an error'}`
      : `exit code ${res.code}`;
  throw new RequestError(res.stderr ? `${why}: ${res.stderr.slice(-900)}` : why, undefined, result);
}
