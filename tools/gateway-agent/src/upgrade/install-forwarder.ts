/**
 * packetForwarder upgrades: the program replaced, the forwarder restarted and checked; one that
 * does not run is replaced by the previous program again, restarted, and the upgrade fails.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { runShell } from '../shell';
import { installFailed, type SayPhase, whyFailed, withStderr } from './outcome';
import { replaceProgram, restorePrevious } from './program-swap';

export interface ForwarderInstall {
  path: string;
  file: string;
  /** The file's restartPacketForwarder command. */
  restart: string;
  /** Exits 0 while the forwarder runs. */
  check: string;
  checkS: number;
  say: SayPhase;
}

/** Passes in a row that count as running: a forwarder that crashes at once and is respawned may pass one. */
export const CHECK_PASSES = 3;
/** A restart of the previous program gets this long whatever time is left (ms). */
const ROLLBACK_RESTART_MS = 60_000;

export async function installForwarder(o: ForwarderInstall): Promise<void> {
  o.say('replacing the packet forwarder');
  replaceProgram(o.path, o.file);
  o.say('restarting the packet forwarder');
  const restartMs = o.checkS * 1000 + ROLLBACK_RESTART_MS;
  const res = await runShell(o.restart, restartMs);
  let problem = res.code === 0 ? null : withStderr(`restart ${whyFailed(res, restartMs)}`, res);
  if (!problem) {
    o.say(`checking the packet forwarder (${o.check})`);
    problem = await runningWithin(o.check, o.checkS);
  }
  if (!problem) return;

  o.say(`rolling back: ${problem}`);
  if (!restorePrevious(o.path)) {
    throw installFailed(`the new packet forwarder does not run (${problem}), and there is no previous one`, problem);
  }
  const again = await runShell(o.restart, ROLLBACK_RESTART_MS);
  const after =
    again.code === 0
      ? 'the previous one is back and restarted'
      : withStderr(`the previous one is back, its restart ${whyFailed(again, ROLLBACK_RESTART_MS)}`, again);
  throw installFailed(`the new packet forwarder does not run (${problem}); ${after}`, `rolled back: ${problem}`);
}

/** Null once `check` passed CHECK_PASSES times in a row within `checkS`, else why not. */
export async function runningWithin(check: string, checkS: number): Promise<string | null> {
  const until = Date.now() + checkS * 1000;
  // At most every second; a short check time (tests) checks more often.
  const everyMs = Math.min(1000, (checkS * 1000) / 10);
  let passes = 0;
  let last = '';
  for (;;) {
    const res = await runShell(check, Math.max(1000, until - Date.now()));
    if (res.code === 0) passes += 1;
    else {
      passes = 0;
      last = withStderr(whyFailed(res, checkS * 1000), res);
    }
    if (passes >= CHECK_PASSES) return null;
    if (Date.now() + everyMs > until) {
      return last ? `${check}: ${last} within ${checkS} s` : `${check} passed only ${passes} times within ${checkS} s`;
    }
    await sleep(everyMs);
  }
}
