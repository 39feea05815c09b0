import { type UserRow, userCreateFields, userUpdateFields, withPasswordPolicy } from '@lns/contract/users';
import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormDialog } from '../../../components/FormDialog';
import { consoleCheck } from '../../../lib/form/messages';
import { useContractForm } from '../../../lib/form/useContractForm';
import { useSaveUser } from '../api';

// The radio group holds admin as text; the contract checks the rest, password policy included.
const adminChoice = z.enum(['0', '1'], consoleCheck('permissionRequired'));
const createForm = withPasswordPolicy(userCreateFields.extend({ admin: adminChoice }));
const updateForm = withPasswordPolicy(userUpdateFields.extend({ admin: adminChoice }));
type Values = { name: string; password: string; admin: '0' | '1' | '' };

/** Add (user = undefined) or update a user. */
export function UserFormDialog({ open, onClose, user }: { open: boolean; onClose: () => void; user?: UserRow }) {
  const { t } = useTranslation('users');
  const save = useSaveUser();
  const defaults: Values = { name: user?.name ?? '', password: '', admin: user ? (user.admin ? '1' : '0') : '' };
  const form = useContractForm({
    schema: user ? updateForm : createForm,
    defaultValues: defaults,
    // An empty password on update keeps the current one.
    toBody: (v: Values) => ({
      ...(user ? { userID: user.userID } : {}),
      name: v.name,
      admin: v.admin || undefined,
      ...(user && !v.password ? {} : { password: v.password }),
    }),
  });
  const { errors } = form.formState;

  return (
    <FormDialog
      form={form}
      open={open}
      onClose={onClose}
      title={user ? t('edit') : t('add')}
      maxWidth="xs"
      submitTestId="user-save"
      submit={(body) => save.mutateAsync({ ...body, admin: body.admin === '1' ? 1 : 0 })}
      success={user ? t('updated') : t('created')}
    >
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, pt: 1 }}>
        <TextField
          label={t('name')}
          required
          {...form.register('name')}
          error={Boolean(errors.name)}
          helperText={errors.name?.message ?? ' '}
          slotProps={{ htmlInput: { maxLength: 64, 'data-testid': 'user-name' } }}
        />
        <TextField
          label={t('password')}
          type="password"
          required={!user}
          autoComplete="new-password"
          {...form.register('password')}
          error={Boolean(errors.password)}
          helperText={errors.password?.message ?? (user ? t('passwordKeep') : ' ')}
          slotProps={{ htmlInput: { maxLength: 128, 'data-testid': 'user-password' } }}
        />
        <FormControl error={Boolean(errors.admin)} required>
          <FormLabel>{t('permission')}</FormLabel>
          <RadioGroup
            row
            value={form.values.admin}
            onChange={(e) => form.set('admin', e.target.value === '1' ? '1' : '0')}
          >
            <FormControlLabel value="0" control={<Radio data-testid="user-admin-0" />} label={t('common')} />
            <FormControlLabel value="1" control={<Radio data-testid="user-admin-1" />} label={t('admin')} />
          </RadioGroup>
          <FormHelperText>{errors.admin?.message ?? ' '}</FormHelperText>
        </FormControl>
      </Box>
    </FormDialog>
  );
}
