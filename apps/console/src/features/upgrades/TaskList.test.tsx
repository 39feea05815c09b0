import { gatewayApi } from '@lns/contract/api/gateways';
import { upgradeRecordApi, upgradeTaskApi } from '@lns/contract/api/upgrades';
import { INSTALL_STATUS, UPGRADE_TYPE } from '@lns/contract/upgrades';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { gatewayRow } from '../../../test/fixtures';
import { renderWithProviders, setupI18n, stubFetch } from '../../../test/render';
import { REARM_MS } from '../../components/DeleteDialog';
import { i18n } from '../../lib/i18n';
import { session } from '../../lib/session';
import TaskList from './pages/TaskList';
import UpgradeRecords from './pages/UpgradeRecords';
import { list, ok, recordOf, taskOf } from './testFixtures';

const running = taskOf();
const over = taskOf({
  taskId: 8,
  taskName: 'tools-1.0',
  upgradeType: UPGRADE_TYPE.deb,
  state: 'abnormal',
  counts: { waiting: 0, upgrading: 0, retry: 0, sdkDownloading: 0, rebooting: 0, completed: 2, skipped: 0, error: 1 },
  total: 3,
});

describe('upgrade task list and records', () => {
  beforeAll(async () => {
    await setupI18n('en-US');
    await i18n.loadNamespaces(['upgrades']);
  });
  beforeEach(() => session.signIn({ token: 'tok-1', name: 'root', userID: 1, admin: 1 }));

  it('lists tasks: name linking to its detail, kind, state, completed of all, failed ones', async () => {
    stubFetch({ [upgradeTaskApi.list.path]: list([running, over]) });
    renderWithProviders(<TaskList />, { route: '/gateway/task-list' });
    const table = await screen.findByTestId('tasks-table');
    expect(await within(table).findByTestId('task-link-7')).toHaveAttribute(
      'href',
      '/gateway/upgrade/task/detail?taskId=7&taskName=pf-2.1.0',
    );
    expect(within(table).getByText('Packet forwarder')).toBeInTheDocument();
    expect(within(table).getByText('Deb')).toBeInTheDocument();
    expect(within(table).getByTestId('task-state-upgrading')).toHaveTextContent('Upgrading');
    expect(within(table).getByTestId('task-progress-7')).toHaveAttribute('aria-valuenow', '50');
    expect(within(table).getByText('2 / 4')).toBeInTheDocument();
    expect(within(table).getByText('1 failed')).toBeInTheDocument();
  });

  it('deletes a task after the slide', async () => {
    const calls = stubFetch({
      [upgradeTaskApi.list.path]: list([running, over]),
      [upgradeTaskApi.delete.path]: ok(null),
    });
    renderWithProviders(<TaskList />, { route: '/gateway/task-list' });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete tools-1.0' }));
    await act(() => new Promise((r) => setTimeout(r, REARM_MS + 50)));
    const handle = screen.getByTestId('slide-verify-handle');
    fireEvent.pointerDown(handle, { clientX: 0, pointerId: 1 });
    fireEvent.pointerMove(handle, { clientX: 400, pointerId: 1 });
    fireEvent.pointerUp(handle, { clientX: 400, pointerId: 1 });
    fireEvent.click(screen.getByTestId('delete-confirm'));
    expect(await screen.findByTestId('delete-deleted')).toHaveTextContent('tools-1.0');
    const sent = calls.find((c) => c.url.pathname === upgradeTaskApi.delete.path);
    expect(JSON.parse(String(sent?.init?.body))).toEqual({ taskId: 8 });
  });

  it('upgrade records: every gateway without one, the URL gateway with it', async () => {
    const roof = gatewayRow({ gwID: 'a840411b2c3d4e01', gwName: 'roof', online: true });
    const calls = stubFetch({
      [upgradeRecordApi.list.path]: list([recordOf({ state: 'completed', installStatus: INSTALL_STATUS.normalRun })]),
      [gatewayApi.list.path]: list([roof]),
      [gatewayApi.statusInfo.path]: ok({ ...roof, report: {} }),
    });
    const asked = () => calls.filter((c) => c.url.pathname === upgradeRecordApi.list.path);
    renderWithProviders(<UpgradeRecords />, { route: `/gateway/upgrade-record?gwID=${roof.gwID}&gwName=roof` });
    const table = await screen.findByTestId('upgrade-records-table');
    expect(await within(table).findByText('Running normally')).toBeInTheDocument();
    expect(within(table).getByRole('link', { name: 'pf-2.1.0' })).toHaveAttribute(
      'href',
      '/gateway/upgrade/task/detail?taskId=7&taskName=pf-2.1.0',
    );
    expect(asked()[0]?.url.searchParams.get('gatewayId')).toBe(roof.gwID);
    await waitFor(() =>
      expect(screen.getByTestId('records-filter-gateway')).toHaveValue('roof (A8-40-41-1B-2C-3D-4E-01)'),
    );
  });
});
