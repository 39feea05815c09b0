import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { setupI18n } from '../../test/render';
import { CHUNK_TIMEOUT_MS, ChunkTimeoutError, lazyPage, withTimeout } from '../lib/lazyWithTimeout';
import { RouteError } from './RootShell';

const HydrateFallback = () => null;
const never = () => new Promise<never>(() => {});
const routerAt = (lazy: ReturnType<typeof lazyPage>) =>
  createMemoryRouter(
    [{ path: '/', errorElement: <RouteError />, HydrateFallback, children: [{ path: 'page', lazy }] }],
    {
      initialEntries: ['/page'],
    },
  );

describe('lazy route pages', () => {
  beforeAll(() => setupI18n());

  it('waits 120 s for a chunk by default', () => {
    expect(CHUNK_TIMEOUT_MS).toBe(120_000);
  });

  it('a chunk that never arrives lands on the error element with a reload', async () => {
    render(<RouterProvider router={routerAt(lazyPage(never, 30))} />);
    expect(await screen.findByText(/took too long to load/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();
  });

  it('a chunk in time renders the page; a failed one keeps its own error', async () => {
    const Page = () => <p>the page</p>;
    render(<RouterProvider router={routerAt(lazyPage(async () => ({ default: Page }), 1000))} />);
    expect(await screen.findByText('the page')).toBeTruthy();

    await expect(withTimeout(() => Promise.reject(new Error('404 chunk')), 1000)).rejects.toThrow('404 chunk');
    await expect(withTimeout(never, 10)).rejects.toBeInstanceOf(ChunkTimeoutError);
  });
});
