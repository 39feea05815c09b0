import { deviceApi } from '@lns/contract/api/devices';
import { relayDeviceApi } from '@lns/contract/api/relay';
import { C } from '@lns/contract/codes';
import { V } from '@lns/contract/validation';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { none, RELAY_EUI, slaveRow } from '../../../test/relay';
import { renderWithProviders, setupI18n, stubFetch } from '../../../test/render';
import { i18n } from '../../lib/i18n';
import RelaySlaves from './pages/RelaySlaves';

const A = '70b3d50000000b01';
const B = '70b3d50000000b02';

function open(routes: Parameters<typeof stubFetch>[0] = {}) {
  const calls = stubFetch({
    [relayDeviceApi.slaves.path]: {
      code: 0,
      amount: 2,
      data: [slaveRow({ slaveDevEUI: A }), slaveRow({ slaveDevEUI: B, devName: null, status: 4 })],
    },
    [relayDeviceApi.statusRecord.path]: none,
    [relayDeviceApi.rejoinList.path]: none,
    [deviceApi.list.path]: none,
    ...routes,
  });
  renderWithProviders(<RelaySlaves />, { route: `/x?devEUI=${RELAY_EUI}&appID=1` });
  return calls;
}
const bodyOf = (calls: ReturnType<typeof stubFetch>, path: string) =>
  JSON.parse(String(calls.find((c) => c.url.pathname === path)?.init?.body));

describe('relay slaves', () => {
  beforeAll(async () => {
    await setupI18n('en-US');
    await i18n.loadNamespaces(['relay']);
  });

  it('lists the slaves with their status', { timeout: 20_000 }, async () => {
    open();
    const table = await screen.findByTestId('slave-table');
    expect(await within(table).findByText('70-B3-D5-00-00-00-0B-01')).toBeInTheDocument();
    expect(within(table).getByTestId('slave-status-1')).toHaveTextContent('Bound');
    expect(within(table).getByTestId('slave-status-4')).toHaveTextContent('Updating config');
  });

  it('binds typed EUIs and shows each refused one with its code’s text', { timeout: 20_000 }, async () => {
    const calls = open({
      [relayDeviceApi.bind.path]: {
        code: 0,
        data: { done: [A], failed: [{ id: B, code: C.RELAY_SLAVE_BOUND_OTHER, reason: 'bound elsewhere' }] },
      },
    });
    fireEvent.click(await screen.findByTestId('slave-bind'));
    const input = await screen.findByTestId('bind-input');
    // Pasted with dashes and a separator: two EUIs.
    fireEvent.change(input, { target: { value: `70-B3-D5-00-00-00-0B-01, ${B}` } });
    fireEvent.keyDown(input, { key: 'Enter' });
    fireEvent.click(screen.getByTestId('bind-send'));
    expect(await screen.findByTestId('bind-done')).toHaveTextContent('1 slave sent to the relay');
    expect(screen.getByTestId('bind-failed')).toHaveTextContent(
      '70-B3-D5-00-00-00-0B-02: The slave is bound to another relay',
    );
    expect(bodyOf(calls, relayDeviceApi.bind.path)).toEqual({ devEUI: RELAY_EUI, slaveDevEUIs: [A, B] });
  });

  it('lists each slave of a bind the server refused as a whole (not joined, missing)', {
    timeout: 20_000,
  }, async () => {
    open({
      [relayDeviceApi.bind.path]: () =>
        new Response(
          JSON.stringify({
            code: C.PARAM_FORMAT,
            msg: 'parameter format error: slaveDevEUIs',
            field: 'slaveDevEUIs',
            data: {
              done: [],
              failed: [
                { id: A, code: C.PARAM_FORMAT, reason: V.devEUIFormat },
                // Text outside the contract's messages stays the server's: only the code's text shows.
                { id: B, code: C.DEVICE_MISSING, reason: 'device missing' },
              ],
            },
          }),
          { status: 400 },
        ),
    });
    fireEvent.click(await screen.findByTestId('slave-bind'));
    const input = await screen.findByTestId('bind-input');
    fireEvent.change(input, { target: { value: `${A} ${B}` } });
    fireEvent.keyDown(input, { key: 'Enter' });
    fireEvent.click(screen.getByTestId('bind-send'));
    const failed = await screen.findByTestId('bind-failed');
    expect(failed).toHaveTextContent('2 slaves refused');
    expect(failed).toHaveTextContent(
      `70-B3-D5-00-00-00-0B-01: Invalid value (${i18n.t('common:validation.devEUIFormat')})`,
    );
    const missing = i18n.t(`common:codes.${C.DEVICE_MISSING}`);
    expect(failed.textContent).toContain(`70-B3-D5-00-00-00-0B-02: ${missing}`);
    expect(failed).not.toHaveTextContent('device missing');
    expect(screen.queryByTestId('bind-done')).toBeNull();
  });

  it('refuses a malformed EUI by the contract’s rule before calling', { timeout: 20_000 }, async () => {
    const calls = open();
    fireEvent.click(await screen.findByTestId('slave-bind'));
    const input = await screen.findByTestId('bind-input');
    fireEvent.change(input, { target: { value: '70b3d5' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    fireEvent.click(screen.getByTestId('bind-send'));
    expect(await screen.findByText(/^70b3d5: DevEUI/)).toBeInTheDocument();
    expect(calls.some((c) => c.url.pathname === relayDeviceApi.bind.path)).toBe(false);
  });

  it('unbinds the selected slaves and lists one that was not bound here', { timeout: 20_000 }, async () => {
    const calls = open({
      [relayDeviceApi.unbind.path]: {
        code: 0,
        data: { done: [], failed: [{ id: B, code: C.RELAY_SLAVE_NOT_BOUND, reason: 'not bound' }] },
      },
    });
    const table = await screen.findByTestId('slave-table');
    await within(table).findByText('70-B3-D5-00-00-00-0B-02');
    fireEvent.click(within(table).getAllByRole('checkbox')[2]!);
    fireEvent.click(screen.getByTestId('slave-unbind'));
    fireEvent.click(await screen.findByTestId('confirm-ok'));
    expect(await screen.findByTestId('bind-failed')).toHaveTextContent(
      '70-B3-D5-00-00-00-0B-02: The slave is not bound to this relay',
    );
    await waitFor(() =>
      expect(bodyOf(calls, relayDeviceApi.unbind.path)).toEqual({ devEUI: RELAY_EUI, slaveDevEUIs: [B] }),
    );
  });
});
