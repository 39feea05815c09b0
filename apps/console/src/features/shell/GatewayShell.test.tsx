import { gatewayCommandApi } from '@lns/contract/api/gateway-commands';
import { gatewayApi } from '@lns/contract/api/gateways';
import { SHELL_STREAM_PATH } from '@lns/contract/gateway-commands';
import { RECONNECT_MS, STREAM_CLOSE } from '@lns/contract/streams';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { gatewayRow } from '../../../test/fixtures';
import { renderWithProviders, setupI18n, stubFetch } from '../../../test/render';
import { i18n } from '../../lib/i18n';
import { session } from '../../lib/session';
import GatewayShell from './pages/GatewayShell';
import type { TermEvents } from './terminal';

/** xterm.js needs a real layout: the page talks to this stand-in, which keeps what it was told. */
const term = vi.hoisted(() => ({
  written: [] as string[],
  notices: [] as string[],
  events: undefined as TermEvents | undefined,
  cols: 90,
  rows: 40,
}));
vi.mock('./terminal', () => ({
  createTerminal: (_host: HTMLElement, events: TermEvents) => {
    term.events = events;
    return {
      write: (d: string) => term.written.push(d),
      notice: (n: string) => term.notices.push(n),
      focus: () => {},
      size: () => ({ cols: term.cols, rows: term.rows }),
      fit: () => {},
      dispose: () => {},
    };
  },
}));

class FakeWS {
  static all: FakeWS[] = [];
  readyState = 0;
  sent: string[] = [];
  onopen?: () => void;
  onmessage?: (e: { data: string }) => void;
  onclose?: (e: { code: number; reason: string }) => void;
  onerror?: () => void;
  constructor(
    readonly url: string,
    readonly protocols?: string[],
  ) {
    FakeWS.all.push(this);
  }
  send(d: string) {
    this.sent.push(d);
  }
  close(code = 1000) {
    this.readyState = 3;
    this.onclose?.({ code, reason: '' });
  }
  open() {
    this.readyState = 1;
    this.onopen?.();
  }
  message(m: object) {
    this.onmessage?.({ data: JSON.stringify(m) });
  }
}

const gwID = 'a840411b2c3d4e01';
const row = gatewayRow({ gwID, gwName: 'roof', online: true });

