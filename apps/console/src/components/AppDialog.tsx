import CloseIcon from '@mui/icons-material/Close';
import Dialog, { type DialogProps } from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface AppDialogProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  children?: ReactNode;
  /** Buttons at the bottom (right-aligned). */
  actions?: ReactNode;
  maxWidth?: DialogProps['maxWidth'];
  /** Full screen below 600 px unless false. */
  fullScreenOnMobile?: boolean;
  /** Extra Dialog props (e.g. slotProps, data-testid). */
  dialogProps?: Partial<DialogProps>;
}

/** The generic dialog: title with a close button, scrolling content, optional actions. */
export function AppDialog({
  open,
  onClose,
  title,
  children,
  actions,
  maxWidth = 'sm',
  fullScreenOnMobile = true,
  dialogProps,
}: AppDialogProps) {
  const { t } = useTranslation();
  const small = useMediaQuery('(max-width:599.98px)');
  return (
    <Dialog
      open={open}
      onClose={onClose}
      maxWidth={maxWidth}
      fullWidth
      fullScreen={fullScreenOnMobile && small}
      {...dialogProps}
    >
      <DialogTitle sx={{ pr: 6 }}>
        {title}
        <IconButton aria-label={t('close')} onClick={onClose} sx={{ position: 'absolute', right: 8, top: 8 }}>
          <CloseIcon />
        </IconButton>
      </DialogTitle>
      <DialogContent dividers>{children}</DialogContent>
      {actions && <DialogActions>{actions}</DialogActions>}
    </Dialog>
  );
}
