import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AGENT_PROTOCOL_VERSION, type AgentResponse, agentResponse } from '@lns/contract/gateway-agent';
import { type Agent, type AgentOptions, startAgent } from '../src/agent';
import { type FileConfig, parseConfig } from '../src/config';
import { startBroker, type TestBroker } from './broker';
import { Subscriber } from './subscriber';

export interface Rig {
  broker: TestBroker;
  agent: Agent;
  sub: Subscriber;
  gw: string;
  prefix: string;
  logDir: string;
  topic(kind: string, name: string): string;
  /** Sends a request and waits for its `done` or `error`; `progress` holds the progress answers before it. */
  request(cmdType: string, extra?: Record<string, unknown>, o?: RequestOptions): Promise<Answer>;
  close(): Promise<void>;
}

export interface RequestOptions {
  timeoutS?: number;
  /** How long the test waits for the end (ms). */
  waitMs?: number;
}

export interface Answer {
  end: AgentResponse;
  progress: AgentResponse[];
}

const randomHex = (n: number) => [...Array(n)].map(() => Math.floor(Math.random() * 16).toString(16)).join('');

/**
 * A broker that wants the gateway's credentials, an agent connected to it (UDP on a free port,
 * a temporary log dir, a random prefix) and a subscriber on the gateway's topics, subscribed
 * before the agent starts so that nothing it publishes on connect is missed.
 */
export async function startRig(extra: Partial<FileConfig> = {}, opts: AgentOptions = {}): Promise<Rig> {
  const gw = randomHex(16);
  const prefix = `t${randomHex(6)}`;
  const broker = await startBroker({ [gw]: 'secret', watcher: 'w' });
  const sub = await Subscriber.open(broker.url.replace('//', '//watcher:w@'), `${prefix}/gateway/${gw}/#`);
  const logDir = mkdtempSync(join(tmpdir(), 'gw-agent-'));
  const settings = parseConfig({
    gatewayId: gw,
    server: broker.url,
    password: 'secret',
    prefix,
    udpPort: 0,
    logDir,
    minStatInterval: 1,
    ...extra,
  });
  const agent = await startAgent(settings, { echoLog: false, ...opts });
  const topic = (kind: string, name: string) => `${prefix}/gateway/${gw}/${kind}/${name}`;
  let tokens = 0;
  return {
    broker,
    agent,
    sub,
    gw,
    prefix,
    logDir,
    topic,
    request: async (cmdType, extra, o = {}) => {
      const cToken = `r${++tokens}-${randomHex(6)}`;
      const from = sub.received.length;
      await sub.publish(topic('agent', 'request'), {
        v: AGENT_PROTOCOL_VERSION,
        cToken,
        cmdType,
        ...(extra ? { extra } : {}),
        ...(o.timeoutS ? { timeoutS: o.timeoutS } : {}),
      });
      const last = await sub.next(
        'agent/response',
        (b) => b.cToken === cToken && b.state !== 'progress',
        o.waitMs ?? 10_000,
        from,
      );
      const progress = sub.received
        .slice(from)
        .filter((r) => r.topic.endsWith('agent/response') && r.body.cToken === cToken && r.body.state === 'progress')
        .map((r) => agentResponse.parse(r.body));
      return { end: agentResponse.parse(last.body), progress };
    },
    close: async () => {
      await agent.stop();
      await sub.close();
      await broker.close();
      rmSync(logDir, { recursive: true, force: true });
    },
  };
}
