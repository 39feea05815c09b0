import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useNavigation, useRouteError } from 'react-router';
import { ToastHost } from '../components/ToastHost';
import { BuiltPages } from '../lib/builtPages';
import { ChunkTimeoutError } from '../lib/lazyWithTimeout';
import { pathHasPage } from './routes';

/**
 * Top of every route: the toast host, a navigation progress bar, Suspense for lazy namespaces,
 * and which paths have a page (from the route table) for links across areas.
 */
export function RootShell() {
  const nav = useNavigation();
  return (
    <>
      {nav.state === 'loading' && (
        <LinearProgress sx={{ position: 'fixed', top: 0, left: 0, right: 0, zIndex: 2000, height: 2 }} />
      )}
      <BuiltPages.Provider value={pathHasPage}>
        <Suspense fallback={<LinearProgress sx={{ height: 2 }} />}>
          <Outlet />
        </Suspense>
      </BuiltPages.Provider>
      <ToastHost />
    </>
  );
}

/** The first load, before the guard and the first page are in: a thin progress bar. */
export function StartProgress() {
  return <LinearProgress sx={{ position: 'fixed', top: 0, left: 0, right: 0, height: 2 }} />;
}

/** A page that threw (or a chunk that failed to load): offer a reload instead of a blank screen. */
export function RouteError() {
  const err = useRouteError() as Error | undefined;
  const { t } = useTranslation('errors');
  return (
    <Box sx={{ p: 4, textAlign: 'center' }}>
      <Typography variant="h5">{t('500.title')}</Typography>
      <Typography color="text.secondary" sx={{ my: 2 }}>
        {err instanceof ChunkTimeoutError ? t('chunkTimeout') : (err?.message ?? t('500.description'))}
      </Typography>
      <Button variant="contained" onClick={() => window.location.reload()}>
        {t('reload')}
      </Button>
    </Box>
  );
}
