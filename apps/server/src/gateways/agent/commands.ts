import { C } from '@lns/contract/codes';
import type { AgentResponse } from '@lns/contract/gateway-agent';
import type { CommandRecord, CommandState, RecordKind } from '@lns/contract/gateway-commands';
import type { Db } from '../../db/client';
import { uniqueViolation } from '../../db/errors';
import { DomainError } from '../../errors';
import { gatewayByGwId } from '../repository';
import { type AgentChannel, newToken } from './channel';
import { CommandRecords, recordOf } from './records';

export interface CommandRun {
  gatewayId: string;
  /** What the record calls it. */
  kind: RecordKind;
  /** What the agent is asked to run; the kind by default. */
  agentCmd?: string;
  extra?: Record<string, unknown>;
  /** The caller's correlation token (/api/gwcmd/create); a fresh one otherwise. */
  cToken?: string;
  userName: string;
  /** Keeps other exclusive commands off the gateway while it runs (12008). */
  exclusive: boolean;
  timeoutS: number;
  onProgress?: (r: AgentResponse) => void;
}

/** How a final answer is recorded, and the refusal it becomes for the caller (none for `done`). */
function outcomeOf(a: AgentResponse | 'unreachable' | 'timeout'): {
  state: CommandState;
  error?: string;
  refusal?: DomainError;
} {
  if (a === 'timeout')
    return { state: 'timeout', error: 'no answer in time', refusal: new DomainError(C.GATEWAY_TIMEOUT) };
  if (a === 'unreachable')
    return { state: 'error', error: 'gateway unreachable', refusal: new DomainError(C.GATEWAY_OFFLINE) };
  if (a.state === 'done') return { state: 'done' };
  const error = a.error ?? 'failed';
  if (a.reason === 'notNeeded')
    return { state: 'skipped', error, refusal: new DomainError(C.COMMAND_NOT_NEEDED, error) };
  if (a.reason === 'busy') return { state: 'error', error, refusal: new DomainError(C.GATEWAY_BUSY, error) };
  return { state: 'error', error, refusal: new DomainError(C.GATEWAY_ERROR, error) };
}

/**
 * Commands to gateway agents with their records (docs/product/gateway-operations.md). An offline
 * gateway is refused at once and nothing is recorded; every command sent has a row that ends
 * done, skipped, error or timeout, also when the instance waiting for it goes away (its deadline).
 */
export class GatewayCommands {
  readonly records: CommandRecords;

  constructor(
    private readonly db: Db,
    private readonly channel: AgentChannel,
  ) {
    this.records = new CommandRecords(db);
  }

  /** 5001 for an unknown gateway, 12003 when its agent cannot be reached now. */
  async reachable(gatewayId: string): Promise<void> {
    const gw = await gatewayByGwId(this.db, gatewayId);
    if (!gw) throw new DomainError(C.GATEWAY_MISSING, undefined, 'gatewayId');
    if (!gw.online || !this.channel.reachable(gatewayId)) {
      const why = gw.online ? 'the gateway has no agent connected over MQTT' : undefined;
      throw new DomainError(C.GATEWAY_OFFLINE, why);
    }
  }

  /** Checks the gateway and writes the running record (12008 busy, 12103 token used). */
  async begin(r: CommandRun) {
    await this.reachable(r.gatewayId);
    await this.records.expire(r.gatewayId);
    return this.records
      .insert({
        gatewayId: r.gatewayId,
        cmdType: r.kind,
        cToken: r.cToken ?? newToken(),
        extra: r.extra,
        exclusive: r.exclusive,
        userName: r.userName,
        deadline: Date.now() + r.timeoutS * 1000 + 5000,
      })
      .catch((err) => {
        const v = uniqueViolation(err);
        if (v?.constraint === 'gateway_commands_token_uq')
          throw new DomainError(C.COMMAND_TOKEN_USED, undefined, 'cToken');
        if (v) throw new DomainError(C.GATEWAY_BUSY, 'another command runs on the gateway');
        throw err;
      });
  }

  /** Sends the request of a begun command, waits for its end and records it; `refusal` is set unless it ran. */
  async complete(
    row: Awaited<ReturnType<GatewayCommands['begin']>>,
    r: CommandRun,
  ): Promise<{ record: CommandRecord; refusal?: DomainError }> {
    const answer = await this.channel.request(r.gatewayId, row.cToken, r.agentCmd ?? r.kind, {
      extra: r.extra,
      timeoutS: r.timeoutS,
      onProgress: r.onProgress,
    });
    const o = outcomeOf(answer);
    const result = typeof answer === 'object' ? answer.result : undefined;
    const done = await this.records.finish(row.id, o.state, { result, error: o.error });
    return { record: recordOf(done), refusal: o.refusal };
  }

  /** A request of the server's own pages (listLogs, readLog): not recorded, never exclusive; its result or its refusal thrown. */
  async ask(gatewayId: string, agentCmd: string, extra: Record<string, unknown>, timeoutS: number): Promise<unknown> {
    await this.reachable(gatewayId);
    const answer = await this.channel.request(gatewayId, newToken(), agentCmd, { extra, timeoutS });
    const { refusal } = outcomeOf(answer);
    if (refusal) throw refusal;
    return (answer as AgentResponse).result;
  }
}
