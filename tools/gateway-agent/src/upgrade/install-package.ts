/** deb and opkg upgrades: the file's install command with the package's path for `{file}`. */
import { runShell } from '../shell';
import { installFailed, type SayPhase, shellQuote, whyFailed, withStderr } from './outcome';
import { FILE_PLACEHOLDER } from './settings';

export const withFile = (command: string, file: string) => command.replaceAll(FILE_PLACEHOLDER, shellQuote(file));

/** Runs the command; exit 0 is installed, anything else an install failure with the end of stderr. */
export async function installPackage(command: string, file: string, timeoutMs: number, say: SayPhase): Promise<void> {
  const line = withFile(command, file);
  say(line);
  const res = await runShell(line, timeoutMs);
  if (res.code === 0) return;
  const why = whyFailed(res, timeoutMs);
  throw installFailed(withStderr(`${line}: ${why}`, res), `${line}: ${withStderr(why, res)}`);
}
