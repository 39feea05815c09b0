/**
 * What a request handler gets and how it ends a request: its result for `done`, or a
 * RequestError for `error` (with the reason the server takes it by).
 */
import type { AgentResponse } from '@lns/contract/gateway-agent';
import type { z } from 'zod';

export interface RequestContext {
  cmdType: string;
  cToken: string;
  extra: Record<string, unknown>;
  /** Aborted when the time is up: the handler stops what it started. */
  signal: AbortSignal;
  timeoutMs: number;
  /** Sends a `progress` answer (0–100), with `result` when given (an upgrade's install status and phase). */
  progress(pct: number, result?: unknown): void;
  /** Runs `fn` once the `done` answer is published (a reboot after an upgrade must not swallow it). */
  afterDone(fn: () => unknown): void;
}

/** A request the agent answers itself: resolves with `done`'s result, throws for `error`. */
export interface Handler {
  run(ctx: RequestContext): Promise<unknown>;
  /** Requests of the same group exclude each other (the second is answered busy). */
  group?: string;
  /** The file's limit for this handler instead of commandTimeoutS (an upgrade's download takes minutes). */
  timeoutS?: number;
}

export type Reason = NonNullable<AgentResponse['reason']>;

export class RequestError extends Error {
  constructor(
    message: string,
    readonly reason?: Reason,
    readonly result?: unknown,
  ) {
    super(message);
  }
}

export const notNeeded = (message: string, result?: unknown) => new RequestError(message, 'notNeeded', result);
export const unsupported = (message: string) => new RequestError(message, 'unsupported');

/** Validates `extra` with `schema`; a bad field is an `error` naming it. */
export function parseExtra<T extends z.ZodType>(schema: T, extra: Record<string, unknown>): z.output<T> {
  const r = schema.safeParse(extra);
  if (r.success) return r.data;
  const issue = r.error.issues[0]!;
  throw new RequestError(`extra.${issue.path.join('.') || '?'}: ${issue.message}`);
}

export const formatSeconds = (s: number) => `${Math.round(s * 10) / 10} s`;
