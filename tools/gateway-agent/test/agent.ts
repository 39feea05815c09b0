import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Agent, startAgent } from '../src/agent';
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
  close(): Promise<void>;
}

const randomHex = (n: number) => [...Array(n)].map(() => Math.floor(Math.random() * 16).toString(16)).join('');

/**
 * A broker that wants the gateway's credentials, an agent connected to it (UDP on a free port,
 * a temporary log dir, a random prefix) and a subscriber on the gateway's topics, subscribed
 * before the agent starts so that nothing it publishes on connect is missed.
 */
export async function startRig(extra: Partial<FileConfig> = {}): Promise<Rig> {
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
  const agent = await startAgent(settings, { echoLog: false });
  return {
    broker,
    agent,
    sub,
    gw,
    prefix,
    logDir,
    topic: (kind, name) => `${prefix}/gateway/${gw}/${kind}/${name}`,
    close: async () => {
      await agent.stop();
      await sub.close();
      await broker.close();
      rmSync(logDir, { recursive: true, force: true });
    },
  };
}
