import { DOWNLINK_STATUS } from '@lns/contract/frames';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, setupI18n, stubFetch } from '../../../test/render';
import { i18n } from '../../lib/i18n';
import DeviceDownlink from './pages/DeviceDownlink';

/** The page follows status changes on the device's stream; no stream server runs here. */
class SilentSocket {
  readyState = 0;
  send() {}
  close() {}
}

const record = (msgID: string, status: number, confirmed: boolean) => ({
  msgID,
  createtime: 1_700_000_000_000,
  devEUI: '0102030405060708',
  fPort: 10,
  data: '0a0b',
  confirmed,
  macCommands: false,
  fCnt: 3,
  status,
  delivery: 'success',
  responseErrorByGateway: null,
  gwID: '0016c001ff10a235',
  dltime: 1_700_000_000_500,
  ack: null,
  retries: 0,
});

describe('device downlink page', () => {
  beforeAll(async () => {
    vi.stubGlobal('WebSocket', SilentSocket);
    await setupI18n();
    await i18n.loadNamespaces(['downlink', 'history', 'live']);
  });
  afterAll(() => vi.unstubAllGlobals());

  it('names each status, sends a downlink and reloads the history', { timeout: 20_000 }, async () => {
    const S = DOWNLINK_STATUS;
    const rows = [record('a', S.SENT_OK, true), record('b', S.CONFIRMED, true), record('c', S.TIMEOUT, false)];
    const calls = stubFetch({
      '/api/device/downlink/history': { code: 0, amount: rows.length, data: rows },
      '/api/device/downlink/create': { code: 0, data: record('d', S.ENQUEUED, false) },
    });
    renderWithProviders(<DeviceDownlink />, { route: '/x?devEUI=0102030405060708' });
    await screen.findByText('Timeout');
    const chips = screen.getAllByTestId('downlink-status');
    expect(chips.map((c) => [c.dataset.status, c.textContent])).toEqual([
      [String(S.SENT_OK), 'Unconfirmed'],
      [String(S.CONFIRMED), 'Confirmed'],
      [String(S.TIMEOUT), 'Timeout'],
    ]);
    const history = () => calls.filter((c) => c.url.pathname === '/api/device/downlink/history');
    expect(history()[0]!.url.searchParams.get('devEUI')).toBe('0102030405060708');
    const before = history().length;

    fireEvent.change(screen.getByTestId('fport'), { target: { value: '10' } });
    fireEvent.change(screen.getByTestId('data'), { target: { value: '0A0B' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(calls.some((c) => c.url.pathname === '/api/device/downlink/create')).toBe(true));
    const sent = calls.find((c) => c.url.pathname === '/api/device/downlink/create')!;
    expect(JSON.parse(String(sent.init?.body))).toEqual({
      devEUI: '0102030405060708',
      fport: 10,
      data: '0a0b',
      confirmed: false,
      macCommands: false,
    });
    await waitFor(() => expect(history().length).toBeGreaterThan(before));
  });
});
