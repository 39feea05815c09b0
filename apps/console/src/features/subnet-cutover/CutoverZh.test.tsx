import { subnetSwitchMemberApi, subnetSwitchTaskApi } from '@lns/contract/api/subnet-switch';
import { screen, within } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { renderWithProviders, setupI18n, stubFetch } from '../../../test/render';
import { i18n } from '../../lib/i18n';
import { session } from '../../lib/session';
import CutoverDevices from './pages/CutoverDevices';
import CutoverTasks from './pages/CutoverTasks';
import { deviceMemberOf, list, ok, taskOf } from './testFixtures';

describe('subnet cutover in Chinese', () => {
  beforeAll(async () => {
    await setupI18n('zh-CN');
    await i18n.loadNamespaces(['subnetCutover']);
  });
  afterAll(() => setupI18n('en-US'));
  beforeEach(() => session.signIn({ token: 'tok-1', name: 'root', userID: 1, admin: 1 }));

  it('the task list says status and members in Chinese', async () => {
    stubFetch({ [subnetSwitchTaskApi.list.path]: list([taskOf({ status: 1, deviceStatus: { '1': 3 } })]) });
    renderWithProviders(<CutoverTasks />, { route: '/gateway/subnet-cutover' });
    expect(await screen.findByRole('heading', { name: '子网切换任务' })).toBeInTheDocument();
    const table = await screen.findByTestId('cutover-tasks');
    expect(await within(table).findByTestId('cutover-status-1')).toHaveTextContent('待执行');
    expect(within(table).getByText('切换时间')).toBeInTheDocument();
    expect(within(table).getByTestId('cutover-devices-3')).toHaveTextContent('3 个设备');
  });

  it('member devices show their phase in words', async () => {
    stubFetch({
      [subnetSwitchTaskApi.info.path]: ok(taskOf()),
      [subnetSwitchMemberApi.deviceList.path]: list([deviceMemberOf()]),
    });
    renderWithProviders(<CutoverDevices />, { route: '/gateway/subnet-cutover/device?taskId=3&taskName=north-move' });
    const table = await screen.findByTestId('cutover-device-members');
    expect(await within(table).findByText('两套计划')).toBeInTheDocument();
    expect(within(table).getByTestId('cutover-status-2')).toHaveTextContent('已发送请求');
    expect(screen.getByTestId('cutover-add-app')).toHaveTextContent('添加应用');
  });
});
