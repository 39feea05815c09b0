import { AGENT_PROTOCOL_VERSION, type ShellIn, type ShellOut } from '@lns/contract/gateway-agent';
import {
  SHELL_MESSAGE_MAX,
  type ShellEndReason,
  type ShellServerMessage,
  shellClientMessage,
} from '@lns/contract/gateway-commands';
import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import { type AgentChannel, newToken } from './channel';
import type { CommandRecords } from './records';

/** The agent must start the shell within this long (ms). */
const OPEN_TIMEOUT_MS = 15_000;
/** A browser that sends nothing (not even its ping) for this long is gone (ms). */
const PING_TIMEOUT_MS = 75_000;
/** A record of a session whose instance went away reads as timed out after this long (ms). */
const RECORD_DEADLINE_MS = 24 * 3_600_000;
/** Output the browser has not taken yet beyond which the session ends rather than lose bytes. */
const MAX_UNSENT_BYTES = 4 * 1024 * 1024;
/** Output messages held while an earlier one is missing, before the gap is given up. */
const MAX_HELD = 64;

export interface ShellOpen {
  gatewayId: string;
  userName: string;
  cols: number;
  rows: number;
}

/** A `shell-in` message without its envelope fields. */
type ShellInBody = ShellIn extends infer T ? (T extends unknown ? Omit<T, 'v' | 'session'> : never) : never;

const AGENT_REASONS: Record<Extract<ShellOut, { type: 'closed' }>['reason'], ShellEndReason> = {
  exited: 'exited',
  refused: 'refused',
  idle: 'idle',
  closed: 'closedByGateway',
};

/**
 * Web shell sessions (docs/product/gateway-operations.md): each browser socket is one shell on the
 * gateway, joined through the agent's `shell-in` / `shell-out` topics. Every session is a
 * `webShell` command record: who, which gateway, when, how long and how it ended.
 */
export class ShellSessions {
  private readonly open = new Set<() => void>();

  constructor(
    private readonly agents: AgentChannel,
    private readonly records: CommandRecords,
    private readonly idleS: number,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Starts a session for an accepted socket; resolves with a function that ends it (server side). */
  async start(socket: WebSocket, o: ShellOpen): Promise<(reason: ShellEndReason) => void> {
    const session = newToken();
    const startedAt = Date.now();
    const row = await this.records.insert({
      gatewayId: o.gatewayId,
      cmdType: 'webShell',
      cToken: session,
      extra: { cols: o.cols, rows: o.rows },
      exclusive: false,
      userName: o.userName,
      deadline: startedAt + RECORD_DEADLINE_MS,
    });
    const counts = { in: 0, out: 0 };
    let ended = false;
    let nextSeq = 0;
    const held = new Map<number, string>();
    let idleTimer: NodeJS.Timeout | undefined;
    let pingTimer: NodeJS.Timeout | undefined;
    let openTimer: NodeJS.Timeout | undefined;

    const send = (m: ShellServerMessage) => {
      if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(m));
    };
    const toAgent = (m: ShellInBody) =>
      this.agents.shellIn(o.gatewayId, { v: AGENT_PROTOCOL_VERSION, session, ...m } as ShellIn);

    const end = (reason: ShellEndReason, detail?: string, fromAgent = false) => {
      if (ended) return;
      ended = true;
      clearTimeout(idleTimer);
      clearTimeout(pingTimer);
      clearTimeout(openTimer);
      sub.stop();
      this.open.delete(endByServer);
      if (!fromAgent) toAgent({ type: 'close' });
      send({ type: 'closed', reason, ...(detail && { detail }) });
      if (socket.readyState === socket.OPEN) socket.close(1000, reason);
      const result = { reason, durationMs: Date.now() - startedAt, bytesIn: counts.in, bytesOut: counts.out };
      const state =
        reason === 'refused' || reason === 'timeout' ? (reason === 'timeout' ? 'timeout' : 'error') : 'done';
      void this.records
        .finish(row.id, state, { result, error: state === 'done' ? null : (detail ?? reason) })
        .catch((err) => this.log.warn({ err }, 'web shell record'));
    };
    const endByServer = () => end('server');

    const armIdle = () => {
      clearTimeout(idleTimer);
      idleTimer = setTimeout(() => end('idle'), this.idleS * 1000);
    };
    const armPing = () => {
      clearTimeout(pingTimer);
      pingTimer = setTimeout(() => end('timeout', 'the browser stopped answering'), PING_TIMEOUT_MS);
    };

    const output = (seq: number, data: string) => {
      held.set(seq, data);
      if (held.size > MAX_HELD) nextSeq = Math.min(...held.keys()); // a message was lost: go on after the gap
      for (let d = held.get(nextSeq); d !== undefined; d = held.get(nextSeq)) {
        held.delete(nextSeq++);
        counts.out += Buffer.byteLength(d);
        send({ type: 'output', data: d });
      }
      if (socket.bufferedAmount > MAX_UNSENT_BYTES) end('server', 'the browser does not keep up with the output');
    };

    const sub = this.agents.onShellOut(o.gatewayId, session, (m) => {
      if (ended) return;
      if (m.type === 'opened') {
        clearTimeout(openTimer);
        send({ type: 'opened', session });
      } else if (m.type === 'output') output(m.seq, m.data);
      else end(AGENT_REASONS[m.reason], m.detail, true);
    });
    this.open.add(endByServer);

    socket.on('message', (data, isBinary) => {
      armPing();
      const text = data.toString();
      if (!isBinary && text === 'ping') return socket.send('pong');
      if (ended || text.length > SHELL_MESSAGE_MAX * 2) return;
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        return;
      }
      const m = shellClientMessage.safeParse(parsed);
      if (!m.success) return;
      if (m.data.type === 'input') {
        counts.in += Buffer.byteLength(m.data.data);
        armIdle();
        toAgent({ type: 'input', data: m.data.data });
      } else toAgent({ type: 'resize', cols: m.data.cols, rows: m.data.rows });
    });
    socket.on('close', () => end('server', 'the browser left'));
    socket.on('error', () => end('server', 'socket error'));

    await sub.ready.catch(() => {});
    // The browser may have gone while the record was written: its close event came before the handler.
    if (socket.readyState !== socket.OPEN) end('server', 'the browser left');
    else if (!toAgent({ type: 'open', cols: o.cols, rows: o.rows })) end('offline');
    else {
      openTimer = setTimeout(() => end('timeout', 'the gateway did not start the shell'), OPEN_TIMEOUT_MS);
      armIdle();
      armPing();
    }
    return end;
  }

  /** Ends every session of this instance (shutdown). */
  closeAll(): void {
    for (const end of [...this.open]) end();
  }
}
