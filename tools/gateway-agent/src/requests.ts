/**
 * Requests of the agent protocol (docs/protocols/gateway-agent.md): each answered with optional
 * `progress` and exactly one `done` or `error`, within the time the server waits.
 */
import {
  AGENT_INTERNAL_REQUESTS,
  AGENT_PROTOCOL_VERSION,
  type AgentResponse,
  agentRequest,
  GATEWAY_COMMANDS,
} from '@lns/contract/gateway-agent';
import { runCommand } from './command';
import { formatSeconds, type Handler, type RequestContext, RequestError, unsupported } from './handler';
import type { Log } from './log';
import { CONCENTRATOR_GROUP } from './scan/handler';

export interface RequestDeps {
  handlers: Record<string, Handler>;
  /** Shell command per cmdType, for those without a handler. */
  commands: Record<string, string>;
  /** The file's commandTimeoutS. */
  timeoutS: number;
  respond(r: AgentResponse): Promise<void>;
  log: Log;
}

/** cTokens already answered: a QoS 1 message may come twice. */
const SEEN_LIMIT = 256;
/** How long a handler may take to stop after its time is up before `error` is sent without it. */
const ABORT_GRACE_MS = 2000;
const KNOWN = new Set<string>([...GATEWAY_COMMANDS, ...AGENT_INTERNAL_REQUESTS]);

/** The request's own limit: the file's, or a second less than the server waits so the answer arrives. */
export function limitSeconds(fileS: number, serverS?: number): number {
  if (serverS === undefined) return fileS;
  return Math.min(fileS, Math.max(serverS - 1, serverS / 2));
}

export class Requests {
  private readonly seen = new Set<string>();
  /** The cmdType running in each group. */
  private readonly groups = new Map<string, string>();

  constructor(private readonly d: RequestDeps) {}

  async handle(payload: Buffer): Promise<void> {
    let raw: unknown;
    try {
      raw = JSON.parse(payload.toString('utf8'));
    } catch {
      return this.d.log.warn('request: not JSON, ignored');
    }
    const r = agentRequest.safeParse(raw);
    if (!r.success) return this.d.log.warn('request: not a version 1 request, ignored');
    const { cToken, cmdType, extra, timeoutS } = r.data;
    if (this.seen.has(cToken)) return;
    this.seen.add(cToken);
    if (this.seen.size > SEEN_LIMIT) this.seen.delete(this.seen.values().next().value!);

    let finished = false;
    const answer = (a: Omit<AgentResponse, 'v' | 'cToken'>) => {
      if (finished) return Promise.resolve();
      if (a.state !== 'progress') finished = true;
      return this.d.respond({ v: AGENT_PROTOCOL_VERSION, cToken, ...a });
    };
    this.d.log.info(`request ${cmdType} (${cToken})`);

    const handler = this.handlerOf(cmdType);
    if (handler instanceof RequestError) return answer(errorAnswer(handler));
    const group = handler.group;
    if (group) {
      const other = this.groups.get(group);
      if (other) return answer({ state: 'error', error: `${other} is running`, reason: 'busy' });
      this.groups.set(group, cmdType);
    }

    const limitS = limitSeconds(handler.timeoutS ?? this.d.timeoutS, timeoutS);
    const ac = new AbortController();
    let grace: NodeJS.Timeout | undefined;
    const deadline = setTimeout(() => ac.abort(), limitS * 1000);
    const late = new Promise<never>((_, reject) => {
      ac.signal.addEventListener('abort', () => {
        grace = setTimeout(() => reject(new RequestError(`timed out after ${formatSeconds(limitS)}`)), ABORT_GRACE_MS);
      });
    });
    let lastProgress = -1;
    const afterDone: (() => unknown)[] = [];
    const ctx: RequestContext = {
      cmdType,
      cToken,
      extra: extra ?? {},
      signal: ac.signal,
      timeoutMs: limitS * 1000,
      progress: (pct, result) => {
        const p = Math.max(0, Math.min(100, Math.round(pct)));
        if (p === lastProgress && result === undefined) return;
        lastProgress = p;
        void answer({ state: 'progress', progress: p, ...(result !== undefined ? { result } : {}) });
      },
      afterDone: (fn) => afterDone.push(fn),
    };
    // The group is free once the handler is done, not when the answer goes (a timed-out scan still starts the forwarder).
    const running = Promise.resolve().then(() => handler.run(ctx));
    const release = () => {
      if (group && this.groups.get(group) === cmdType) this.groups.delete(group);
    };
    void running.then(release, release);
    try {
      const result = await Promise.race([running, late]);
      await answer({ state: 'done', result });
      for (const fn of afterDone) {
        await Promise.resolve()
          .then(fn)
          .catch((err) => this.d.log.error(`request ${cmdType} (${cToken}) after done: ${(err as Error).message}`));
      }
    } catch (err) {
      const e = err instanceof RequestError ? err : new RequestError((err as Error).message);
      this.d.log.warn(`request ${cmdType} (${cToken}): ${e.message}`);
      await answer(errorAnswer(e));
    } finally {
      clearTimeout(deadline);
      clearTimeout(grace);
    }
  }

  private handlerOf(cmdType: string): Handler | RequestError {
    const h = this.d.handlers[cmdType];
    if (h) return h;
    const command = this.d.commands[cmdType];
    if (command) return { run: (ctx) => runCommand(ctx, command), group: COMMAND_GROUPS[cmdType] };
    if (KNOWN.has(cmdType)) return unsupported('not configured on this gateway');
    return unsupported('unknown command');
  }
}

/** Shell commands that must not run while a request of the group does (a scan holds the concentrator). */
const COMMAND_GROUPS: Record<string, string> = { restartPacketForwarder: CONCENTRATOR_GROUP };

function errorAnswer(e: RequestError): Omit<AgentResponse, 'v' | 'cToken'> {
  return {
    state: 'error',
    error: e.message.slice(0, 1024),
    ...(e.reason ? { reason: e.reason } : {}),
    ...(e.result !== undefined ? { result: e.result } : {}),
  };
}
