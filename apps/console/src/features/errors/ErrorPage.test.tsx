import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setupI18n } from '../../../test/render';
import Page404 from './Page404';

/** The console's home at '/', the page the user came from, and the bad URL showing the 404 page. */
function renderAt404() {
  const router = createMemoryRouter(
    [
      { path: '/', element: <p>home page</p> },
      { path: '/gateway', element: <p>gateway list</p> },
      { path: '*', element: <Page404 /> },
    ],
    { initialEntries: ['/gateway', '/no-such-page'], initialIndex: 1 },
  );
  render(
    <Suspense fallback="loading">
      <RouterProvider router={router} />
    </Suspense>,
  );
  return router;
}

const countdownEnds = () =>
  act(() => {
    vi.advanceTimersByTime(5000);
  });

describe('404 page', () => {
  beforeAll(() => setupI18n('en-US'));
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    window.history.replaceState(null, '');
    Reflect.deleteProperty(window, 'navigation');
  });

  /** The browser's navigation list (this origin's entries of the tab) at `index`. */
  const navigationAt = (index: number) =>
    Object.defineProperty(window, 'navigation', { value: { currentEntry: { index } }, configurable: true });

  it('goes back one page after its countdown when the tab has an earlier console page', async () => {
    // The browser router numbers the tab's console entries; 1 = one console page before this one.
    window.history.replaceState({ idx: 1 }, '');
    const router = renderAt404();
    expect(screen.getByTestId('error-404')).toHaveTextContent('5');
    await countdownEnds();
    expect(router.state.location.pathname).toBe('/gateway');
    expect(screen.getByText('gateway list')).toBeInTheDocument();
  });

  it('goes back too when the earlier console page was another page load (an address typed by hand)', async () => {
    window.history.replaceState({ idx: 0 }, '');
    navigationAt(1);
    const router = renderAt404();
    await countdownEnds();
    expect(router.state.location.pathname).toBe('/gateway');
  });

  it('goes home instead when the bad URL was the first console page of the tab', async () => {
    // An earlier entry outside the console (a blank tab) and no router index on this one.
    window.history.pushState({ idx: 0 }, '', '/no-such-page');
    expect(window.history.length).toBeGreaterThan(1);
    navigationAt(0);
    const back = vi.spyOn(window.history, 'back');
    const router = renderAt404();
    await countdownEnds();
    expect(back).not.toHaveBeenCalled();
    expect(router.state.location.pathname).toBe('/');
    expect(screen.getByText('home page')).toBeInTheDocument();
  });
});
