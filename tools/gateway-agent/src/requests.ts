/**
 * Requests of the agent protocol: each answered with `progress` when it starts and exactly one
 * `done` or `error` (docs/protocols/gateway-agent.md).
 */
import {
  AGENT_PROTOCOL_VERSION,
  type AgentResponse,
  agentRequest,
  GATEWAY_COMMANDS,
} from '@lns/contract/gateway-agent';
import type { Log } from './log';
import { runShell } from './shell';

export interface RequestDeps {
  commands: Record<string, string>;
  timeoutS: number;
  sendReport(): Promise<void>;
  respond(r: AgentResponse): Promise<void>;
  log: Log;
}

/** Commands answered by the agent itself, never by a shell command. */
const BUILT_IN = new Set(['syncSystemInfo', 'syncNetworkInfo']);
/** cTokens already answered: a QoS 1 message may come twice. */
const SEEN_LIMIT = 256;

export class Requests {
  private readonly seen = new Set<string>();

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
    const { cToken, cmdType, extra } = r.data;
    if (this.seen.has(cToken)) return;
    this.seen.add(cToken);
    if (this.seen.size > SEEN_LIMIT) this.seen.delete(this.seen.values().next().value!);

    const answer = (a: Omit<AgentResponse, 'v' | 'cToken'>) =>
      this.d.respond({ v: AGENT_PROTOCOL_VERSION, cToken, ...a });
    this.d.log.info(`request ${cmdType} (${cToken})`);

    if (BUILT_IN.has(cmdType)) {
      try {
        await this.d.sendReport();
      } catch (err) {
        return answer({ state: 'error', error: `report failed: ${(err as Error).message}`.slice(0, 1024) });
      }
      return answer({ state: 'done', result: { reported: true } });
    }
    const command = this.d.commands[cmdType];
    if (!command) {
      const known = (GATEWAY_COMMANDS as readonly string[]).includes(cmdType);
      return answer({ state: 'error', error: known ? 'not configured on this gateway' : 'unknown command' });
    }
    await answer({ state: 'progress', progress: 0 });
    const res = await runShell(command, this.d.timeoutS * 1000, {
      LNS_CMD_TYPE: cmdType,
      LNS_C_TOKEN: cToken,
      LNS_EXTRA: JSON.stringify(extra ?? {}),
    });
    const result = { code: res.code, stdout: res.stdout, stderr: res.stderr, truncated: res.truncated };
    if (res.code === 0) return answer({ state: 'done', result });
    const why = res.timedOut
      ? `timed out after ${this.d.timeoutS} s`
      : res.code === null
        ? `ended by ${res.signal ?? 'an error'}`
        : `exit code ${res.code}`;
    this.d.log.warn(`request ${cmdType} (${cToken}): ${why}`);
    const error = res.stderr ? `${why}: ${res.stderr.slice(-900)}` : why;
    return answer({ state: 'error', error, result });
  }
}
