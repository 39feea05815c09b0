import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders, setupI18n, stubFetch } from '../../../test/render';
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
    ['1', 'password too short: at least 8 characters'],
    ['grafana-ops-1', 'password must not contain the user name'],
    ['password123', 'password too common or too easy to guess'],
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
