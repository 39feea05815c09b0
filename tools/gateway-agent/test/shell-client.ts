import { AGENT_PROTOCOL_VERSION, shellOut } from '@lns/contract/gateway-agent';
import type { Rig } from './agent';
import type { Received } from './subscriber';

let sessions = 0;

/** The server's side of one web shell session, as the test plays it over the broker. */
export class ShellClient {
  readonly id = `test-${process.pid}-${++sessions}`;
  private readonly from: number;

  constructor(private readonly rig: Rig) {
    this.from = rig.sub.received.length;
  }

  private send(msg: Record<string, unknown>) {
    return this.rig.sub.publish(this.rig.topic('agent', 'shell-in'), {
      v: AGENT_PROTOCOL_VERSION,
      session: this.id,
      ...msg,
    });
  }

  open(cols = 90, rows = 40) {
    return this.send({ type: 'open', cols, rows });
  }
  input(data: string) {
    return this.send({ type: 'input', data });
  }
  resize(cols: number, rows: number) {
    return this.send({ type: 'resize', cols, rows });
  }
  close() {
    return this.send({ type: 'close' });
  }

  /** Every shell-out message of this session so far, checked against the contract. */
  messages(): Received[] {
    return this.rig.sub.received
      .slice(this.from)
      .filter((r) => r.topic.endsWith('agent/shell-out') && r.body.session === this.id)
      .map((r) => ({ ...r, body: shellOut.parse(r.body) as Record<string, unknown> }));
  }

  /** The output put back in `seq` order. */
  output(): string {
    return this.messages()
      .filter((m) => m.body.type === 'output')
      .sort((a, b) => (a.body.seq as number) - (b.body.seq as number))
      .map((m) => m.body.data)
      .join('');
  }

  /** Resolves once the output so far matches `re`. */
  async untilOutput(re: RegExp, ms = 10_000): Promise<string> {
    const ok = () => re.test(this.output());
    if (ok()) return this.output();
    await this.rig.sub
      .next('agent/shell-out', () => ok(), ms, this.from)
      .catch(() => {
        throw new Error(`no output matching ${re} within ${ms} ms; got ${JSON.stringify(this.output().slice(-500))}`);
      });
    return this.output();
  }

  next(type: 'opened' | 'closed', ms = 10_000) {
    return this.rig.sub
      .next('agent/shell-out', (b) => b.session === this.id && b.type === type, ms, this.from)
      .then((r) => r.body);
  }
}
