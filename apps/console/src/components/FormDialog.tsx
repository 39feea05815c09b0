import Button from '@mui/material/Button';
import type { ReactNode } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { type SubmitFlow, useFormSubmit } from '../lib/form/useFormSubmit';
import { AppDialog, type AppDialogProps } from './AppDialog';

export interface FormDialogProps<TForm extends FieldValues, TBody, R>
  extends SubmitFlow<TForm, TBody, R>,
    Pick<AppDialogProps, 'title' | 'maxWidth' | 'onClose' | 'children'> {
  /** From useContractForm. */
  form: UseFormReturn<TForm, unknown, TBody>;
  /** Dialogs mounted only while shown leave it out. */
  open?: boolean;
  /** The submit button's text (Save unless given) and test id. */
  submitLabel?: ReactNode;
  submitTestId: string;
  submitDisabled?: boolean;
}

/**
 * The dialog of every form: Cancel and the submit button at the bottom, Enter submits. It owns
 * the submit flow (useFormSubmit) and closes after a successful call.
 */
export function FormDialog<TForm extends FieldValues, TBody, R>({
  form,
  open = true,
  onClose,
  title,
  maxWidth,
  submitLabel,
  submitTestId,
  submitDisabled,
  children,
  onDone,
  ...flow
}: FormDialogProps<TForm, TBody, R>) {
  const { t } = useTranslation();
  const submit = useFormSubmit(form, {
    ...flow,
    onDone: (result) => {
      onDone?.(result);
      onClose();
    },
  });
  return (
    <AppDialog
      open={open}
      onClose={onClose}
      title={title}
      maxWidth={maxWidth}
      actions={
        <>
          <Button onClick={onClose}>{t('common:cancel')}</Button>
          <Button
            variant="contained"
            onClick={() => void submit()}
            loading={form.formState.isSubmitting}
            disabled={submitDisabled}
            data-testid={submitTestId}
          >
            {submitLabel ?? t('common:save')}
          </Button>
        </>
      }
    >
      <form noValidate onSubmit={(e) => void submit(e)}>
        {children}
        <button type="submit" hidden />
      </form>
    </AppDialog>
  );
}
