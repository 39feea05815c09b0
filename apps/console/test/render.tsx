import { createTheme, ThemeProvider } from '@mui/material/styles';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { type ReactElement, Suspense } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { i18n, initI18n } from '../src/lib/i18n';

const NAMESPACES = ['common', 'layout', 'errors', 'login', 'widgets', 'users', 'search'];

/** i18n in English with every namespace loaded (call in beforeAll). */
export async function setupI18n(lng: 'en-US' | 'zh-CN' = 'en-US') {
  await initI18n(lng);
  await i18n.changeLanguage(lng);
  await i18n.loadNamespaces(NAMESPACES);
}

/** Theme, a fresh query client and a memory router around `ui` (at `route`). */
export function renderWithProviders(ui: ReactElement, { route = '/' }: { route?: string } = {}) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter([{ path: '*', element: ui }], { initialEntries: [route] });
  return render(
    <ThemeProvider theme={createTheme()}>
      <QueryClientProvider client={qc}>
        <Suspense fallback="loading">
          <RouterProvider router={router} />
        </Suspense>
      </QueryClientProvider>
    </ThemeProvider>,
  );
}

type Json = Record<string, unknown>;

/** A fetch stub answering by path: `{ '/api/x': {code: 0, data} }` or a function. */
export function stubFetch(
  routes: Record<string, Json | ((init: RequestInit | undefined, url: URL) => Json | Response)>,
) {
  const calls: { url: URL; init?: RequestInit }[] = [];
  const fn = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    calls.push({ url, init });
    const r = routes[url.pathname];
    if (!r) return new Response(JSON.stringify({ code: 404 }), { status: 404 });
    const body = typeof r === 'function' ? r(init, url) : r;
    return body instanceof Response ? body : new Response(JSON.stringify(body), { status: 200 });
  };
  globalThis.fetch = fn as typeof fetch;
  return calls;
}
