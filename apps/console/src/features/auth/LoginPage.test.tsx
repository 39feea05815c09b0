import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { renderWithProviders, setupI18n, stubFetch } from '../../../test/render';
import { session } from '../../lib/session';
import { toast } from '../../lib/toast';
import LoginPage from './LoginPage';

describe('LoginPage', () => {
  beforeAll(() => setupI18n());
  beforeEach(() => session.clear());

  it('shows both required-field messages', async () => {
    stubFetch({ '/api/login/options': { code: 0, data: { captcha: false } } });
    renderWithProviders(<LoginPage />, { route: '/login' });
    const submit = await screen.findByTestId('login-submit');
    await waitFor(() => expect(submit).toBeEnabled());
    fireEvent.click(submit);
    expect(await screen.findByText('Account name cannot be empty')).toBeInTheDocument();
    expect(screen.getByText('Password cannot be empty')).toBeInTheDocument();
  });

  it('with the captcha off: no slider, signs in with name and password and stores the session', async () => {
    const calls = stubFetch({
      '/api/login/options': { code: 0, data: { captcha: false } },
      '/api/login': { code: 0, token: 'tok-9', name: 'admin', userID: 1, admin: 1 },
    });
    renderWithProviders(<LoginPage />, { route: '/login' });
    await waitFor(() => expect(screen.getByTestId('login-submit')).toBeEnabled());
    expect(screen.queryByTestId('captcha')).toBeNull();
    fireEvent.change(screen.getByTestId('login-name'), { target: { value: 'admin' } });
    fireEvent.change(screen.getByTestId('login-password'), { target: { value: 'pw' } });
    fireEvent.click(screen.getByTestId('login-submit'));
    await waitFor(() => expect(session.token).toBe('tok-9'));
    const body = JSON.parse(String(calls.find((c) => c.url.pathname === '/api/login')!.init!.body));
    expect(body).toMatchObject({ name: 'admin', password: 'pw' });
    expect(typeof body.timeStamp).toBe('number');
    // An admin's access grants FUOTA too (packages/contract/src/roles.ts).
    expect(session.access).toEqual(['admin', 'user', 'fuota']);
    expect(session.name).toBe('admin');
  });

  it('with the captcha on: shows the puzzle and asks for the slide before signing in', async () => {
    const png = 'data:image/png;base64,iVBORw0KGgo=';
    const calls = stubFetch({
      '/api/login/options': { code: 0, data: { captcha: true } },
      '/api/captcha': {
        code: 0,
        data: { id: 'c1', background: png, piece: png, y: 30, width: 310, height: 160, pieceSize: 50 },
      },
    });
    renderWithProviders(<LoginPage />, { route: '/login' });
    expect(await screen.findByTestId('captcha-piece')).toHaveStyle({ top: '30px', left: '0px' });
    fireEvent.change(screen.getByTestId('login-name'), { target: { value: 'admin' } });
    fireEvent.change(screen.getByTestId('login-password'), { target: { value: 'pw' } });
    fireEvent.click(screen.getByTestId('login-submit'));
    await waitFor(() => expect(toast.current?.message).toBe('Please complete the slider verification first'));
    expect(calls.some((c) => c.url.pathname === '/api/login')).toBe(false);
  });
});
