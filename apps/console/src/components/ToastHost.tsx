import { lazy, Suspense, useEffect, useState } from 'react';
import { toast } from '../lib/toast';

// Snackbar and Alert load with the first message, not with the first page.
const Toaster = lazy(() => import('./Toaster'));

/** Where toasts show (mounted once by the app): the Toaster, from the first message on. */
export function ToastHost() {
  const [needed, setNeeded] = useState(toast.current !== null);
  useEffect(() => {
    if (needed) return;
    return toast.subscribe((t) => {
      if (t) setNeeded(true);
    });
  }, [needed]);
  return needed ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}
