import { RECONNECT_MS, STREAM_CLOSE } from '@lns/contract/streams';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, setupI18n } from '../../../test/render';
import { i18n } from '../../lib/i18n';
import { session } from '../../lib/session';
import GatewayLive from './pages/GatewayLive';

class FakeWS {
  static all: FakeWS[] = [];
  readyState = 0;
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
  send() {}
  close() {
    this.readyState = 3;
    this.onclose?.({ code: 1000, reason: '' });
  }
  open() {
    this.readyState = 1;
    this.onopen?.();
  }
  frame(seq: number) {
    const data = { msgID: `m${seq}`, createtime: 1_700_000_000_000 + seq, gwID: 'aa', uplink: true, msgType: 2 };
    this.onmessage?.({
      data: JSON.stringify({
        kind: 'gateway',
        data: {
          ...data,
          devAddr: '01020304',
          devEUI: null,
          phy: `p${seq}`,
          data: '',
          sf: 7,
          bw: 125,
          freq: 868100000,
          rssi: -50,
          snr: 9,
          size: 20,
        },
      }),
    });
  }
}

describe('live gateway page', () => {
  beforeAll(async () => {
    await setupI18n();
    await i18n.loadNamespaces(['live']);
  });
  beforeEach(() => {
    FakeWS.all = [];
    vi.stubGlobal('WebSocket', FakeWS);
    vi.spyOn(console, 'info').mockImplementation(() => {});
    session.signIn({ token: 'tok', name: 'a', userID: 1, admin: 1 });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('connects with the token, shows frames newest first with SF/BW and type names, pauses and resumes', async () => {
    renderWithProviders(<GatewayLive />, { route: '/gateway/real-time?gwID=AA-BB-CC-DD-EE-FF-00-11' });
    await waitFor(() => expect(FakeWS.all).toHaveLength(1));
    const ws = FakeWS.all[0]!;
    expect(ws.url).toContain('/ws/gateway?gwID=aabbccddeeff0011');
    expect(ws.protocols).toEqual(['tok']);
    act(() => ws.open());
    expect(screen.getByTestId('socket-state').dataset.state).toBe('1');
    act(() => {
      for (let i = 0; i < 35; i++) ws.frame(i);
    });
    await waitFor(() => expect(screen.getAllByTestId('live-row')).toHaveLength(30));
    const first = screen.getAllByTestId('live-row')[0]!;
    expect(within(first).getByText('p34')).toBeTruthy();
    expect(within(first).getByText('SF7BW125')).toBeTruthy();
    expect(within(first).getByText('Unconfirmed Data Up')).toBeTruthy();
    expect(within(first).getByText('01-02-03-04')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Stop' }));
    expect(screen.getByTestId('socket-state').dataset.state).toBe('3');
    fireEvent.click(screen.getByRole('button', { name: 'Start' }));
    expect(FakeWS.all).toHaveLength(2);

    fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
    expect(screen.queryAllByTestId('live-row')).toHaveLength(0);
  });

  it('shows the count of frames the server dropped', async () => {
    renderWithProviders(<GatewayLive />, { route: '/gateway/real-time?gwID=aabbccddeeff0011' });
    await waitFor(() => expect(FakeWS.all).toHaveLength(1));
    const ws = FakeWS.all[0]!;
    act(() => {
      ws.open();
      ws.onmessage?.({ data: JSON.stringify({ kind: 'dropped', count: 12 }) });
    });
    expect(screen.getByTestId('dropped').textContent).toContain('12');
  });

  it('says when the platform switched live streams off, keeps retrying, and stops saying so once a socket stays open', async () => {
    vi.useFakeTimers();
    try {
      renderWithProviders(<GatewayLive />, { route: '/gateway/real-time?gwID=aabbccddeeff0011' });
      await vi.waitFor(() => expect(FakeWS.all).toHaveLength(1));
      const ws = FakeWS.all[0]!;
      act(() => {
        ws.open();
        ws.readyState = 3;
        ws.onclose?.({ code: STREAM_CLOSE.DISABLED, reason: 'live streams are switched off' });
      });
      expect(screen.getByTestId('live-switched-off').textContent).toContain('switched off');
      // Retried after 4 s; accepted and closed again at once: still off, no flicker.
      act(() => vi.advanceTimersByTime(RECONNECT_MS));
      expect(FakeWS.all).toHaveLength(2);
      act(() => {
        FakeWS.all[1]!.open();
        FakeWS.all[1]!.readyState = 3;
        FakeWS.all[1]!.onclose?.({ code: STREAM_CLOSE.DISABLED, reason: '' });
      });
      expect(screen.getByTestId('live-switched-off')).toBeTruthy();
      // Switched on again: the next socket stays open.
      act(() => vi.advanceTimersByTime(RECONNECT_MS));
      act(() => FakeWS.all[2]!.open());
      expect(screen.getByTestId('live-switched-off')).toBeTruthy();
      act(() => vi.advanceTimersByTime(2000));
      expect(screen.queryByTestId('live-switched-off')).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });
});
