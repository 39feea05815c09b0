/**
 * The check of a new agent program. The agent that installs it leaves `<program>.check` beside it;
 * the program, as it starts, counts its start there and must connect to the broker within the
 * check time, which removes the file. A start that finds the file already counted (the earlier
 * start ended without connecting: it crashed, or its file was refused) or a start that does not
 * connect in time puts `<program>.previous` back and exits, so the service manager starts the
 * previous program. Beside the program rather than in the state dir: the start needs no
 * configuration file, which a new program may be the one to refuse.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { Log } from '../log';
import { previousOf, restorePrevious } from './program-swap';
import { writeInstalled } from './state';

export interface AgentCheckFile {
  /** The version installed. */
  version: string;
  /** What `upgrade:agent` said before (null: nothing), put back with the program. */
  previous: string | null;
  stateFile: string;
  checkS: number;
  /** Starts of the new program so far. */
  starts: number;
}

export const checkFileOf = (program: string) => `${program}.check`;

export function writeAgentCheck(program: string, c: AgentCheckFile): void {
  writeFileSync(checkFileOf(program), `${JSON.stringify(c)}\n`);
}

export function readAgentCheck(program: string): AgentCheckFile | null {
  try {
    const c = JSON.parse(readFileSync(checkFileOf(program), 'utf8')) as AgentCheckFile;
    return typeof c.version === 'string' && typeof c.checkS === 'number' ? c : null;
  } catch {
    return null;
  }
}

export interface AgentCheck {
  /** The broker accepted the agent: the new program works. */
  connected(): void;
}

export interface AgentCheckDeps {
  log: Pick<Log, 'info' | 'error'>;
  /** Ends the process after a rollback (the service manager starts it again). */
  exit(code: number): void;
}

const NOTHING: AgentCheck = { connected: () => {} };

/** Run first thing as the agent's process starts, with the path of its own program. */
export function startAgentCheck(program: string, d: AgentCheckDeps): AgentCheck {
  const c = readAgentCheck(program);
  if (!c) {
    rmSync(checkFileOf(program), { force: true });
    return NOTHING;
  }
  let timer: NodeJS.Timeout | undefined;
  let done = false;
  const rollBack = (why: string) => {
    done = true;
    clearTimeout(timer);
    rmSync(checkFileOf(program), { force: true });
    if (!restorePrevious(program)) {
      d.log.error(`agent ${c.version} ${why}, and there is no ${previousOf(program)} to put back`);
      return;
    }
    try {
      writeInstalled(c.stateFile, 'agent', c.previous);
    } catch (err) {
      d.log.error(`cannot write ${c.stateFile}: ${(err as Error).message}`);
    }
    d.log.error(`agent ${c.version} ${why}: the previous program is back, exiting so that it is started`);
    d.exit(1);
  };
  if (c.starts > 0) {
    rollBack('ended before it connected');
    return NOTHING;
  }
  writeAgentCheck(program, { ...c, starts: c.starts + 1 });
  timer = setTimeout(() => rollBack(`did not connect within ${c.checkS} s`), c.checkS * 1000);
  return {
    connected: () => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      rmSync(checkFileOf(program), { force: true });
      d.log.info(`agent ${c.version} connected: its upgrade is confirmed`);
    },
  };
}
