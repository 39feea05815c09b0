import { API } from '@lns/contract/api/index';
import mqtt, { type MqttClient } from 'mqtt';
import type { TestApp } from './harness';

/** A request as docs/protocols/gateway-agent.md describes it. */
export interface Request {
  v: 1;
  cToken: string;
  cmdType: string;
  extra?: Record<string, any>;
  timeoutS?: number;
}

/**
 * A gateway agent played by a test, written from docs/protocols/gateway-agent.md (not from the
 * server's code): signs in with the gateway's credentials, says ONLINE, and hands each request and
 * shell message to the test, which answers through `respond` and `shellOut`.
 */
export class FakeAgent {
  readonly requests: Request[] = [];
  readonly shellIn: Record<string, any>[] = [];
  onRequest: (r: Request) => void = () => {};
  onShellIn: (m: Record<string, any>) => void = () => {};
  private waiters: { test: (m: any) => boolean; resolve: (m: any) => void }[] = [];

  private constructor(
    private readonly client: MqttClient,
    private readonly base: string,
  ) {}

  static async connect(t: TestApp, token: string, gwID: string): Promise<FakeAgent> {
    const cred = (await t.call(token, 'GET', API.gateway.mqttInfo.path, { gwID })).body.data;
    const client = await mqtt.connectAsync(`mqtt://127.0.0.1:${t.integrations.broker!.port}`, {
      username: cred.username,
      password: cred.password,
      reconnectPeriod: 0,
    });
    const base = `${cred.topicPrefix}/gateway/${gwID}`;
    const a = new FakeAgent(client, base);
    client.on('message', (topic, payload) => {
      const m = JSON.parse(payload.toString());
      if (topic.endsWith('/agent/request')) {
        a.requests.push(m);
        a.onRequest(m);
      } else if (topic.endsWith('/agent/shell-in')) {
        a.shellIn.push(m);
        a.onShellIn(m);
      } else return;
      a.waiters = a.waiters.filter((w) => {
        if (!w.test(m)) return true;
        w.resolve(m);
        return false;
      });
    });
    await client.subscribeAsync([`${base}/agent/request`, `${base}/agent/shell-in`], { qos: 1 });
    await client.publishAsync(`${base}/state/conn`, JSON.stringify({ gatewayId: gwID, state: 'ONLINE' }), { qos: 1 });
    return a;
  }

  /** The next request or shell message for which `test` holds (also one that came already). */
  next<T = any>(test: (m: any) => boolean, ms = 5000): Promise<T> {
    const seen = [...this.requests, ...this.shellIn].find(test);
    if (seen) return Promise.resolve(seen as T);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no such message')), ms);
      this.waiters.push({
        test,
        resolve: (m) => {
          clearTimeout(timer);
          resolve(m);
        },
      });
    });
  }

  respond(cToken: string, answer: Record<string, unknown>): Promise<unknown> {
    return this.client.publishAsync(`${this.base}/agent/response`, JSON.stringify({ v: 1, cToken, ...answer }), {
      qos: 1,
    });
  }

  /** An agent Report with these versions (name → version). */
  report(versions: Record<string, string>): Promise<unknown> {
    const body = {
      v: 1,
      time: Date.now(),
      versions: Object.entries(versions).map(([name, version]) => ({ name, version })),
    };
    return this.client.publishAsync(`${this.base}/agent/report`, JSON.stringify(body), { qos: 1 });
  }

  shellOut(message: Record<string, unknown>): Promise<unknown> {
    return this.client.publishAsync(`${this.base}/agent/shell-out`, JSON.stringify({ v: 1, ...message }), { qos: 1 });
  }

  close(): Promise<void> {
    return this.client.endAsync();
  }
}
