import { auditApi } from '@lns/contract/api/audit';
import { authApi } from '@lns/contract/api/auth';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderWithProviders, setupI18n, stubFetch } from '../../../test/render';
import { i18n } from '../../lib/i18n';
import AuditLog from './pages/AuditLog';

const update = {
  id: 2,
  createtime: 1_700_000_000_000,
  userID: 1,
  userName: 'admin',
  clientIP: '10.0.0.7',
  method: 'POST',
  route: '/api/device/update',
  action: 'device.update',
  entityType: 'device',
  entityID: '0102030405060708',
  code: 0,
  success: true,
  before: { name: 'old-name', appKey: '***' },
  after: { name: 'new-name', appKey: '***' },
  request: { devEUI: '0102030405060708', devName: 'new-name', appKey: '***' },
};
const failedLogin = {
  ...update,
  id: 1,
  userID: null,
  userName: 'mallory',
  route: authApi.login.path,
  action: 'login',
  entityType: 'session',
  entityID: '',
  code: 2004,
  success: false,
  before: null,
  after: null,
  request: { name: 'mallory', password: '***' },
};

const listCalls = (calls: { url: URL }[]) => calls.filter((c) => c.url.pathname === auditApi.list.path);

describe('audit log page', () => {
  beforeAll(async () => {
    await setupI18n();
    await i18n.loadNamespaces(['audit']);
  });

  it('lists entries newest first in the range, filters by user and outcome, and shows before/after on click', {
    timeout: 20_000,
  }, async () => {
    const calls = stubFetch({ [auditApi.list.path]: { code: 0, amount: 2, data: [update, failedLogin] } });
    renderWithProviders(<AuditLog />);

    const table = await screen.findByTestId('audit-table');
    expect(await within(table).findByText('device.update')).toBeTruthy();
    expect(within(table).getByText('mallory')).toBeTruthy();
    expect(within(table).getByText('Device 0102030405060708')).toBeTruthy();
    expect(within(table).getByText('Failure 2004')).toBeTruthy();
    expect(within(table).getByText('Success')).toBeTruthy();

    const first = listCalls(calls)[0]!.url.searchParams;
    expect(first.get('orderBy')).toBe('createtime');
    expect(first.get('orderType')).toBe('desc');
    expect(Number(first.get('endTime'))).toBeGreaterThan(Number(first.get('startTime')));
    expect(first.get('userName')).toBeNull();

    // Text filters apply on Search; the outcome at once.
    fireEvent.change(screen.getByTestId('audit-userName'), { target: { value: 'mallory' } });
    expect(listCalls(calls).at(-1)!.url.searchParams.get('userName')).toBeNull();
    fireEvent.click(screen.getByTestId('audit-search'));
    await waitFor(() => expect(listCalls(calls).at(-1)!.url.searchParams.get('userName')).toBe('mallory'));
    fireEvent.mouseDown(within(screen.getByTestId('audit-filters')).getAllByRole('combobox')[1]!);
    fireEvent.click(await screen.findByRole('option', { name: 'Failure' }));
    await waitFor(() => {
      const last = listCalls(calls).at(-1)!.url.searchParams;
      expect(last.get('outcome')).toBe('failure');
      expect(last.get('userName')).toBe('mallory');
      expect(last.get('pageNo')).toBe('1');
    });

    fireEvent.click(within(table).getByText('device.update'));
    const detail = await screen.findByTestId('audit-detail');
    expect(within(detail).getByText('POST /api/device/update')).toBeTruthy();
    expect(within(detail).getByText('admin (1)')).toBeTruthy();
    const before = within(detail).getByTestId('audit-before');
    const after = within(detail).getByTestId('audit-after');
    expect(await within(before).findByText(/old-name/)).toBeTruthy();
    expect(await within(after).findByText(/new-name/)).toBeTruthy();
    expect(within(after).getAllByText(/\*\*\*/).length).toBeGreaterThan(0);
  });

  it('shows a failed sign-in with its code text and request, without before/after', async () => {
    stubFetch({ [auditApi.list.path]: { code: 0, amount: 1, data: [failedLogin] } });
    renderWithProviders(<AuditLog />);
    fireEvent.click(await screen.findByText('mallory'));
    const detail = await screen.findByTestId('audit-detail');
    expect(within(detail).getByText('2004 Wrong user name or password')).toBeTruthy();
    expect(within(detail).queryByTestId('audit-before')).toBeNull();
    expect(await within(within(detail).getByTestId('audit-body')).findByText(/mallory/)).toBeTruthy();
  });
});
