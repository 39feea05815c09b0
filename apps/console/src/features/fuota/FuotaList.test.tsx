import { fuotaApi } from '@lns/contract/api/fuota';
import { mcGroupApi } from '@lns/contract/api/multicast';
import { C } from '@lns/contract/codes';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fuotaTaskRow, listEnvelope, mcGroupRow } from '../../../test/fuota';
import { renderWithProviders, setupI18n, stubFetch } from '../../../test/render';
import { REARM_MS } from '../../components/DeleteDialog';
import { i18n } from '../../lib/i18n';
import { session } from '../../lib/session';
import { toast } from '../../lib/toast';
import FuotaList from './pages/FuotaList';

// A loaded machine (the whole suite in parallel) can take seconds to render a page.

const running = fuotaTaskRow();
const finished = fuotaTaskRow({
  fdID: 8,
  firmwareName: 'meter-fw',
  state: 6,
  status: 'completed',
  progress: 100,
  doneNums: 3,
  finishtime: 1_700_000_100_000,
});
const lists = {
  [fuotaApi.list.path]: listEnvelope([running, finished]),
  [mcGroupApi.list.path]: listEnvelope([mcGroupRow()]),
};
const slide = async () => {
  await act(() => new Promise((r) => setTimeout(r, REARM_MS + 50)));
  const handle = screen.getByTestId('slide-verify-handle');
  fireEvent.pointerDown(handle, { clientX: 0, pointerId: 1 });
  fireEvent.pointerMove(handle, { clientX: 150, pointerId: 1 });
  fireEvent.pointerMove(handle, { clientX: 400, pointerId: 1 });
  fireEvent.pointerUp(handle, { clientX: 400, pointerId: 1 });
};
const bodyOf = (calls: ReturnType<typeof stubFetch>, path: string) =>
  JSON.parse(String(calls.find((c) => c.url.pathname === path)?.init?.body));

describe('FUOTA task list', () => {
  beforeAll(async () => {
    await setupI18n('en-US');
    await i18n.loadNamespaces(['fuota']);
  });
  beforeEach(() => {
    toast.clear();
    session.signIn({ token: 'tok-1', name: 'root', userID: 1, admin: 1 });
  });

  it('shows each task: group, versions, status, state, progress, devices', async () => {
    stubFetch(lists);
    renderWithProviders(<FuotaList />, { route: '/multicast/fuota/list' });
    const table = await screen.findByTestId('fuota-table');
    expect(await within(table).findByTestId('fuota-link-7')).toHaveAttribute('href', '/multicast/fuota/status?fdID=7');
    expect(within(table).getAllByText('AA-00-00-00-00-00-00-01')).toHaveLength(2);
    expect(within(table).getAllByText('1.0.0 → 1.1.0')).toHaveLength(2);
    expect(within(table).getByTestId('status-upgrading')).toHaveTextContent('Upgrading');
    expect(within(table).getByTestId('status-completed')).toHaveTextContent('Completed');
    expect(within(table).getByText('EnqueueFragment')).toBeInTheDocument();
    expect(within(table).getByTestId('progress-7')).toHaveAttribute('aria-valuenow', '47');
    expect(within(table).getByText('3 / 0 / 3')).toBeInTheDocument();
  });

  it('aborts a running task after asking; offers no delete for it', async () => {
    const calls = stubFetch({ ...lists, [fuotaApi.abort.path]: { code: 0 } });
    renderWithProviders(<FuotaList />, { route: '/multicast/fuota/list' });
    fireEvent.click(await screen.findByRole('button', { name: 'Abort lamp-fw' }));
    expect(screen.queryByRole('button', { name: 'Delete lamp-fw' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Abort meter-fw' })).toBeNull();
    expect(await screen.findByText(/No more fragments of lamp-fw are sent/)).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('confirm-ok'));
    await waitFor(() => expect(toast.current?.message).toBe('The task is being aborted'));
    expect(bodyOf(calls, fuotaApi.abort.path)).toEqual({ fdID: 7 });
  });

  it('deletes a finished task after the slide, with the result per task', async () => {
    const calls = stubFetch({ ...lists, [fuotaApi.delete.path]: { code: 0, data: { deleted: [8], failed: [] } } });
    renderWithProviders(<FuotaList />, { route: '/multicast/fuota/list' });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete meter-fw' }));
    await slide();
    fireEvent.click(screen.getByTestId('delete-confirm'));
    expect(await screen.findByTestId('delete-deleted')).toHaveTextContent('1 item deleted');
    expect(bodyOf(calls, fuotaApi.delete.path)).toEqual({ fdIDs: [8] });
  });

  it('a task the server still runs fails the delete with the words of 16002', async () => {
    stubFetch({
      ...lists,
      [fuotaApi.delete.path]: {
        code: C.FUOTA_TASK_RUNNING,
        msg: 'firmware upgrade task running, abort it first',
        data: { deleted: [], failed: [{ fdID: 8, code: C.FUOTA_TASK_RUNNING, msg: 'running' }] },
      },
    });
    renderWithProviders(<FuotaList />, { route: '/multicast/fuota/list' });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete meter-fw' }));
    await slide();
    fireEvent.click(screen.getByTestId('delete-confirm'));
    const failed = await screen.findByTestId('delete-failed');
    expect(failed).toHaveTextContent('meter-fw');
    expect(failed).toHaveTextContent('Firmware upgrade task is running: abort it first');
  });

  it('filters by group', async () => {
    const calls = stubFetch(lists);
    renderWithProviders(<FuotaList />, { route: '/multicast/fuota/list' });
    await screen.findByTestId('fuota-link-7');
    fireEvent.change(screen.getByTestId('fuota-filter-group'), { target: { value: 'Lig' } });
    fireEvent.click(await screen.findByRole('option', { name: /Lights/ }));
    await waitFor(() =>
      expect(
        calls
          .filter((c) => c.url.pathname === fuotaApi.list.path)
          .at(-1)
          ?.url.searchParams.get('mcEUI'),
      ).toBe('aa00000000000001'),
    );
  });
});
