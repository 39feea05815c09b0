/**
 * agent upgrades: the new program must run (`<node> <file> --version` prints a version) before it
 * replaces the configured one; the old one is kept as `.previous` and the check file left for the
 * new one's first start (agent-check.ts).
 */
import { runShell } from '../shell';
import { readAgentCheck, writeAgentCheck } from './agent-check';
import { installFailed, type SayPhase, shellQuote, whyFailed, withStderr } from './outcome';
import { replaceProgram } from './program-swap';

export interface AgentInstall {
  path: string;
  file: string;
  version: string;
  /** `upgrade:agent` before this upgrade. */
  previous: string | null;
  stateFile: string;
  checkS: number;
  say: SayPhase;
}

/** The agent's `--version` prints its version alone on a line (1.0.0, 2.1.0-rc.1, v3.2). */
const VERSION_LINE = /^v?\d+(\.\d+)+[-+.\w]*$/m;
const SELF_TEST_MS = 30_000;

/** The version the program prints, or an install failure when it does not run. */
export async function selfTest(file: string, say: SayPhase): Promise<string> {
  const line = `${shellQuote(process.execPath)} ${shellQuote(file)} --version`;
  say(`${process.execPath} ${file} --version`);
  const res = await runShell(line, SELF_TEST_MS);
  const version = VERSION_LINE.exec(res.stdout)?.[0];
  if (res.code === 0 && version) return version;
  const why = res.code === 0 ? 'printed no version' : withStderr(whyFailed(res, SELF_TEST_MS), res);
  throw installFailed(`the new agent does not run: --version ${why}`, `self-test: ${why}`);
}

export async function installAgent(o: AgentInstall): Promise<string> {
  const printed = await selfTest(o.file, o.say);
  o.say(`replacing the agent program (${printed})`);
  // An upgrade whose program has not started yet: this process runs `.previous`, the one to go back to.
  const pending = readAgentCheck(o.path);
  replaceProgram(o.path, o.file, pending !== null);
  writeAgentCheck(o.path, {
    version: o.version,
    previous: pending ? pending.previous : o.previous,
    stateFile: o.stateFile,
    checkS: o.checkS,
    starts: 0,
  });
  return printed;
}
