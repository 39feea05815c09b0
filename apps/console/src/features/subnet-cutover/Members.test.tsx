import { applicationApi } from '@lns/contract/api/applications';
import { gatewayApi } from '@lns/contract/api/gateways';
import { subnetSwitchMemberApi, subnetSwitchTaskApi } from '@lns/contract/api/subnet-switch';
import { C } from '@lns/contract/codes';
import { fireEvent, screen, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { appRow, gatewayRow } from '../../../test/fixtures';
import { renderWithProviders, setupI18n, stubFetch } from '../../../test/render';
import { i18n } from '../../lib/i18n';
import { session } from '../../lib/session';
import CutoverDevices from './pages/CutoverDevices';
import CutoverGateways from './pages/CutoverGateways';
import { deviceMemberOf, gatewayMemberOf, list, ok, taskOf } from './testFixtures';

const onPlan = (n: number, subnet: string) =>
  gatewayRow({ gwID: `a840411b2c3d4e0${n}`, gwName: `gw-${n}`, region: 'us915', subnet });
const body = (calls: ReturnType<typeof stubFetch>, path: string) =>
  JSON.parse(String(calls.find((c) => c.url.pathname === path)?.init?.body));

describe('cutover members', () => {
  beforeAll(async () => {
    await setupI18n('en-US');
    await i18n.loadNamespaces(['subnetCutover']);
  });
  beforeEach(() => session.signIn({ token: 'tok-1', name: 'root', userID: 1, admin: 1 }));

  it('gateways: status and the manual flag in words; add offers those on the current plan and shows the refused one', async () => {
    const calls = stubFetch({
      [subnetSwitchTaskApi.info.path]: ok(taskOf()),
      [subnetSwitchMemberApi.gatewayList.path]: list([gatewayMemberOf()]),
      [gatewayApi.list.path]: list([onPlan(2, 'us915-1'), onPlan(3, 'us915-2'), onPlan(4, 'us915-1')]),
      [subnetSwitchMemberApi.gatewayAdd.path]: {
        code: C.SWITCH_MEMBER_BUSY,
        msg: 'already a member of another open cutover task: gwIDs (a840411b2c3d4e04 is in another open task)',
        field: 'gwIDs',
      },
    });
    renderWithProviders(<CutoverGateways />, { route: '/gateway/subnet-cutover/gateway?taskId=3&taskName=north-move' });
    const table = await screen.findByTestId('cutover-gateway-members');
    expect(await within(table).findByTestId('cutover-manual-a840411b2c3d4e01')).toHaveTextContent(
      'Needs manual action: install the new packet-forwarder configuration by hand',
    );
    expect(within(table).getByTestId('cutover-status-1')).toHaveTextContent('Waiting to execute');
    expect(await screen.findByTestId('cutover-task-bar')).toHaveTextContent('us915:us915-1 → us915:us915-2');

    fireEvent.click(screen.getByTestId('cutover-add-gateways'));
    const available = await screen.findByTestId('cutover-available');
    expect(await within(available).findByText('gw-2')).toBeInTheDocument();
    expect(within(available).queryByText('gw-3')).toBeNull();
    expect(calls.find((c) => c.url.pathname === gatewayApi.list.path)?.url.searchParams.get('regions')).toBe('us915');
    fireEvent.click(within(available).getAllByRole('checkbox')[0]!);
    fireEvent.click(screen.getByTestId('cutover-add-members'));
    expect(await screen.findByTestId('cutover-add-refused')).toHaveTextContent(
      'A8-40-41-1B-2C-3D-4E-04: Already a member of another open cutover task',
    );
    expect(body(calls, subnetSwitchMemberApi.gatewayAdd.path)).toEqual({
      taskId: 3,
      gwIDs: ['a840411b2c3d4e02', 'a840411b2c3d4e04'],
    });
  });

  it('devices: add application lists the devices the server skipped, each with its reason', async () => {
    const calls = stubFetch({
      [subnetSwitchTaskApi.info.path]: ok(taskOf()),
      [subnetSwitchMemberApi.deviceList.path]: list([deviceMemberOf({ error: 'refused the channel plan', status: 6 })]),
      [applicationApi.list.path]: list([appRow({ appID: 4, appName: 'meters' })]),
      [subnetSwitchMemberApi.applicationAdd.path]: ok({
        added: 2,
        skipped: [
          { devEUI: '70b3d50000000009', code: C.SWITCH_WRONG_PLAN },
          { devEUI: '70b3d5000000000a', code: C.SWITCH_MEMBER_BUSY },
        ],
      }),
    });
    renderWithProviders(<CutoverDevices />, { route: '/gateway/subnet-cutover/device?taskId=3&taskName=north-move' });
    const table = await screen.findByTestId('cutover-device-members');
    expect(await within(table).findByText('refused the channel plan')).toBeInTheDocument();
    expect(within(table).getByTestId('cutover-status-6')).toHaveTextContent('Failed');
    expect(within(table).getByText('Both plans')).toBeInTheDocument();

    fireEvent.click(screen.getByTestId('cutover-add-app'));
    fireEvent.mouseDown(await screen.findByRole('combobox', { name: 'Choose an application' }));
    fireEvent.click(await within(await screen.findByRole('listbox')).findByRole('option', { name: 'meters' }));
    fireEvent.click(screen.getByTestId('cutover-add-app-save'));
    expect(await screen.findByTestId('cutover-app-added')).toHaveTextContent('2 devices added');
    const skipped = screen.getByTestId('cutover-app-skipped');
    expect(skipped).toHaveTextContent("70-B3-D5-00-00-00-00-09: Not on the task's current channel plan");
    expect(skipped).toHaveTextContent('70-B3-D5-00-00-00-00-0A: Already a member of another open cutover task');
    expect(body(calls, subnetSwitchMemberApi.applicationAdd.path)).toEqual({ taskId: 3, appID: 4 });
  });

  it('after the switch members can no longer change', async () => {
    stubFetch({
      [subnetSwitchTaskApi.info.path]: ok(taskOf({ status: 4, switchedAt: 1_895_608_000_000 })),
      [subnetSwitchMemberApi.deviceList.path]: list([deviceMemberOf({ status: 4, phase: 2 })]),
    });
    renderWithProviders(<CutoverDevices />, { route: '/gateway/subnet-cutover/device?taskId=3&taskName=north-move' });
    expect(
      await screen.findByText('The task has switched or is over: members can no longer change.'),
    ).toBeInTheDocument();
    expect(screen.getByTestId('cutover-add-devices')).toBeDisabled();
    expect(screen.getByTestId('cutover-add-app')).toBeDisabled();
  });
});
