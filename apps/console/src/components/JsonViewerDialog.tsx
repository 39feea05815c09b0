import CircularProgress from '@mui/material/CircularProgress';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { AppDialog } from './AppDialog';

// react-json-view-lite (and its CSS) load only when a JSON dialog opens.
const JsonTree = lazy(() => import('./JsonTree'));

export interface JsonViewerDialogProps {
  open: boolean;
  onClose: () => void;
  data: unknown;
  title?: string;
}

/** A frame or record as a collapsible JSON tree. */
export function JsonViewerDialog({ open, onClose, data, title }: JsonViewerDialogProps) {
  const { t } = useTranslation('widgets');
  return (
    <AppDialog open={open} onClose={onClose} title={title ?? t('json.title')} maxWidth="md">
      {open && (
        <Suspense fallback={<CircularProgress size={24} />}>
          <JsonTree data={data} />
        </Suspense>
      )}
    </AppDialog>
  );
}
