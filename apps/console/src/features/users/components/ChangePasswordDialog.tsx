import { PASSWORD_POLICY } from '@lns/contract/password-policy';
import { passwordChangeFields, withPasswordChangeRules } from '@lns/contract/users';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormDialog } from '../../../components/FormDialog';
import { consoleCheck } from '../../../lib/form/messages';
import { useContractForm } from '../../../lib/form/useContractForm';
import { useSession } from '../../../lib/useSession';
import { useChangePassword } from '../api';

type Values = { currentPassword: string; newPassword: string; confirmPassword: string };

/** The contract's rules (with the user's name, as the server applies them) plus the typed-twice check. */
const formSchema = (userName: string) =>
  withPasswordChangeRules(passwordChangeFields.extend({ confirmPassword: z.string() }), userName).refine(
    (v) => v.confirmPassword === v.newPassword,
    { path: ['confirmPassword'], ...consoleCheck('passwordMismatch') },
  );

/** The account menu's "Change password", for every user. */
export default function ChangePasswordDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('users');
  const { name } = useSession();
  const change = useChangePassword();
  const schema = useMemo(() => formSchema(name), [name]);
  const form = useContractForm({
    schema,
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' } satisfies Values,
  });
  const field = (key: keyof Values, label: string, autoComplete: string, hint?: string) => (
    <TextField
      label={label}
      type="password"
      required
      autoComplete={autoComplete}
      {...form.register(key)}
      {...form.fieldState(key, hint)}
      slotProps={{ htmlInput: { maxLength: PASSWORD_POLICY.maxLength, 'data-testid': `password-${key}` } }}
    />
  );

  return (
    <FormDialog
      form={form}
      open={open}
      onClose={onClose}
      title={t('changePassword.title')}
      maxWidth="xs"
      submitLabel={t('changePassword.submit')}
      submitTestId="password-change-save"
      submit={({ currentPassword, newPassword }) => change.mutateAsync({ currentPassword, newPassword })}
      success={t('changePassword.changed')}
    >
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, pt: 1 }}>
        {/* Lets password managers file the new password under the right account. */}
        <input type="text" name="username" autoComplete="username" value={name} readOnly hidden />
        {field('currentPassword', t('changePassword.current'), 'current-password')}
        {field(
          'newPassword',
          t('changePassword.new'),
          'new-password',
          t('changePassword.policy', { min: PASSWORD_POLICY.minLength }),
        )}
        {field('confirmPassword', t('changePassword.confirm'), 'new-password')}
      </Box>
    </FormDialog>
  );
}