describe('web shell page', () => {
  let calls: ReturnType<typeof stubFetch>;
  let openWssh: { code: number };
  /** FakeWS.all's length when openWssh was asked: it must be asked before the socket. */
  let socketsAtOpenWssh: number[];

  beforeAll(async () => {
    await setupI18n();
    await i18n.loadNamespaces(['shell']);
  });
  beforeEach(() => {
    FakeWS.all = [];
    term.written = [];
    term.notices = [];
    term.cols = 90;
    openWssh = { code: 0 };
    socketsAtOpenWssh = [];
    vi.stubGlobal('WebSocket', FakeWS);
    vi.spyOn(console, 'info').mockImplementation(() => {});
    session.signIn({ token: 'tok', name: 'admin', userID: 1, admin: 1 });
    calls = stubFetch({
      [gatewayApi.list.path]: { code: 0, data: [row], amount: 1 },
      [gatewayApi.statusInfo.path]: { code: 0, data: { ...row, report: {} } },
      [gatewayCommandApi.openWssh.path]: () => {
        socketsAtOpenWssh.push(FakeWS.all.length);
        return openWssh;
      },
    });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  const connected = async () => {
    renderWithProviders(<GatewayShell />, { route: `/gateway/shell-tool?gwID=${gwID}&gwName=roof` });
    fireEvent.click(await screen.findByTestId('shell-connect'));
    await waitFor(() => expect(FakeWS.all).toHaveLength(1));
    const ws = FakeWS.all[0]!;
    act(() => ws.open());
    act(() => ws.message({ type: 'opened', session: 's1' }));
    return ws;
  };

  it('allows the shell first, then opens one socket with the token and the terminal size', async () => {
    const ws = await connected();
    expect(socketsAtOpenWssh).toEqual([0]);
    const post = calls.find((c) => c.url.pathname === gatewayCommandApi.openWssh.path)!;
    expect(JSON.parse(String(post.init?.body))).toEqual({ gatewayId: gwID });
    const url = new URL(ws.url);
    expect(url.pathname).toBe(SHELL_STREAM_PATH);
    expect(Object.fromEntries(url.searchParams)).toEqual({ gatewayId: gwID, cols: '90', rows: '40' });
    expect(ws.protocols).toEqual(['tok']);
    expect(screen.getByTestId('shell-state').dataset.state).toBe('1');
    expect(screen.getByTestId('shell-session')).toHaveTextContent('s1');
    // The picker shows the gateway's row with its online state.
    await waitFor(() => expect(screen.getByTestId('shell-gateway')).toHaveValue('roof (A8-40-41-1B-2C-3D-4E-01)'));
    expect(document.querySelector('[data-online="true"]')).toBeTruthy();
  });

  it('connects when the gateway allowed the shell already (12007)', async () => {
    openWssh = { code: 12007 };
    await connected();
    expect(FakeWS.all).toHaveLength(1);
  });

  it('does not connect when the gateway cannot allow it', async () => {
    openWssh = { code: 12003 };
    renderWithProviders(<GatewayShell />, { route: `/gateway/shell-tool?gwID=${gwID}` });
    fireEvent.click(await screen.findByTestId('shell-connect'));
    await screen.findByTestId('shell-connect');
    await new Promise((r) => setTimeout(r, 20));
    expect(FakeWS.all).toHaveLength(0);
  });

  it('sends keys as input (Ctrl-C as typed) and resizes; writes output to the terminal', async () => {
    const ws = await connected();
    act(() => term.events!.onData('ls -l\r'));
    act(() => term.events!.onData('\u0003'));
    act(() => term.events!.onResize({ cols: 40, rows: 40 }));
    expect(ws.sent.map((s) => JSON.parse(s))).toEqual([
      { type: 'input', data: 'ls -l\r' },
      { type: 'input', data: '\u0003' },
      { type: 'resize', cols: 40, rows: 40 },
    ]);
    act(() => ws.message({ type: 'output', data: '你好\r\n$ ' }));
    expect(term.written).toEqual(['你好\r\n$ ']);
  });

  it('shows why a session ended and connects again with a new session', async () => {
    const ws = await connected();
    act(() => ws.message({ type: 'closed', reason: 'idle' }));
    const ended = await screen.findByTestId('shell-ended');
    expect(ended).toHaveTextContent('The session ended: no keystroke for too long');
    expect(ws.readyState).toBe(3);
    expect(term.notices).toEqual(['The session ended: no keystroke for too long']);
    // Keys after the end go nowhere.
    act(() => term.events!.onData('x'));
    expect(ws.sent).toEqual([]);
    fireEvent.click(screen.getByTestId('shell-connect-again'));
    await waitFor(() => expect(FakeWS.all).toHaveLength(2));
    expect(socketsAtOpenWssh).toEqual([0, 1]);
    expect(screen.queryByTestId('shell-ended')).toBeNull();
  });

  it('reconnects after a drop with the current size, saying so in the terminal', async () => {
    const ws = await connected();
    vi.useFakeTimers();
    term.cols = 42;
    act(() => ws.close(1006));
    expect(term.notices).toEqual(['reconnecting…']);
    expect(screen.getByTestId('shell-state').dataset.state).toBe('3');
    act(() => vi.advanceTimersByTime(RECONNECT_MS));
    expect(FakeWS.all).toHaveLength(2);
    expect(new URL(FakeWS.all[1]!.url).searchParams.get('cols')).toBe('42');
    // A reconnect is no new permission: openWssh ran once.
    expect(socketsAtOpenWssh).toEqual([0]);
    expect(screen.getByTestId('shell-disconnect')).toBeTruthy();
  });

  it('does not reconnect after a final close code', async () => {
    const ws = await connected();
    vi.useFakeTimers();
    act(() => ws.close(STREAM_CLOSE.FORBIDDEN));
    act(() => vi.advanceTimersByTime(RECONNECT_MS * 3));
    expect(FakeWS.all).toHaveLength(1);
    expect(term.notices).toEqual(['The session ended: you may no longer use the web shell']);
    expect(screen.getByTestId('shell-ended').dataset.reason).toBe('forbidden');
  });

  it('disconnect closes and stays closed', async () => {
    const ws = await connected();
    vi.useFakeTimers();
    fireEvent.click(screen.getByTestId('shell-disconnect'));
    expect(ws.readyState).toBe(3);
    act(() => vi.advanceTimersByTime(RECONNECT_MS * 3));
    expect(FakeWS.all).toHaveLength(1);
    expect(term.notices).toEqual([]);
    expect(screen.getByTestId('shell-connect')).toBeTruthy();
    expect(screen.queryByTestId('shell-ended')).toBeNull();
  });

  it('asks for a gateway when the address names none', async () => {
    renderWithProviders(<GatewayShell />, { route: '/gateway/shell-tool' });
    expect(await screen.findByText('Choose a gateway to open a shell on it.')).toBeTruthy();
    expect(screen.getByTestId('shell-connect')).toBeDisabled();
  });
});
