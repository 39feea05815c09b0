import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderWithProviders, setupI18n, stubFetch } from '../../../test/render';
import { i18n } from '../../lib/i18n';
import ProtocolHistory from './pages/ProtocolHistory';

const frame = {
  msgID: 'abc123',
  createtime: 1_700_000_000_000,
  devEUI: '0102030405060708',
  devAddr: '26011bda',
  msgType: 4,
  uplink: true,
  confirmed: true,
  fCnt: 7,
  fPort: 10,
  phy: '80da1b0126',
  data: '01',
  macCommands: [],
  gwID: '0016c001ff10a235',
  sf: 9,
  bw: 125,
  freq: 868300000,
  rssi: -80,
  snr: 4.5,
  rxInfo: [],
};

describe('protocol message history', () => {
  beforeAll(async () => {
    await setupI18n();
    await i18n.loadNamespaces(['live', 'history']);
  });

  it('asks for the device, the range, paging and the filters; shows names and SF/BW; a click loads the frame', {
    timeout: 20_000,
  }, async () => {
    const calls = stubFetch({
      '/api/device/lorawan/history': { code: 0, amount: 1, data: [frame] },
      '/api/device/lorawan/datainfo': { code: 0, data: { ...frame, stored: 'yes-full-frame' } },
    });
    renderWithProviders(<ProtocolHistory />, { route: '/x?devEUI=01-02-03-04-05-06-07-08' });
    const row = await screen.findByText('Confirmed Data Up');
    expect(screen.getByText('SF9BW125')).toBeTruthy();
    expect(screen.getByText('26-01-1B-DA')).toBeTruthy();
    const first = calls.find((c) => c.url.pathname === '/api/device/lorawan/history')!.url.searchParams;
    expect(first.get('devEUI')).toBe('0102030405060708');
    expect(first.get('orderBy')).toBe('createtime');
    expect(Number(first.get('endTime')) - Number(first.get('startTime'))).toBe(86_400_000);
    expect(first.get('uplink')).toBeNull();

    // Downlinks only.
    fireEvent.mouseDown(within(screen.getByTestId('history-card')).getAllByRole('combobox')[1]!);
    fireEvent.click(await screen.findByRole('option', { name: 'Downlink' }));
    await waitFor(() => {
      const last = calls.filter((c) => c.url.pathname === '/api/device/lorawan/history').at(-1)!.url.searchParams;
      expect(last.get('uplink')).toBe('false');
    });

    fireEvent.click(row);
    await waitFor(() => expect(calls.some((c) => c.url.pathname === '/api/device/lorawan/datainfo')).toBe(true));
    const info = calls.find((c) => c.url.pathname === '/api/device/lorawan/datainfo')!.url.searchParams;
    expect(info.get('msgID')).toBe('abc123');
    expect(info.get('createtime')).toBe(String(frame.createtime));
    expect(await screen.findByText(/yes-full-frame/)).toBeTruthy();
  });
});
