import { subnetSwitchTaskApi } from '@lns/contract/api/subnet-switch';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { renderWithProviders, setupI18n, stubFetch } from '../../../test/render';
import { i18n } from '../../lib/i18n';
import { session } from '../../lib/session';
import CutoverTasks from './pages/CutoverTasks';
import { list, ok, taskOf } from './testFixtures';

const open = taskOf();
const switched = taskOf({
  taskId: 4,
  taskName: 'south-move',
  status: 4,
  switchedAt: 1_895_608_000_000,
  deviceStatus: { '4': 2, '6': 1 },
  errorMessage: 'gateway a840411b2c3d4e09 not reached',
});

describe('cutover task list', () => {
  beforeAll(async () => {
    await setupI18n('en-US');
    await i18n.loadNamespaces(['subnetCutover']);
  });
  beforeEach(() => session.signIn({ token: 'tok-1', name: 'root', userID: 1, admin: 1 }));

  it('shows plans, status words, members by status, the error and links to the member pages', async () => {
    stubFetch({ [subnetSwitchTaskApi.list.path]: list([open, switched]) });
    renderWithProviders(<CutoverTasks />, { route: '/gateway/subnet-cutover' });
    const table = await screen.findByTestId('cutover-tasks');
    expect(await within(table).findByText('north-move')).toBeInTheDocument();
    expect(within(table).getAllByText('us915:us915-1 → us915:us915-2')).toHaveLength(2);
    expect(within(table).getByTestId('cutover-status-2')).toHaveTextContent('Request sent');
    expect(within(table).getByTestId('cutover-status-4')).toHaveTextContent('Finished');
    expect(within(table).getByTestId('cutover-device-status-3')).toHaveTextContent('Request sent 2 · Confirmed 1');
    expect(within(table).getByTestId('cutover-device-status-4')).toHaveTextContent('Finished 2 · Failed 1');
    expect(within(table).getByText('gateway a840411b2c3d4e09 not reached')).toBeInTheDocument();
    expect(within(table).getByTestId('cutover-gateways-3')).toHaveAttribute(
      'href',
      '/gateway/subnet-cutover/gateway?taskId=3&taskName=north-move',
    );
    expect(within(table).getByTestId('cutover-devices-3')).toHaveTextContent('3 devices');
  });

  it('offers cancel only before the switch, and cancels after confirming', async () => {
    const calls = stubFetch({
      [subnetSwitchTaskApi.list.path]: list([open, switched]),
      [subnetSwitchTaskApi.cancel.path]: ok(null),
    });
    renderWithProviders(<CutoverTasks />, { route: '/gateway/subnet-cutover' });
    const cancel = await screen.findByRole('button', { name: 'Cancel task north-move' });
    expect(screen.queryByRole('button', { name: 'Cancel task south-move' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit south-move' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Delete south-move' })).toBeInTheDocument();
    fireEvent.click(cancel);
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Cancel “north-move”?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel task' }));
    await waitFor(() => expect(calls.some((c) => c.url.pathname === subnetSwitchTaskApi.cancel.path)).toBe(true));
    const sent = calls.find((c) => c.url.pathname === subnetSwitchTaskApi.cancel.path);
    expect(JSON.parse(String(sent?.init?.body))).toEqual({ taskId: 3 });
  });
});
