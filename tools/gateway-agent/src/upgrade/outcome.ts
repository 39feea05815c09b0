/** How an upgrade says where it is and how it failed: `result: { installStatus, phase }`. */
import { INSTALL_STATUS } from '@lns/contract/upgrades';
import { RequestError } from '../handler';
import type { ShellResult } from '../shell';

/** The contract's limit of `phase`. */
const PHASE_MAX = 200;

export const clipPhase = (phase: string) => (phase.length > PHASE_MAX ? `${phase.slice(0, PHASE_MAX - 1)}…` : phase);

/** An `error` answer with installStatus 10 (install failed) and where it failed. */
export const installFailed = (message: string, phase: string) =>
  new RequestError(message, undefined, { installStatus: INSTALL_STATUS.installFail, phase: clipPhase(phase) });

/** Sends a progress answer in the install phase (installStatus 3). */
export type SayPhase = (phase: string) => void;

/** A path as one word of /bin/sh. */
export const shellQuote = (s: string) => `'${s.replaceAll("'", `'\\''`)}'`;

/** Why a command did not succeed, in a few words (exit code, signal, timeout). */
export function whyFailed(res: ShellResult, timeoutMs: number): string {
  if (res.timedOut) return `timed out after ${Math.round(timeoutMs / 1000)} s`;
  if (res.code === null) return `ended by ${res.signal ?? 'an error'}`;
  return `exit code ${res.code}`;
}

/** `why` and the end of stderr (where a tool says what went wrong). */
export const withStderr = (why: string, res: ShellResult) => (res.stderr ? `${why}: ${res.stderr.slice(-600)}` : why);
