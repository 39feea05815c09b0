import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppDialog } from './AppDialog';
import { SlideVerify } from './SlideVerify';

export interface DeleteResult<T> {
  deleted: T[];
  failed: { item: T; reason: string }[];
}

export interface DeleteDialogProps<T> {
  open: boolean;
  onClose: () => void;
  items: T[];
  itemLabel: (item: T) => ReactNode;
  /** Deletes and reports per item; a thrown error fails every item with its text. */
  onDelete: (items: T[]) => Promise<DeleteResult<T>>;
  title?: ReactNode;
  /** After a delete ran (e.g. clear the selection, refetch). */
  onDone?: (result: DeleteResult<T>) => void;
}

export const REARM_MS = 500;

/** Reason text for a failed call: the HTTP client's translated text of the refusal. */
export function failureReason(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

/**
 * Delete with slide verification: lists the selected items, asks for the slide, then runs
 * `onDelete` and lists what was deleted and what failed with the reason. Re-arms 500 ms after
 * it is reopened.
 */
export function DeleteDialog<T>({ open, onClose, items, itemLabel, onDelete, title, onDone }: DeleteDialogProps<T>) {
  const { t } = useTranslation('widgets');
  const [armed, setArmed] = useState(false);
  const [verified, setVerified] = useState(false);
  const [resetKey, setResetKey] = useState(0);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<DeleteResult<T> | null>(null);

  useEffect(() => {
    if (!open) return;
    setArmed(false);
    const id = setTimeout(() => {
      setVerified(false);
      setResult(null);
      setResetKey((k) => k + 1);
      setArmed(true);
    }, REARM_MS);
    return () => clearTimeout(id);
  }, [open]);

  const run = async () => {
    setBusy(true);
    let r: DeleteResult<T>;
    try {
      r = await onDelete(items);
    } catch (e) {
      const reason = failureReason(e);
      r = { deleted: [], failed: items.map((item) => ({ item, reason })) };
    }
    setBusy(false);
    setResult(r);
    onDone?.(r);
  };

  const actions = result ? (
    <Button variant="contained" onClick={onClose} data-testid="delete-close">
      {t('common:close')}
    </Button>
  ) : (
    <>
      <Button onClick={onClose}>{t('common:cancel')}</Button>
      <Button
        variant="contained"
        color="error"
        disabled={!verified || items.length === 0}
        loading={busy}
        onClick={run}
        data-testid="delete-confirm"
      >
        {t('common:delete')}
      </Button>
    </>
  );

  return (
    <AppDialog
      open={open}
      onClose={onClose}
      title={title ?? t('delete.title')}
      actions={actions}
      maxWidth="xs"
      dialogProps={{ 'aria-describedby': 'delete-dialog-body' } as object}
    >
      <Box id="delete-dialog-body" data-testid="delete-dialog">
        {!result &&
          (items.length === 0 ? (
            <Alert severity="warning">{t('common:validation.selectOne')}</Alert>
          ) : (
            <>
              <Typography sx={{ mb: 1 }}>{t('delete.selected', { count: items.length })}</Typography>
              <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, mb: 2, maxHeight: 160, overflowY: 'auto' }}>
                {items.map((it, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: items are positional
                  <Chip key={i} size="small" label={itemLabel(it)} />
                ))}
              </Box>
              <SlideVerify resetKey={resetKey} disabled={!armed} onVerified={() => setVerified(true)} />
            </>
          ))}
        {result && (
          <>
            {result.deleted.length > 0 && (
              <Alert severity="success" sx={{ mb: 1 }} data-testid="delete-deleted">
                {t('delete.deleted', { count: result.deleted.length })}
                <Box component="span" sx={{ display: 'block', mt: 0.5 }}>
                  {result.deleted.map((it, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: items are positional
                    <Chip key={i} size="small" sx={{ mr: 0.5, mb: 0.5 }} label={itemLabel(it)} />
                  ))}
                </Box>
              </Alert>
            )}
            {result.failed.length > 0 && (
              <Alert severity="error" data-testid="delete-failed">
                {t('delete.failed', { count: result.failed.length })}
                <List dense disablePadding>
                  {result.failed.map((f, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: items are positional
                    <ListItem key={i} disableGutters>
                      <ListItemText primary={itemLabel(f.item)} secondary={f.reason} />
                    </ListItem>
                  ))}
                </List>
              </Alert>
            )}
          </>
        )}
      </Box>
    </AppDialog>
  );
}
