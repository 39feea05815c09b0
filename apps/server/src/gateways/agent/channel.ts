import { randomBytes } from 'node:crypto';
import {
  AGENT_PROTOCOL_VERSION,
  type AgentResponse,
  agentResponse,
  type ShellIn,
  type ShellOut,
  shellOut,
} from '@lns/contract/gateway-agent';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { MqttGatewayLink } from '../../bridge/mqtt';
import { type BusTopics, type EventBus, topics } from '../../bus/bus';

/** A fresh correlation token or shell session id. */
export const newToken = () => randomBytes(12).toString('base64url');

/** Why a request got no final answer. */
export type NoAnswer = 'unreachable' | 'timeout';

export interface AgentRequestOptions {
  extra?: Record<string, unknown>;
  timeoutS: number;
  /** The agent's `progress` answers. */
  onProgress?: (r: AgentResponse) => void;
}

/**
 * The server's end of the agent protocol (docs/protocols/gateway-agent.md) over the MQTT gateway
 * link. Answers travel on the bus from whichever instance the broker handed them to, so a request
 * is answered on the instance that asked, also with several instances behind one broker.
 */
export class AgentChannel {
  constructor(
    private readonly link: Pick<MqttGatewayLink, 'onAgent' | 'sendAgent' | 'prefixOf'>,
    private readonly bus: EventBus<BusTopics>,
    private readonly log: FastifyBaseLogger,
  ) {
    link.onAgent((gwId, name, payload) => this.received(gwId, name, payload));
  }

  /** Whether the gateway's agent can be reached now (its MQTT link is up). */
  reachable(gwId: string): boolean {
    return this.link.prefixOf(gwId) !== undefined;
  }

  /** Sends a request and resolves with the agent's final answer (`done` or `error`), or why there is none. */
  async request(
    gwId: string,
    cToken: string,
    cmdType: string,
    o: AgentRequestOptions,
  ): Promise<AgentResponse | NoAnswer> {
    const topic = topics.agentResponse(gwId, cToken);
    let settle: (r: AgentResponse | NoAnswer) => void = () => {};
    const answered = new Promise<AgentResponse | NoAnswer>((resolve) => {
      settle = resolve;
    });
    const stop = this.bus.subscribe(topic, ({ gwId: from, response }) => {
      if (from !== gwId) return;
      if (response.state === 'progress') o.onProgress?.(response);
      else settle(response);
    });
    const timer = setTimeout(() => settle('timeout'), o.timeoutS * 1000);
    try {
      await this.bus.ready(topic);
      const sent = this.link.sendAgent(gwId, 'request', {
        v: AGENT_PROTOCOL_VERSION,
        cToken,
        cmdType,
        ...(o.extra && { extra: o.extra }),
        // The agent ends the command a little before the server stops waiting, so its answer arrives.
        timeoutS: Math.max(1, o.timeoutS - 2),
      });
      if (!sent) settle('unreachable');
      return await answered;
    } finally {
      clearTimeout(timer);
      stop();
    }
  }

  /** Web shell input for a session on the gateway; false when the gateway is unreachable. */
  shellIn(gwId: string, message: ShellIn): boolean {
    return this.link.sendAgent(gwId, 'shell-in', message);
  }

  /** Output of one web shell session, until the returned function is called. */
  onShellOut(
    gwId: string,
    session: string,
    handler: (m: ShellOut) => void,
  ): { ready: Promise<void>; stop: () => void } {
    const topic = topics.shellOut(session);
    const stop = this.bus.subscribe(topic, (e) => {
      if (e.gwId === gwId) handler(e.message);
    });
    return { ready: this.bus.ready(topic), stop };
  }

  private received(gwId: string, name: 'response' | 'shell-out', payload: Buffer): void {
    if (name === 'response') {
      const response = parse(agentResponse, payload);
      if (!response) {
        this.log.debug({ gwId }, 'agent response: malformed, dropped');
        return;
      }
      this.bus.publish(topics.agentResponse(gwId, response.cToken), { gwId, response });
    } else {
      const message = parse(shellOut, payload);
      if (!message) {
        this.log.debug({ gwId }, 'shell output: malformed, dropped');
        return;
      }
      this.bus.publish(topics.shellOut(message.session), { gwId, message });
    }
  }
}

function parse<S extends z.ZodType>(schema: S, payload: Buffer): z.output<S> | undefined {
  try {
    const r = schema.safeParse(JSON.parse(payload.toString('utf8')));
    return r.success ? r.data : undefined;
  } catch {
    return undefined;
  }
}
