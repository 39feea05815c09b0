import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Snackbar from '@mui/material/Snackbar';
import { useEffect, useState } from 'react';
import { type Toast, toast } from '../lib/toast';

/** Shows the toast service's current message (ToastHost mounts it once there is one). */
export default function Toaster() {
  const [t, setT] = useState<Toast | null>(toast.current);
  useEffect(() => toast.subscribe(setT), []);
  return (
    <Snackbar
      key={t?.id}
      open={t !== null}
      autoHideDuration={t?.duration ?? null}
      onClose={(_e, reason) => reason !== 'clickaway' && toast.clear()}
      anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
      // Below the app bar, whose buttons stay usable (on a phone the toast spans the width).
      sx={{ top: { xs: 64 } }}
    >
      {t ? (
        <Alert severity={t.kind} variant="filled" onClose={() => toast.clear()} sx={{ minWidth: 280 }}>
          {t.title && <AlertTitle>{t.title}</AlertTitle>}
          {t.message}
        </Alert>
      ) : undefined}
    </Snackbar>
  );
}
