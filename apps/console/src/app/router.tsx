import { createBrowserRouter, Navigate, type RouteObject, replace } from 'react-router';
import { setNavigator } from '../lib/http';
import { lazyPage as page, withTimeout } from '../lib/lazyWithTimeout';
import { loginLoader, markRouterStarted, requireSession, unknownLoader } from './guard';
import { RootShell, RouteError, StartProgress } from './RootShell';
import { missingIdTarget, ROUTES, type RouteDef } from './routes';

// Redirect-only routes replace the history entry so "back" does not bounce forward again.
function child(r: RouteDef): RouteObject {
  const rel = r.path.slice(1);
  const { redirect } = r;
  if (redirect) {
    // The menus (and their icons) decide the target; they load with the layout, not the entry.
    const loader = async () => replace((await withTimeout(() => import('./layout/useMenus'))).redirectTarget(redirect));
    return { path: rel, handle: { route: r }, loader };
  }
  // A page opened without the ids it shows goes to the nearest page it can show instead.
  const loader = r.query?.length
    ? ({ request }: { request: Request }) => {
        const to = missingIdTarget(r, new URL(request.url).searchParams);
        return to ? replace(to) : null;
      }
    : undefined;
  return { path: rel, handle: { route: r }, loader, lazy: page(r.page ?? (() => import('./NotBuilt'))) };
}

/** Route objects: public pages outside the layout, everything else under it, lazily. */
export function routeObjects(): RouteObject[] {
  return [
    {
      element: <RootShell />,
      errorElement: <RouteError />,
      // Shown while the first URL's guard and lazy page load (the router warns without one).
      HydrateFallback: StartProgress,
      children: [
        { path: '/login', loader: loginLoader, lazy: page(() => import('../features/auth/LoginPage')) },
        { path: '/401', lazy: page(() => import('../features/errors/Page401')) },
        { path: '/500', lazy: page(() => import('../features/errors/Page500')) },
        {
          path: '/',
          loader: requireSession,
          lazy: page(() => import('./layout/Layout')),
          // Keep the layout when moving between pages: the guard re-runs only for access checks.
          shouldRevalidate: ({ currentUrl, nextUrl }) => currentUrl.pathname !== nextUrl.pathname,
          // The loader redirects before anything renders; the element covers the first render,
          // which matches '/' itself.
          children: [
            { index: true, loader: () => replace('/home'), element: <Navigate to="/home" replace /> },
            ...ROUTES.map(child),
          ],
        },
        { path: '*', loader: unknownLoader, lazy: page(() => import('../features/errors/Page404')) },
      ],
    },
  ];
}

export function createRouter() {
  const router = createBrowserRouter(routeObjects());
  setNavigator((to) => void router.navigate(to));
  if (router.state.initialized) markRouterStarted();
  else {
    const off = router.subscribe((s) => {
      if (s.initialized && s.navigation.state === 'idle') {
        markRouterStarted();
        off();
      }
    });
  }
  return router;
}
