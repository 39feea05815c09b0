import { C } from '@lns/contract/codes';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders, setupI18n, stubFetch } from '../../../../test/render';
import { UserFormDialog } from './UserFormDialog';

async function submitWith(name: string, password: string) {
  const calls = stubFetch({ '/api/user/create': { code: 0, data: { userID: 9 } } });
  renderWithProviders(<UserFormDialog open onClose={() => {}} />);
  fireEvent.change(await screen.findByTestId('user-name'), { target: { value: name } });
  fireEvent.change(screen.getByTestId('user-password'), { target: { value: password } });
  fireEvent.click(screen.getByTestId('user-admin-0'));
  fireEvent.click(screen.getByTestId('user-save'));
  return calls;
}

describe('UserFormDialog password policy', () => {
  it.each([
    ['1', 'Password too short: at least 8 characters'],
    ['grafana-ops-1', 'Password must not contain the user name'],
    ['password123', 'Password too common or too easy to guess'],
  ])('shows why %j is refused on the field and sends nothing', async (password, text) => {
    await setupI18n('en-US');
    const calls = await submitWith('grafana-ops', password);
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(calls.some((c) => c.url.pathname === '/api/user/create')).toBe(false);
  });

  it('shows it in Chinese when the console is in Chinese', async () => {
    await setupI18n('zh-CN');
    await submitWith('grafana-ops', 'password123');
    expect(await screen.findByText('密码过于常见或容易被猜到')).toBeInTheDocument();
  });
});

describe('UserFormDialog', () => {
  it('names every empty field before sending', async () => {
    await setupI18n('en-US');
    const calls = stubFetch({});
    renderWithProviders(<UserFormDialog open onClose={() => {}} />);
    fireEvent.click(await screen.findByTestId('user-save'));
    expect(await screen.findByText('User name cannot be empty')).toBeInTheDocument();
    expect(screen.getByText('Password cannot be empty')).toBeInTheDocument();
    expect(screen.getByText('Please choose a permission')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('updates without a password when it is left empty, and closes', async () => {
    await setupI18n('en-US');
    const calls = stubFetch({ '/api/user/update': { code: 0 } });
    const onClose = vi.fn();
    const user = { userID: 7, name: 'ops', admin: 1 as const, createtime: 0 };
    renderWithProviders(<UserFormDialog open onClose={onClose} user={user} />);
    fireEvent.change(await screen.findByTestId('user-name'), { target: { value: 'ops-2' } });
    fireEvent.click(screen.getByTestId('user-save'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const sent = calls.find((c) => c.url.pathname === '/api/user/update');
    expect(JSON.parse(String(sent?.init?.body))).toEqual({ userID: 7, name: 'ops-2', admin: 1 });
  });

  it('shows a taken name on the name field', async () => {
    await setupI18n('en-US');
    stubFetch({ '/api/user/create': { code: C.ACCOUNT_EXISTS, msg: 'account exists: name', field: 'name' } });
    renderWithProviders(<UserFormDialog open onClose={() => {}} />);
    fireEvent.change(await screen.findByTestId('user-name'), { target: { value: 'ops' } });
    fireEvent.change(screen.getByTestId('user-password'), { target: { value: 'pw-123456' } });
    fireEvent.click(screen.getByTestId('user-admin-0'));
    fireEvent.click(screen.getByTestId('user-save'));
    expect(await screen.findByText('Account already exists')).toBeInTheDocument();
  });
});
