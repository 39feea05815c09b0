import { gatewayLinkName } from '@lns/contract/gateways';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { gatewayRow } from '../../../test/fixtures';
import { renderWithProviders, setupI18n, stubFetch } from '../../../test/render';
import { REARM_MS } from '../../components/DeleteDialog';
import { i18n } from '../../lib/i18n';
import { session } from '../../lib/session';
import GatewayList from './pages/GatewayList';

/** A gateway as the server lists it (checked against the contract by the client). */
const gateway = gatewayRow({
  gwName: 'roof-east',
  gwTypeID: 2,
  typeColor: '#2196f3',
  remarks: 'north side',
  tags: [{ tagId: 5, name: 'roof', groupName: 'site' }],
  tagsId: [5],
  createtime: 1_700_000_000_000,
  updatetime: 1_700_000_000_000,
});

const catalog = {
  '/api/band/list': { code: 0, data: [] },
  '/api/gwtype/list': { code: 0, amount: 0, data: [] },
  '/api/gateway/tags/list': { code: 0, data: { tags: [] } },
};

describe('gateway list', () => {
  beforeAll(async () => {
    await setupI18n();
    await i18n.loadNamespaces(['gateways']);
  });
  beforeEach(() => session.signIn({ token: 'tok-1', name: 'alice', userID: 7, admin: 0 }));

  it('lists the gateways and sends the online filter as a boolean', { timeout: 20_000 }, async () => {
    const calls = stubFetch({ ...catalog, '/api/gateway/list': { code: 0, amount: 1, data: [gateway] } });
    renderWithProviders(<GatewayList />, { route: '/gateway/list' });
    expect(await screen.findByTestId('gw-link-roof-east')).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Link' })).toBeInTheDocument();
    expect(screen.getByTestId('gw-link-kind-roof-east')).toHaveTextContent(gatewayLinkName(gateway.mqtt));
    const lists = () => calls.filter((c) => c.url.pathname === '/api/gateway/list').map((c) => c.url.searchParams);
    expect(lists()[0]!.get('online')).toBeNull();
    expect(lists()[0]!.get('orderBy')).toBe('createtime');

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Online' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Offline' }));
    await waitFor(() => expect(lists().at(-1)!.get('online')).toBe('false'));
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Online' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Online' }));
    await waitFor(() => expect(lists().at(-1)!.get('online')).toBe('true'));
  });

  it('a refused delete shows the reason for the gateway in words of its code', { timeout: 20_000 }, async () => {
    const calls = stubFetch({
      ...catalog,
      '/api/gateway/list': { code: 0, amount: 1, data: [gateway] },
      '/api/gateway/delete': {
        code: 5006,
        msg: 'gateway batch delete error',
        data: { errors: [{ gwID: gateway.gwID, code: 5001, msg: 'gateway missing (owned by someone else)' }] },
      },
    });
    renderWithProviders(<GatewayList />, { route: '/gateway/list' });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete roof-east' }));
    await act(() => new Promise((r) => setTimeout(r, REARM_MS + 50)));
    const handle = screen.getByTestId('slide-verify-handle');
    fireEvent.pointerDown(handle, { clientX: 0, pointerId: 1 });
    fireEvent.pointerMove(handle, { clientX: 150, pointerId: 1 });
    fireEvent.pointerMove(handle, { clientX: 400, pointerId: 1 });
    fireEvent.pointerUp(handle, { clientX: 400, pointerId: 1 });
    fireEvent.click(screen.getByTestId('delete-confirm'));
    const failed = await screen.findByTestId('delete-failed');
    expect(failed).toHaveTextContent('Gateway does not exist');
    expect(failed).not.toHaveTextContent('owned by someone else');
    const sent = calls.find((c) => c.url.pathname === '/api/gateway/delete')!;
    expect(JSON.parse(String(sent.init?.body))).toEqual({ gwIDs: [gateway.gwID] });
  });
});
