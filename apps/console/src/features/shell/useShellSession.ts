import { SHELL_STREAM_PATH, type ShellEndReason } from '@lns/contract/gateway-commands';
import { type SocketState, STREAM_CLOSE } from '@lns/contract/streams';
import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { API_BASE } from '../../lib/http';
import { LiveSocket, streamUrl } from '../../lib/liveSocket';
import { useSession } from '../../lib/useSession';
import { allowShell } from './api';
import { inputMessages, readServerMessage, resizeMessage } from './messages';
import type { ShellTerm, TermSize } from './terminal';

/**
 * idle: nothing asked yet (or the gateway changed); preparing: openWssh runs; live: the socket
 * runs, reconnecting by itself after a drop; ended: the session is over and stays so until the
 * user connects again; stopped: the user disconnected.
 */
export type ShellPhase = 'idle' | 'preparing' | 'live' | 'ended' | 'stopped';

/** Why a session ended: the server's reason, or a final close code (token, access, gateway gone). */
export type EndCause = ShellEndReason | 'revoked' | 'forbidden' | 'gone';

const FINAL_CAUSE: Record<number, EndCause> = {
  [STREAM_CLOSE.REVOKED]: 'revoked',
  [STREAM_CLOSE.FORBIDDEN]: 'forbidden',
  [STREAM_CLOSE.GONE]: 'gone',
};

export interface ShellSession {
  phase: ShellPhase;
  state: SocketState;
  /** The current session's id (from `opened`). */
  session?: string;
  ended?: { cause: EndCause; detail?: string };
  connect(): void;
  disconnect(): void;
  /** From the terminal: keys and pastes, resizes. */
  input(data: string): void;
  resize(size: TermSize): void;
}

/**
 * One web shell on `gatewayId` (contract: gateway-commands.ts "Web shell"). One socket is one
 * session: a drop reconnects after RECONNECT_MS with a new session (the terminal says so), while a
 * `closed` message or a final close code ends it. Before the first socket the gateway is asked to
 * allow web shell sessions (openWssh).
 */
export function useShellSession(gatewayId: string, termRef: RefObject<ShellTerm | null>): ShellSession {
  const { t } = useTranslation('shell');
  const { token } = useSession();
  const [phase, setPhase] = useState<ShellPhase>('idle');
  const [state, setState] = useState<SocketState>(3);
  const [session, setSession] = useState<string>();
  const [ended, setEnded] = useState<ShellSession['ended']>();
  const socket = useRef<LiveSocket<unknown> | undefined>(undefined);
  // Bumped by every connect/disconnect: an openWssh answer for an older attempt is ignored.
  const attempt = useRef(0);
  const tRef = useRef(t);
  tRef.current = t;

  const close = useCallback(() => {
    attempt.current++;
    socket.current?.stop();
    socket.current = undefined;
  }, []);

  const end = useCallback(
    (cause: EndCause, detail?: string) => {
      close();
      setEnded({ cause, detail });
      setPhase('ended');
      termRef.current?.notice(tRef.current('ended', { reason: tRef.current(`reason.${cause}`) }));
    },
    [close, termRef],
  );

  const open = useCallback(() => {
    const s = new LiveSocket<unknown>({
      // Every connection (a reconnect too) starts its session at the terminal's current size.
      url: () => {
        const size = termRef.current?.size();
        return streamUrl(SHELL_STREAM_PATH, { gatewayId, ...size }, API_BASE);
      },
      token,
      onState: setState,
      onMessage: (raw) => {
        const m = readServerMessage(raw);
        if (m?.type === 'output') termRef.current?.write(m.data);
        else if (m?.type === 'opened') setSession(m.session);
        else if (m?.type === 'closed') end(m.reason, m.detail);
      },
      onDrop: (code, retrying) => {
        setSession(undefined);
        if (retrying) termRef.current?.notice(tRef.current('reconnecting'));
        else end(FINAL_CAUSE[code] ?? 'server');
      },
    });
    socket.current = s;
    s.start();
  }, [gatewayId, token, termRef, end]);

  const connect = useCallback(() => {
    if (!gatewayId) return;
    close();
    const mine = attempt.current;
    setEnded(undefined);
    setSession(undefined);
    setPhase('preparing');
    allowShell(gatewayId).then(
      () => {
        if (attempt.current !== mine) return;
        setPhase('live');
        open();
        termRef.current?.focus();
      },
      () => {
        // The client toasted why (offline, busy, no answer); the user may try again.
        if (attempt.current === mine) setPhase('idle');
      },
    );
  }, [gatewayId, close, open, termRef]);

  const disconnect = useCallback(() => {
    close();
    setSession(undefined);
    setPhase('stopped');
  }, [close]);

  // Another gateway (or leaving the page) ends the shell of this one.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new gatewayId is the trigger, not an input
  useEffect(
    () => () => {
      close();
      setPhase('idle');
      setEnded(undefined);
      setSession(undefined);
    },
    [gatewayId, close],
  );

  const input = useCallback((data: string) => {
    for (const m of inputMessages(data)) socket.current?.send(m);
  }, []);
  const resize = useCallback(({ cols, rows }: TermSize) => {
    socket.current?.send(resizeMessage(cols, rows));
  }, []);

  return { phase, state, session, ended, connect, disconnect, input, resize };
}
