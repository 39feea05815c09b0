import { createTheme, ThemeProvider } from '@mui/material/styles';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { setupI18n, stubFetch } from '../../test/render';
import { authRoutes } from '../lib/authRoutes';
import { session } from '../lib/session';
import { routeObjects } from './router';

/** What React Router says when a route table leaves the first render or a matched URL without an element. */
const ROUTER_WARNINGS = /HydrateFallback|does not have an element/;

/** A signed-in common user whose session check answers. */
function signedIn() {
  session.signIn({ token: 't', name: 'ops', userID: 2, admin: 0 });
  stubFetch({
    [authRoutes.info.path]: {
      code: 0,
      data: { name: 'ops', userID: 2, admin: 0, access: ['user'], license: { valid: true } },
    },
  });
}

function start(path: string) {
  const router = createMemoryRouter(routeObjects(), { initialEntries: [path] });
  render(
    <ThemeProvider theme={createTheme()}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </ThemeProvider>,
  );
  return router;
}

describe('the console route table', () => {
  let warn: MockInstance;
  let error: MockInstance;
  const routerSaid = () =>
    [...warn.mock.calls, ...error.mock.calls]
      .map((c) => c.map(String).join(' '))
      .filter((m) => ROUTER_WARNINGS.test(m));

  beforeEach(async () => {
    await setupI18n('en-US');
    localStorage.clear();
    warn = vi.spyOn(console, 'warn');
    error = vi.spyOn(console, 'error');
  });
  afterEach(() => {
    warn.mockRestore();
    error.mockRestore();
  });

  it('opens / signed out on the login page without router warnings', async () => {
    stubFetch({ [authRoutes.loginOptions.path]: { code: 0, data: { captcha: false } } });
    const router = start('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'), { timeout: 15_000 });
    expect(await screen.findByTestId('login-submit')).toBeInTheDocument();
    expect(routerSaid()).toEqual([]);
  });

  it('sends / signed in to /home without router warnings', async () => {
    signedIn();
    const router = start('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'), { timeout: 15_000 });
    expect(routerSaid()).toEqual([]);
  });

  it('sends a page opened without the ids it needs to the nearest page it can show', async () => {
    signedIn();
    const bare = start('/application/device/list');
    await waitFor(() => expect(bare.state.location.pathname).toBe('/application/list'), { timeout: 15_000 });
    const noDevice = start('/application/device/detail?appID=3&appName=farm');
    await waitFor(() => expect(noDevice.state.location.pathname).toBe('/application/device/list'), { timeout: 15_000 });
    expect(noDevice.state.location.search).toBe('?appID=3&appName=farm');
    const complete = start('/application/device/list?appID=3&appName=farm');
    await waitFor(() => expect(complete.state.navigation.state).toBe('idle'));
    expect(complete.state.location.pathname).toBe('/application/device/list');
  });

  it('sends a redirect-only route to its target (the menus load on the way)', async () => {
    signedIn();
    const router = start('/application');
    await waitFor(() => expect(router.state.location.pathname).toBe('/application/list'), { timeout: 15_000 });
  });
});
