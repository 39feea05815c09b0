import { upgradeRecordApi, upgradeTaskApi } from '@lns/contract/api/upgrades';
import { C } from '@lns/contract/codes';
import { INSTALL_STATUS } from '@lns/contract/upgrades';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { renderWithProviders, setupI18n, stubFetch } from '../../../test/render';
import { i18n } from '../../lib/i18n';
import { session } from '../../lib/session';
import { TASK_REFRESH_MS } from './api/tasks';
import TaskDetail from './pages/TaskDetail';
import { list, ok, recordOf, taskOf } from './testFixtures';

const ROUTE = '/gateway/upgrade/task/detail?taskId=7&taskName=pf-2.1.0';
const downloading = recordOf();
const failed = recordOf({
  id: 12,
  gatewayId: 'a840411b2c3d4e02',
  gatewayName: 'yard',
  state: 'error',
  installStatus: INSTALL_STATUS.installFail,
  tries: 3,
  error: 'rolled back: lora_pkt_fwd did not start',
});
const done = recordOf({ state: 'completed', installStatus: INSTALL_STATUS.normalRun, progress: 100 });
const callsTo = (calls: ReturnType<typeof stubFetch>, path: string) => calls.filter((c) => c.url.pathname === path);

describe('upgrade task detail', () => {
  beforeAll(async () => {
    await setupI18n('en-US');
    await i18n.loadNamespaces(['upgrades']);
  });
  beforeEach(() => session.signIn({ token: 'tok-1', name: 'root', userID: 1, admin: 1 }));

  it('shows the task with its gateways by state, and a row per gateway with its steps', async () => {
    const calls = stubFetch({
      [upgradeTaskApi.detail.path]: ok(taskOf({ state: 'abnormal' })),
      [upgradeRecordApi.listByTaskId.path]: list([downloading, failed]),
    });
    renderWithProviders(<TaskDetail />, { route: ROUTE });
    const header = await screen.findByTestId('task-header');
    expect(within(header).getByText('pf-2.1.0', { selector: 'h6' })).toBeInTheDocument();
    expect(within(header).getByTestId('task-state-abnormal')).toHaveTextContent('Abnormal');
    expect(within(header).getByTestId('count-completed')).toHaveTextContent('Completed 2');
    expect(within(header).getByTestId('count-waiting')).toHaveTextContent('Waiting 1');
    expect(within(header).getByText('2 / 4')).toBeInTheDocument();
    expect(within(header).getByText('Packet forwarder')).toBeInTheDocument();
    expect(within(header).queryByTestId('task-following')).toBeNull();

    const table = await screen.findByTestId('task-records-table');
    expect(await within(table).findByText('roof')).toBeInTheDocument();
    expect(within(table).getAllByText('pf-2.0.3 → pf-2.1.0')).toHaveLength(2);
    expect(within(table).getByText('Downloading', { selector: 'td' })).toBeInTheDocument();
    expect(within(table).getByText('Install failed')).toBeInTheDocument();
    expect(within(table).getByText('rolled back: lora_pkt_fwd did not start')).toBeInTheDocument();
    expect(within(table).getByText('3 / 3')).toBeInTheDocument();
    expect(within(table).getByTestId('steps-11')).toHaveAttribute('data-step', 'downloading');
    expect(within(table).getByTestId('steps-11')).toHaveAttribute('data-state', 'active');
    expect(within(table).getByTestId('steps-12')).toHaveAttribute('data-step', 'installing');
    expect(within(table).getByTestId('steps-12')).toHaveAttribute('data-state', 'error');

    // The overlay names every step with its state.
    fireEvent.click(within(table).getByTestId('steps-12'));
    const overlay = await screen.findByTestId('steps-12-overlay');
    const steps = within(overlay).getAllByText(/^(Waiting|Downloading|Installing|Restarting|Running|Completed)$/);
    expect(steps.map((s) => s.textContent)).toEqual([
      'Waiting',
      'Downloading',
      'Installing',
      'Restarting',
      'Running',
      'Completed',
    ]);
    expect(within(overlay).getAllByText('done')).toHaveLength(2);
    expect(within(overlay).getByText('failed')).toBeInTheDocument();
    expect(within(overlay).getAllByText('to come')).toHaveLength(3);
    expect(callsTo(calls, upgradeRecordApi.listByTaskId.path)[0]?.url.searchParams.get('taskId')).toBe('7');
  });

  it('follows a running task every 3 s and stops once it is over', async () => {
    let detail = taskOf({ state: 'upgrading' });
    let records = [downloading];
    const calls = stubFetch({
      [upgradeTaskApi.detail.path]: () => ok(detail),
      [upgradeRecordApi.listByTaskId.path]: () => list(records),
    });
    renderWithProviders(<TaskDetail />, { route: ROUTE });
    expect(await screen.findByTestId('task-following')).toBeInTheDocument();
    expect(await screen.findByTestId('steps-11')).toHaveAttribute('data-step', 'downloading');

    // The task ends: the next refresh shows it, and nothing is asked after that.
    detail = taskOf({
      state: 'completed',
      counts: {
        waiting: 0,
        upgrading: 0,
        retry: 0,
        sdkDownloading: 0,
        rebooting: 0,
        completed: 4,
        skipped: 0,
        error: 0,
      },
    });
    records = [done];
    await waitFor(() => expect(screen.getByTestId('task-state-completed')).toBeInTheDocument(), {
      timeout: TASK_REFRESH_MS * 2,
    });
    await waitFor(() => expect(screen.getByTestId('steps-11')).toHaveAttribute('data-step', 'completed'), {
      timeout: TASK_REFRESH_MS * 2,
    });
    expect(screen.queryByTestId('task-following')).toBeNull();
    const asked = callsTo(calls, upgradeTaskApi.detail.path).length;
    const recordsAsked = callsTo(calls, upgradeRecordApi.listByTaskId.path).length;
    await act(() => new Promise((r) => setTimeout(r, TASK_REFRESH_MS + 800)));
    expect(callsTo(calls, upgradeTaskApi.detail.path)).toHaveLength(asked);
    expect(callsTo(calls, upgradeRecordApi.listByTaskId.path)).toHaveLength(recordsAsked);
  });

  it('says so for a task that does not exist', async () => {
    stubFetch({
      [upgradeTaskApi.detail.path]: { code: C.FUOTA_TASK_MISSING, msg: 'missing' },
      [upgradeRecordApi.listByTaskId.path]: list([]),
    });
    renderWithProviders(<TaskDetail />, { route: ROUTE });
    expect(await screen.findByTestId('task-missing')).toHaveTextContent('This upgrade task does not exist');
  });
});
