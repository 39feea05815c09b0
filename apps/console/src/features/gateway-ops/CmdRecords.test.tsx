import { gatewayCommandApi } from '@lns/contract/api/gateway-commands';
import { gatewayApi } from '@lns/contract/api/gateways';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { gatewayRow } from '../../../test/fixtures';
import { renderWithProviders, setupI18n, stubFetch } from '../../../test/render';
import { i18n } from '../../lib/i18n';
import { session } from '../../lib/session';
import CmdRecords from './pages/CmdRecords';
import { commandRecordOf } from './testFixtures';

const roof = gatewayRow({ gwID: 'a840411b2c3d4e01', gwName: 'roof', online: true });
const yard = gatewayRow({ gwID: 'a840411b2c3d4e02', gwName: 'yard', online: false });
const logs = commandRecordOf({ id: 1, gatewayId: roof.gwID });
const scan = commandRecordOf({
  id: 2,
  gatewayId: yard.gwID,
  cmdType: 'frequencyScan',
  state: 'error',
  extra: { frequencyMin: 863_000_000 },
  error: 'no SX1302',
  userName: 'alice',
  createdAt: 1_795_608_000_000,
  finishedAt: 1_795_608_075_000,
});
const answers = {
  [gatewayCommandApi.list.path]: { code: 0, amount: 2, data: [logs, scan] },
  [gatewayApi.list.path]: { code: 0, amount: 2, data: [roof, yard] },
};
const listCalls = (calls: ReturnType<typeof stubFetch>) =>
  calls.filter((c) => c.url.pathname === gatewayCommandApi.list.path);

describe('command records page', () => {
  beforeAll(async () => {
    await setupI18n();
    await i18n.loadNamespaces(['gatewayOps']);
  });
  beforeEach(() => session.signIn({ token: 'tok-1', name: 'root', userID: 1, admin: 1 }));

  it('lists records: time, gateway, kind, state, user, duration', async () => {
    stubFetch(answers);
    renderWithProviders(<CmdRecords />, { route: '/gateway/cmd-operation-record' });
    const table = await screen.findByTestId('records-table');
    expect(await within(table).findByText('Agent logs')).toBeInTheDocument();
    expect(within(table).getByText('Noise scan')).toBeInTheDocument();
    expect(within(table).getByTestId('state-done')).toHaveTextContent('Done');
    expect(within(table).getByTestId('state-error')).toHaveTextContent('Failed');
    expect(within(table).getByText('A8-40-41-1B-2C-3D-4E-02')).toBeInTheDocument();
    expect(within(table).getByText('1.5 s')).toBeInTheDocument();
    expect(within(table).getByText('1 min 15 s')).toBeInTheDocument();
  });

  it('filters by kind and by gateway, back to the first page', async () => {
    const calls = stubFetch(answers);
    renderWithProviders(<CmdRecords />, { route: '/gateway/cmd-operation-record' });
    await screen.findByText('Agent logs');
    expect(listCalls(calls).at(-1)?.url.searchParams.get('cmdType')).toBeNull();

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Kind' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Web shell session' }));
    await waitFor(() => expect(listCalls(calls).at(-1)?.url.searchParams.get('cmdType')).toBe('webShell'));
    expect(listCalls(calls).at(-1)?.url.searchParams.get('pageNo')).toBe('1');

    fireEvent.change(screen.getByTestId('records-filter-gateway'), { target: { value: 'yar' } });
    fireEvent.click(await screen.findByRole('option', { name: /yard/ }));
    await waitFor(() => expect(listCalls(calls).at(-1)?.url.searchParams.get('gatewayId')).toBe(yard.gwID));
    expect(listCalls(calls).at(-1)?.url.searchParams.get('cmdType')).toBe('webShell');
  });

  it('takes the gateway of the URL as the filter', async () => {
    const calls = stubFetch({ ...answers, [gatewayApi.statusInfo.path]: { code: 0, data: { ...roof, report: {} } } });
    renderWithProviders(<CmdRecords />, { route: `/gateway/cmd-operation-record?gwID=${roof.gwID}&gwName=roof` });
    await waitFor(() => expect(listCalls(calls)[0]?.url.searchParams.get('gatewayId')).toBe(roof.gwID));
    await waitFor(() =>
      expect(screen.getByTestId('records-filter-gateway')).toHaveValue('roof (A8-40-41-1B-2C-3D-4E-01)'),
    );
  });

  it('a row opens its parameters and error', async () => {
    stubFetch(answers);
    renderWithProviders(<CmdRecords />, { route: '/gateway/cmd-operation-record' });
    fireEvent.click(await screen.findByText('Noise scan'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('record-error')).toHaveTextContent('no SX1302');
    expect(within(dialog).getByText('alice')).toBeInTheDocument();
    expect(await within(dialog).findByTestId('json-tree')).toHaveTextContent('863000000');
  });
});
