import { regionApi } from '@lns/contract/api/regions';
import { subnetSwitchTaskApi } from '@lns/contract/api/subnet-switch';
import { C } from '@lns/contract/codes';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, setupI18n, stubFetch } from '../../../test/render';
import { i18n } from '../../lib/i18n';
import { session } from '../../lib/session';
import { TaskFormDialog } from './components/TaskFormDialog';
import { ok, regions, taskOf } from './testFixtures';

const field = (testId: string) => screen.getByTestId(testId).closest('.MuiFormControl-root') as HTMLElement;
async function choose(label: RegExp, option: RegExp) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: label }));
  const listbox = await screen.findByRole('listbox');
  fireEvent.click(await within(listbox).findByRole('option', { name: option }));
  await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
}
const sentTo = (calls: ReturnType<typeof stubFetch>, path: string) =>
  calls.filter((c) => c.url.pathname === path).map((c) => JSON.parse(String(c.init?.body)));

describe('cutover task form', () => {
  beforeAll(async () => {
    await setupI18n('en-US');
    await i18n.loadNamespaces(['subnetCutover']);
  });
  beforeEach(() => session.signIn({ token: 'tok-1', name: 'root', userID: 1, admin: 1 }));

  it('creates a task with exactly the contract body: region, then two of its subnets', async () => {
    const calls = stubFetch({
      [regionApi.list.path]: regions,
      [subnetSwitchTaskApi.create.path]: ok({ taskId: 9 }),
    });
    const onClose = vi.fn();
    const before = Date.now();
    renderWithProviders(<TaskFormDialog onClose={onClose} />);
    expect(await screen.findByTestId('cutover-interval')).toHaveValue('60');
    const after = Date.now();
    expect(screen.getByTestId('cutover-graceTime')).toHaveValue('3600');
    // The switch time starts five minutes after the form opened (to the second); a busy machine
    // may take a while to render it, so the bounds are the times around the render.
    const switchAt = dayjs(screen.getByTestId('cutover-switchTime').getAttribute('value')).valueOf();
    expect(switchAt).toBeGreaterThan(before + 299_000);
    expect(switchAt).toBeLessThanOrEqual(after + 300_000);
    expect(field('cutover-interval')).toHaveTextContent('the interval must be shorter than the gateway heartbeat');
    fireEvent.change(screen.getByTestId('cutover-taskName'), { target: { value: 'north-move' } });
    fireEvent.change(screen.getByTestId('cutover-interval'), { target: { value: '30' } });
    fireEvent.change(screen.getByTestId('cutover-switchTime'), { target: { value: '2030-01-02T03:04:05' } });
    await choose(/Region/, /US915/);
    await choose(/Current channel plan/, /sub-band 1/);
    // The current subnet cannot be the next one too.
    fireEvent.mouseDown(screen.getByRole('combobox', { name: /Next channel plan/ }));
    const listbox = await screen.findByRole('listbox');
    expect(within(listbox).getByRole('option', { name: /sub-band 1/ })).toHaveAttribute('aria-disabled', 'true');
    fireEvent.click(within(listbox).getByRole('option', { name: /sub-band 2/ }));
    fireEvent.click(screen.getByTestId('cutover-save'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sentTo(calls, subnetSwitchTaskApi.create.path)).toEqual([
      {
        taskName: 'north-move',
        interval: 30,
        switchTime: dayjs('2030-01-02T03:04:05').valueOf(),
        currentChannelPlan: 'us915:us915-1',
        nextChannelPlan: 'us915:us915-2',
        graceTime: 3600,
      },
    ]);
  });

  it('says what is missing before sending', async () => {
    const calls = stubFetch({ [regionApi.list.path]: regions });
    renderWithProviders(<TaskFormDialog onClose={() => {}} />);
    fireEvent.click(await screen.findByTestId('cutover-save'));
    await waitFor(() => expect(field('cutover-taskName')).toHaveTextContent('Task name cannot be empty'));
    expect(field('cutover-currentChannelPlan')).toHaveTextContent('Subnet cannot be empty');
    expect(field('cutover-nextChannelPlan')).toHaveTextContent('Subnet cannot be empty');
    expect(sentTo(calls, subnetSwitchTaskApi.create.path)).toHaveLength(0);
  });

  it('edits a task with members: the plans stay, a 17004 refusal shows on the interval', async () => {
    const calls = stubFetch({
      [regionApi.list.path]: regions,
      [subnetSwitchTaskApi.update.path]: {
        code: C.SWITCH_INTERVAL_TOO_LONG,
        msg: 'interval too long',
        field: 'interval',
      },
    });
    const task = taskOf({ status: 1 });
    renderWithProviders(<TaskFormDialog task={task} onClose={() => {}} />);
    expect(await screen.findByRole('combobox', { name: /Current channel plan/ })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    fireEvent.change(screen.getByTestId('cutover-interval'), { target: { value: '600' } });
    fireEvent.click(screen.getByTestId('cutover-save'));
    await waitFor(() =>
      expect(field('cutover-interval')).toHaveTextContent(
        'The interval must be shorter than the heartbeat (status interval) of every member gateway',
      ),
    );
    expect(sentTo(calls, subnetSwitchTaskApi.update.path)).toEqual([
      { taskId: 3, taskName: 'north-move', interval: 600, switchTime: task.switchTime, graceTime: 3600 },
    ]);
  });
});
