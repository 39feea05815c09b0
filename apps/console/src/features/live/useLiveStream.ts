import { LIVE_ROW_DEFAULT, type SocketState, STREAM_CLOSE, type StreamMessage } from '@lns/contract/streams';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { API_BASE } from '../../lib/http';
import { LiveSocket, streamUrl } from '../../lib/liveSocket';
import { useSession } from '../../lib/useSession';
import { type LiveRow, prependNewest } from './buffer';

export interface LiveStream<T> {
  rows: LiveRow<T>[];
  state: SocketState;
  running: boolean;
  /** Frames the server dropped because this client read too slowly. */
  dropped: number;
  /** The platform's live streams are switched off (close 4010); the socket keeps retrying. */
  switchedOff: boolean;
  limit: number;
  setLimit(n: number): void;
  start(): void;
  stop(): void;
  clear(): void;
}

/** Frames arriving within this window are rendered in one update (at most 10 renders/s). */
const FLUSH_MS = 100;
/**
 * While streams are switched off the server accepts each socket and closes it at once, so
 * "switched on again" is a socket that stays open this long (no flicker on each retry).
 */
const SWITCHED_ON_AFTER_MS = 2000;

/**
 * A live stream as table rows: newest first, at most `limit`. Frames are collected for
 * FLUSH_MS and rendered in one update, so a fast stream costs at most 10 renders a second,
 * not one per message. `query` null = nothing to watch yet.
 */
export function useLiveStream<T>(
  path: string,
  query: Record<string, string | number> | null,
  accept: (m: StreamMessage) => T | undefined,
): LiveStream<T> {
  const { token } = useSession();
  const [rows, setRows] = useState<LiveRow<T>[]>([]);
  const [state, setState] = useState<SocketState>(3);
  const [running, setRunning] = useState(true);
  const runningRef = useRef(true);
  const [dropped, setDropped] = useState(0);
  const [switchedOff, setSwitchedOff] = useState(false);
  const [limit, setLimitState] = useState(LIVE_ROW_DEFAULT);
  const limitRef = useRef(limit);
  const acceptRef = useRef(accept);
  acceptRef.current = accept;
  const pending = useRef<LiveRow<T>[]>([]);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const seq = useRef(0);
  const socket = useRef<LiveSocket | undefined>(undefined);
  const url = query ? streamUrl(path, query, API_BASE) : null;

  const flush = useCallback(() => {
    timer.current = undefined;
    const batch = pending.current;
    if (batch.length === 0) return;
    pending.current = [];
    setRows((r) => prependNewest(r, batch, limitRef.current));
  }, []);

  // Changing the address clears the rows and opens a new socket.
  useEffect(() => {
    setRows([]);
    setDropped(0);
    pending.current = [];
    if (!url) return;
    let openFor: ReturnType<typeof setTimeout> | undefined;
    const s = new LiveSocket({
      url,
      token,
      onState: (st) => {
        setState(st);
        clearTimeout(openFor);
        if (st === 1) openFor = setTimeout(() => setSwitchedOff(false), SWITCHED_ON_AFTER_MS);
      },
      onDrop: (code) => {
        if (code === STREAM_CLOSE.DISABLED) setSwitchedOff(true);
      },
      onMessage: (m) => {
        if (m.kind === 'dropped') {
          setDropped((d) => d + m.count);
          return;
        }
        const frame = acceptRef.current(m);
        if (frame === undefined) return;
        const p = pending.current;
        p.push({ key: ++seq.current, frame });
        // Keep only what could be shown (hidden tabs run timers late).
        if (p.length > limitRef.current) p.splice(0, p.length - limitRef.current);
        timer.current ??= setTimeout(flush, FLUSH_MS);
      },
    });
    socket.current = s;
    if (runningRef.current) s.start();
    return () => {
      s.stop();
      clearTimeout(openFor);
      clearTimeout(timer.current);
      timer.current = undefined;
      socket.current = undefined;
    };
  }, [url, token, flush]);

  // Stable actions: the toolbar does not re-render when rows arrive.
  const actions = useMemo(
    () => ({
      setLimit(n: number) {
        limitRef.current = n;
        setLimitState(n);
        setRows((r) => r.slice(0, n));
      },
      start() {
        runningRef.current = true;
        setRunning(true);
        socket.current?.start();
      },
      stop() {
        runningRef.current = false;
        setRunning(false);
        socket.current?.stop();
      },
      clear() {
        pending.current = [];
        setRows([]);
        setDropped(0);
      },
    }),
    [],
  );

  return { rows, state, running, dropped, switchedOff, limit, ...actions };
}
