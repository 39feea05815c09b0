import Button from '@mui/material/Button';
import DialogContentText from '@mui/material/DialogContentText';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppDialog } from './AppDialog';

export interface ConfirmDialogProps {
  open: boolean;
  title?: ReactNode;
  message: ReactNode;
  confirmText?: string;
  /** Colour of the confirm button (e.g. 'error' for destructive actions). */
  color?: 'primary' | 'error' | 'warning';
  /** May be async: the button shows busy until it settles; the dialog closes on success. */
  onConfirm: () => unknown | Promise<unknown>;
  onClose: () => void;
}

/** Yes/no question. */
export function ConfirmDialog({
  open,
  title,
  message,
  confirmText,
  color = 'primary',
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      await onConfirm();
      onClose();
    } catch {
      // The HTTP client already told the user.
    } finally {
      setBusy(false);
    }
  };
  return (
    <AppDialog
      open={open}
      onClose={onClose}
      title={title ?? t('confirm.title')}
      maxWidth="xs"
      fullScreenOnMobile={false}
      actions={
        <>
          <Button onClick={onClose}>{t('cancel')}</Button>
          <Button variant="contained" color={color} onClick={confirm} loading={busy} data-testid="confirm-ok">
            {confirmText ?? t('ok')}
          </Button>
        </>
      }
    >
      <DialogContentText component="div">{message}</DialogContentText>
    </AppDialog>
  );
}
