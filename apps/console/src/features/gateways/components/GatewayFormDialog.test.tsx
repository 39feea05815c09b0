import { C } from '@lns/contract/codes';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { bandList, gatewayRow } from '../../../../test/fixtures';
import { renderWithProviders, setupI18n, stubFetch } from '../../../../test/render';
import { i18n } from '../../../lib/i18n';
import { GatewayFormDialog } from './GatewayFormDialog';

const LISTS = {
  '/api/band/list': bandList,
  '/api/gwtype/list': {
    code: 0,
    amount: 1,
    data: [
      {
        gwTypeID: 1,
        gwType: 'rhf2s027',
        arch: 'arm',
        color: '#666666',
        supportGPS: false,
        submodels: [],
        gateways: 0,
        createdAt: 0,
        updatedAt: 0,
      },
    ],
  },
  '/api/gateway/tags/list': { code: 0, data: { tags: [] } },
};

const GATEWAY = gatewayRow();

describe('GatewayFormDialog', () => {
  beforeAll(async () => {
    await setupI18n('en-US');
    await i18n.loadNamespaces(['gateways', 'map']);
  });

  it('names the empty required fields and sends nothing', async () => {
    const calls = stubFetch(LISTS);
    renderWithProviders(<GatewayFormDialog onClose={() => {}} />);
    fireEvent.click(await screen.findByTestId('gw-save'));
    expect(await screen.findByText('Gateway name cannot be empty')).toBeInTheDocument();
    expect(screen.getAllByText('Cannot be empty').length).toBeGreaterThan(0);
    expect(calls.some((c) => c.url.pathname === '/api/gateway/create')).toBe(false);
  });

  it('says the range of a number, checks again as it changes, and shows a taken name on its field', async () => {
    const calls = stubFetch({
      ...LISTS,
      '/api/gateway/update': { code: C.GATEWAY_NAME_EXISTS, msg: 'gateway name exists: gwName', field: 'gwName' },
    });
    renderWithProviders(<GatewayFormDialog gateway={GATEWAY} onClose={() => {}} />);
    fireEvent.change(await screen.findByTestId('gw-keepalive'), { target: { value: '61' } });
    fireEvent.click(screen.getByTestId('gw-save'));
    expect(await screen.findByText('Please enter 5~60')).toBeInTheDocument();
    fireEvent.change(screen.getByTestId('gw-keepalive'), { target: { value: '30' } });
    await waitFor(() => expect(screen.queryByText('Please enter 5~60')).toBeNull());
    fireEvent.click(screen.getByTestId('gw-save'));
    expect(await screen.findByText('Gateway name already exists')).toBeInTheDocument();
    const sent = calls.find((c) => c.url.pathname === '/api/gateway/update');
    expect(JSON.parse(String(sent?.init?.body))).toMatchObject({ gwID: GATEWAY.gwID, mqttKeepAlive: 30, txPower: 14 });
  });

  it('names the unit of the Tx power (dBm)', async () => {
    stubFetch(LISTS);
    renderWithProviders(<GatewayFormDialog gateway={GATEWAY} onClose={() => {}} />);
    expect(await screen.findByLabelText(/^Tx power \(dBm\)/)).toBeInTheDocument();
  });
});
