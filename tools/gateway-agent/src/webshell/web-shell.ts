/**
 * The web shell (docs/protocols/gateway-agent.md, "Web shell"): sessions opened, fed and closed by
 * the server on `agent/shell-in`, answered on `agent/shell-out`. Closed when the agent starts;
 * openWssh allows sessions, closeWssh refuses them and ends those open.
 */
import { existsSync } from 'node:fs';
import { AGENT_PROTOCOL_VERSION, type ShellIn, type ShellOut, shellIn } from '@lns/contract/gateway-agent';
import type { WebShellSettings } from '../config';
import type { Log } from '../log';
import { type SessionMessage, ShellSession } from './session';

type PtyModule = typeof import('@lydell/node-pty');

/** Loaded on the first session: a gateway without the library still runs everything else. */
let ptyModule: Promise<PtyModule> | undefined;
const loadPty = () => {
  ptyModule ??= import('@lydell/node-pty');
  return ptyModule;
};

export class WebShell {
  private allowed = false;
  private readonly sessions = new Map<string, ShellSession>();
  /** Sessions whose shell is being started: counted against the limit, their messages wait. */
  private readonly starting = new Set<string>();

  constructor(
    private readonly cfg: WebShellSettings,
    private readonly publish: (m: ShellOut) => Promise<unknown>,
    private readonly log: Log,
  ) {}

  get enabled(): boolean {
    return this.cfg.enabled;
  }

  get open(): boolean {
    return this.allowed;
  }

  get count(): number {
    return this.sessions.size;
  }

  /** openWssh; false when sessions were allowed already. */
  allow(): boolean {
    const was = this.allowed;
    this.allowed = true;
    return !was;
  }

  /** closeWssh: refuses new sessions and ends the open ones; false when there was nothing to close. */
  refuse(detail = 'web shell closed on the gateway'): boolean {
    const had = this.allowed || this.sessions.size > 0;
    this.allowed = false;
    for (const s of [...this.sessions.values()]) s.close('closed', detail);
    return had;
  }

  handle(payload: Buffer): void {
    const m = this.parse(payload);
    if (!m) return;
    if (m.type === 'open') {
      void this.start(m);
      return;
    }
    const s = this.sessions.get(m.session);
    if (!s) {
      // Input for a session the agent does not have: the server is told so that it forgets it.
      if (m.type === 'input' && !this.starting.has(m.session)) {
        void this.send(m.session, { type: 'closed', reason: 'closed', detail: 'no such session' });
      }
      return;
    }
    if (m.type === 'input') s.input(m.data);
    else if (m.type === 'resize') s.resize(m.cols, m.rows);
    else s.close('closed', 'closed by the server');
  }

  private parse(payload: Buffer): ShellIn | undefined {
    let raw: unknown;
    try {
      raw = JSON.parse(payload.toString('utf8'));
    } catch {
      this.log.warn('shell: not JSON, ignored');
      return undefined;
    }
    const r = shellIn.safeParse(raw);
    if (!r.success) this.log.warn('shell: not a version 1 shell message, ignored');
    return r.data;
  }

  private send(session: string, m: SessionMessage): Promise<unknown> {
    return this.publish({ v: AGENT_PROTOCOL_VERSION, session, ...m } as ShellOut);
  }

  private async start(m: Extract<ShellIn, { type: 'open' }>): Promise<void> {
    const id = m.session;
    if (this.sessions.has(id) || this.starting.has(id)) return; // delivered twice
    const refuse = (detail: string) => {
      this.log.warn(`shell ${id}: refused, ${detail}`);
      return void this.send(id, { type: 'closed', reason: 'refused', detail });
    };
    if (!this.cfg.enabled) return refuse('the web shell is turned off on this gateway');
    if (!this.allowed) return refuse('web shell sessions are not allowed now (openWssh first)');
    if (this.sessions.size + this.starting.size >= this.cfg.maxSessions) {
      const n = this.cfg.maxSessions;
      return refuse(`at most ${n} session${n === 1 ? '' : 's'} at once`);
    }
    this.starting.add(id);
    try {
      const pty = await loadPty().catch((err) => {
        throw new Error(`no pseudo-terminal library on this gateway (${(err as Error).message.split('\n')[0]})`);
      });
      if (!this.allowed) return refuse('web shell sessions are not allowed now (openWssh first)');
      const term = pty.spawn(this.cfg.command, this.cfg.args, {
        name: 'xterm-256color',
        cols: m.cols,
        rows: m.rows,
        cwd: this.cwd(),
        env: { ...process.env, TERM: 'xterm-256color', LANG: process.env.LANG || 'C.UTF-8' },
      });
      const session = new ShellSession(id, term, {
        idleMs: this.cfg.idleS * 1000,
        send: (msg) => this.send(id, msg),
        onEnd: () => {
          this.sessions.delete(id);
          this.log.info(`shell ${id}: ended (${this.sessions.size} open)`);
        },
      });
      this.sessions.set(id, session);
      this.log.info(`shell ${id}: ${this.cfg.command} started (${this.sessions.size} open)`);
    } catch (err) {
      refuse(`cannot start ${this.cfg.command}: ${(err as Error).message}`.slice(0, 500));
    } finally {
      this.starting.delete(id);
    }
  }

  private cwd(): string {
    const dir = this.cfg.cwd ?? process.env.HOME;
    return dir && existsSync(dir) ? dir : '/';
  }
}
