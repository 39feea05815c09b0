import CircularProgress from '@mui/material/CircularProgress';
import { lazy, Suspense } from 'react';

// react-json-view-lite (and its CSS) load only when a JSON result is shown.
const JsonTree = lazy(() => import('../../../components/JsonTree'));

/** Any JSON as a tree, loaded on first use. */
export function LazyJsonTree({ data }: { data: unknown }) {
  return (
    <Suspense fallback={<CircularProgress size={20} />}>
      <JsonTree data={data} />
    </Suspense>
  );
}
