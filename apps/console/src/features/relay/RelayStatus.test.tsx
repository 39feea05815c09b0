import { relayDeviceApi } from '@lns/contract/api/relay';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { ladtpStatus, none, RELAY_EUI, relayStatus, requestRow } from '../../../test/relay';
import { renderWithProviders, setupI18n, stubFetch } from '../../../test/render';
import { i18n } from '../../lib/i18n';
import LadtpStatus from './pages/LadtpStatus';
import RelayStatus from './pages/RelayStatus';

const route = `/x?devEUI=${RELAY_EUI}&appID=1`;

describe('relay and ladtp status pages', () => {
  beforeAll(async () => {
    await setupI18n('en-US');
    await i18n.loadNamespaces(['relay']);
  });

  it('shows the relay’s status block with names and units', { timeout: 20_000 }, async () => {
    stubFetch({
      [relayDeviceApi.status.path]: { code: 0, data: relayStatus({ status: 1, backwardMode: 2, link: 1 }) },
      [relayDeviceApi.configInfo.path]: none,
      [relayDeviceApi.statusHistory.path]: none,
    });
    renderWithProviders(<RelayStatus />, { route });
    const card = await screen.findByTestId('relay-status');
    await waitFor(() => expect(card).toHaveTextContent('Lost'));
    for (const text of ['Host', 'Replay', '87 %', '3.61 V', '24.5 °C', '1.2.0.0', 'Through a relay']) {
      expect(card).toHaveTextContent(text);
    }
  });

  it('says what the server answered when it refuses the status (an address it does not have)', {
    timeout: 20_000,
  }, async () => {
    stubFetch({
      [relayDeviceApi.status.path]: () =>
        new Response(JSON.stringify({ code: 404, msg: 'no route', field: 'path' }), { status: 404 }),
      [relayDeviceApi.configInfo.path]: none,
      [relayDeviceApi.statusHistory.path]: none,
    });
    renderWithProviders(<RelayStatus />, { route });
    const card = await screen.findByTestId('relay-status');
    expect(await within(card).findByTestId('relay-call-error')).toHaveTextContent(
      'Could not load: This API address does not exist',
    );
  });

  it('asks the device and shows the request waiting', { timeout: 20_000 }, async () => {
    let asked = false;
    const calls = stubFetch({
      [relayDeviceApi.status.path]: { code: 0, data: relayStatus() },
      [relayDeviceApi.query.path]: () => {
        asked = true;
        return { code: 0, data: requestRow({ kind: 'firmware', state: 'queued' }) };
      },
      [relayDeviceApi.configInfo.path]: () =>
        asked ? { code: 0, amount: 1, data: [requestRow({ kind: 'firmware', state: 'queued' })] } : none,
      [relayDeviceApi.statusHistory.path]: none,
    });
    renderWithProviders(<RelayStatus />, { route });
    fireEvent.click(await screen.findByTestId('ask-firmware'));
    const buttons = screen.getByTestId('ask-buttons');
    expect(await within(buttons).findByTestId('request-queued')).toHaveTextContent('Queued');
    // A waiting question is not asked twice.
    expect(screen.getByTestId('ask-firmware')).toBeDisabled();
    const sent = calls.find((c) => c.url.pathname === relayDeviceApi.query.path);
    expect(JSON.parse(String(sent?.init?.body))).toEqual({ devEUI: RELAY_EUI, query: 'firmware' });
  });

  it('shows a ladtp’s heartbeat values', { timeout: 20_000 }, async () => {
    stubFetch({
      [relayDeviceApi.status.path]: { code: 0, data: ladtpStatus() },
      [relayDeviceApi.configInfo.path]: none,
      [relayDeviceApi.statusHistory.path]: none,
    });
    renderWithProviders(<LadtpStatus />, { route });
    const card = await screen.findByTestId('ladtp-status');
    await waitFor(() => expect(card).toHaveTextContent('12.1 V'));
    expect(card).toHaveTextContent('1 d 1 h 1 min');
    expect(card).toHaveTextContent('RS485 errors3');
  });
});
