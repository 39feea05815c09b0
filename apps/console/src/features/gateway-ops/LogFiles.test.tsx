import { gatewayLogApi } from '@lns/contract/api/gateway-commands';
import { gatewayApi } from '@lns/contract/api/gateways';
import { C } from '@lns/contract/codes';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { gatewayRow } from '../../../test/fixtures';
import { renderWithProviders, setupI18n, stubFetch } from '../../../test/render';
import { i18n } from '../../lib/i18n';
import { session } from '../../lib/session';
import { toast } from '../../lib/toast';
import LogList from './pages/LogList';
import RlogList from './pages/RlogList';
import { ok, refused } from './testFixtures';

const gw = gatewayRow({ gwID: 'a840411b2c3d4e01', gwName: 'roof', online: true });
const files = [
  { logName: 'messages', logSize: 12.5, modifiedAt: 1_795_608_000_000 },
  { logName: 'lora/pkt_fwd.log', logSize: 2048, modifiedAt: 1_795_608_100_000 },
];
const route = (page: string) => `/gateway/${page}?gwID=${gw.gwID}&gwName=roof`;
const base = {
  [gatewayApi.statusInfo.path]: ok({ ...gw, report: {} }),
  [gatewayApi.list.path]: { code: 0, amount: 1, data: [gw] },
};

describe('gateway log files', () => {
  beforeAll(async () => {
    await setupI18n();
    await i18n.loadNamespaces(['gatewayOps']);
  });
  beforeEach(() => {
    toast.clear();
    session.signIn({ token: 'tok-1', name: 'root', userID: 1, admin: 1 });
    URL.createObjectURL = vi.fn(() => 'blob:x');
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(() => vi.restoreAllMocks());

  it('lists the directory newest first with sizes in KB, and downloads a file', async () => {
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const calls = stubFetch({
      ...base,
      [gatewayLogApi.list.path]: ok({ files }),
      [gatewayLogApi.download.path]: () =>
        new Response('line 1\n', {
          headers: {
            'content-type': 'application/octet-stream',
            'content-disposition': 'attachment; filename="pkt_fwd.log"',
          },
        }),
    });
    renderWithProviders(<LogList />, { route: route('log-list') });
    const table = await screen.findByTestId('logs-table');
    await within(table).findByText('messages');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent('lora/pkt_fwd.log');
    expect(rows[0]).toHaveTextContent('2048 KB');
    expect(rows[1]).toHaveTextContent('12.5 KB');
    const list = calls.find((c) => c.url.pathname === gatewayLogApi.list.path)!;
    expect(list.url.searchParams.get('log_file_dir')).toBe('/var/log/');
    expect(list.url.searchParams.get('gateway_id')).toBe(gw.gwID);

    fireEvent.click(within(table).getByRole('button', { name: 'Download lora/pkt_fwd.log' }));
    await waitFor(() => expect(saved).toEqual(['pkt_fwd.log']));
    const download = calls.find((c) => c.url.pathname === gatewayLogApi.download.path)!;
    expect(Object.fromEntries(download.url.searchParams)).toEqual({
      log_file_dir: '/var/log/',
      gateway_id: gw.gwID,
      logName: 'lora/pkt_fwd.log',
    });
  });

  it('a file too large to download is refused in words', async () => {
    stubFetch({
      ...base,
      [gatewayLogApi.list.path]: ok({ files }),
      [gatewayLogApi.download.path]: () =>
        Response.json(refused(C.LOG_TOO_LARGE, 'log file too large'), { status: 413 }),
    });
    renderWithProviders(<RlogList />, { route: route('rlog-list') });
    fireEvent.click(await screen.findByRole('button', { name: 'Download messages' }));
    await waitFor(() => expect(toast.current?.message).toBe('Log file too large to download'));
  });

  it('an offline gateway: the list says so, refresh asks again', async () => {
    let offline = true;
    const calls = stubFetch({
      ...base,
      [gatewayLogApi.list.path]: () => (offline ? refused(C.GATEWAY_OFFLINE, 'gateway offline') : ok({ files })),
    });
    renderWithProviders(<RlogList />, { route: route('rlog-list') });
    expect(await screen.findByTestId('logs-error')).toHaveTextContent('Gateway offline');
    expect(calls.find((c) => c.url.pathname === gatewayLogApi.list.path)?.url.searchParams.get('log_file_dir')).toBe(
      '/var/rlog/',
    );
    offline = false;
    fireEvent.click(screen.getByTestId('logs-refresh'));
    expect(await screen.findByText('messages')).toBeInTheDocument();
    expect(screen.queryByTestId('logs-error')).toBeNull();
  });
});
