import { C } from '@lns/contract/codes';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, setupI18n, stubFetch } from '../../../../test/render';
import { session } from '../../../lib/session';
import ChangePasswordDialog from './ChangePasswordDialog';

async function fill(current: string, next: string, confirm = next) {
  fireEvent.change(await screen.findByTestId('password-currentPassword'), { target: { value: current } });
  fireEvent.change(screen.getByTestId('password-newPassword'), { target: { value: next } });
  fireEvent.change(screen.getByTestId('password-confirmPassword'), { target: { value: confirm } });
  fireEvent.click(screen.getByTestId('password-change-save'));
}
const sent = (calls: { url: URL; init?: RequestInit }[]) =>
  calls.filter((c) => c.url.pathname === '/api/user/password');

describe('ChangePasswordDialog', () => {
  beforeEach(() => {
    localStorage.clear();
    session.signIn({ token: 'old-token', name: 'grafana-ops', userID: 4, admin: 0 });
  });

  it('sends current and new password, keeps the fresh session token and closes', async () => {
    await setupI18n('en-US');
    const calls = stubFetch({ '/api/user/password': { code: 0, data: { token: 'fresh-token' } } });
    const onClose = vi.fn();
    renderWithProviders(<ChangePasswordDialog open onClose={onClose} />);
    await fill('pw-123456', 'silver-orchard-58');
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(JSON.parse(String(sent(calls)[0]?.init?.body))).toEqual({
      currentPassword: 'pw-123456',
      newPassword: 'silver-orchard-58',
    });
    expect(session.token).toBe('fresh-token');
  });

  it.each([
    ['password123', 'password123', /^password too common or too easy to guess$/i],
    ['grafana-ops-77', 'grafana-ops-77', /^password must not contain the user name$/i],
    ['pw-123456', 'pw-123456', /^the new password must differ from the current one$/i],
    ['silver-orchard-58', 'silver-orchard-59', /^The passwords do not match$/],
  ])('refuses new %j (confirmed as %j) on the form and sends nothing', async (next, confirm, text) => {
    await setupI18n('en-US');
    const calls = stubFetch({});
    renderWithProviders(<ChangePasswordDialog open onClose={() => {}} />);
    await fill('pw-123456', next, confirm);
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(sent(calls)).toHaveLength(0);
  });

  it('names every empty field before sending', async () => {
    await setupI18n('en-US');
    const calls = stubFetch({});
    renderWithProviders(<ChangePasswordDialog open onClose={() => {}} />);
    await fill('', '');
    expect(await screen.findByText('Current password cannot be empty')).toBeInTheDocument();
    expect(screen.getByText('Password cannot be empty')).toBeInTheDocument();
    expect(sent(calls)).toHaveLength(0);
  });

  it('shows a wrong current password on its field, in Chinese too, and stays signed in', async () => {
    await setupI18n('zh-CN');
    stubFetch({
      '/api/user/password': { code: C.CURRENT_PASSWORD_WRONG, msg: '当前密码错误', field: 'currentPassword' },
    });
    const onClose = vi.fn();
    renderWithProviders(<ChangePasswordDialog open onClose={onClose} />);
    expect(await screen.findByText('至少 8 个字符；不能包含用户名，不能是常见密码或简单规律')).toBeInTheDocument();
    await fill('not-mine-1', 'silver-orchard-58');
    expect(await screen.findByText('当前密码错误', { selector: 'p' })).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
    expect(session.token).toBe('old-token');
  });
});
