import { relayDeviceApi } from '@lns/contract/api/relay';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { none, RELAY_EUI } from '../../../test/relay';
import { renderWithProviders, setupI18n, stubFetch } from '../../../test/render';
import { i18n } from '../../lib/i18n';
import LadtpDownlink from './pages/LadtpDownlink';
import RelayDownlink from './pages/RelayDownlink';

const helperOf = (testId: string) => {
  const input = screen.getByTestId(testId);
  const text = document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent ?? '';
  return text.replace(/\u200b/g, '').trim();
};

function open(page: 'relay' | 'ladtp') {
  const calls = stubFetch({
    [relayDeviceApi.downlink.path]: (init) => {
      const body = JSON.parse(String(init?.body));
      return {
        code: 0,
        data: {
          id: 1,
          direction: 'down',
          fPort: body.fPort ?? 211,
          data: body.data,
          status: 0,
          parts: 2,
          readAt: null,
          createtime: 1,
        },
      };
    },
    [relayDeviceApi.payloads.path]: none,
  });
  renderWithProviders(page === 'relay' ? <RelayDownlink /> : <LadtpDownlink />, { route: `/x?devEUI=${RELAY_EUI}` });
  return calls;
}
const sent = (calls: ReturnType<typeof stubFetch>) =>
  calls.filter((c) => c.url.pathname === relayDeviceApi.downlink.path).map((c) => JSON.parse(String(c.init?.body)));

describe('relay and ladtp data', () => {
  beforeAll(async () => {
    await setupI18n('en-US');
    await i18n.loadNamespaces(['relay']);
  });

  it('keeps a relay’s port to 1–223 and wants hex in hex mode', { timeout: 20_000 }, async () => {
    const calls = open('relay');
    fireEvent.change(await screen.findByTestId('dl-fport'), { target: { value: '224' } });
    fireEvent.change(screen.getByTestId('dl-data'), { target: { value: '0g' } });
    fireEvent.click(screen.getByTestId('dl-send'));
    await waitFor(() => expect(helperOf('dl-fport')).toBe('Port is 1 to 223 (224 and above are reserved)'));
    expect(helperOf('dl-data')).toBe('Please enter only hexadecimal characters');
    expect(sent(calls)).toEqual([]);
  });

  it('sends text as its bytes, with port and confirmed for a relay', { timeout: 20_000 }, async () => {
    const calls = open('relay');
    fireEvent.change(await screen.findByTestId('dl-fport'), { target: { value: '10' } });
    fireEvent.click(screen.getByTestId('dl-text'));
    fireEvent.change(screen.getByTestId('dl-data'), { target: { value: 'hi' } });
    fireEvent.click(screen.getByRole('switch', { name: 'Confirmed' }));
    fireEvent.click(screen.getByTestId('dl-send'));
    await waitFor(() => expect(sent(calls)).toEqual([{ devEUI: RELAY_EUI, fPort: 10, data: '6869', confirmed: true }]));
  });

  it('sends a ladtp’s RS485 data without a port', { timeout: 20_000 }, async () => {
    const calls = open('ladtp');
    fireEvent.change(await screen.findByTestId('dl-data'), { target: { value: '0103AB' } });
    expect(screen.queryByTestId('dl-fport')).toBeNull();
    fireEvent.click(screen.getByTestId('dl-send'));
    await waitFor(() => expect(sent(calls)).toEqual([{ devEUI: RELAY_EUI, data: '0103ab', confirmed: false }]));
  });
});
