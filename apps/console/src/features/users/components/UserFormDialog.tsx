import { zodResolver } from '@hookform/resolvers/zod';
import { type UserRow, userCreateFields, userUpdateFields, withPasswordPolicy } from '@lns/contract/users';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { AppDialog } from '../../../components/AppDialog';
import { ApiError } from '../../../lib/http';
import { toast } from '../../../lib/toast';
import { useFieldError } from '../../../lib/validation';
import { useSaveUser } from '../api';

// The form holds admin as a string for the radio group; the contract schema checks the rest, password policy included.
const adminChoice = z.enum(['0', '1'], { message: 'validation.permissionRequired' });
const createForm = withPasswordPolicy(userCreateFields.extend({ admin: adminChoice }));
const updateForm = withPasswordPolicy(userUpdateFields.extend({ admin: adminChoice }));
type FormValues = { userID?: number; name: string; password?: string; admin: '0' | '1' };

/** Add (user = undefined) or update a user. */
export function UserFormDialog({ open, onClose, user }: { open: boolean; onClose: () => void; user?: UserRow }) {
  const { t } = useTranslation('users');
  const fieldError = useFieldError();
  const save = useSaveUser();
  const editing = Boolean(user);
  const form = useForm<FormValues>({
    resolver: zodResolver((editing ? updateForm : createForm) as never),
    defaultValues: user
      ? { userID: user.userID, name: user.name, password: '', admin: String(user.admin) as '0' | '1' }
      : { name: '', password: '', admin: undefined as unknown as '0' },
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit(async (v) => {
    try {
      const body = { ...v, admin: Number(v.admin) as 0 | 1 };
      if (editing && !body.password) delete body.password;
      await save.mutateAsync(body as never);
      toast.success(editing ? t('updated') : t('created'));
      onClose();
    } catch (e) {
      if (e instanceof ApiError && e.field && ['name', 'password', 'admin'].includes(e.field)) {
        form.setError(e.field as 'name', { message: e.message });
      }
    }
  });

  return (
    <AppDialog
      open={open}
      onClose={onClose}
      title={editing ? t('edit') : t('add')}
      maxWidth="xs"
      actions={
        <>
          <Button onClick={onClose}>{t('common:cancel')}</Button>
          <Button variant="contained" onClick={submit} loading={save.isPending} data-testid="user-save">
            {t('common:save')}
          </Button>
        </>
      }
    >
      <Box
        component="form"
        onSubmit={submit}
        noValidate
        sx={{ display: 'flex', flexDirection: 'column', gap: 2, pt: 1 }}
      >
        <TextField
          label={t('name')}
          required
          {...form.register('name')}
          error={Boolean(errors.name)}
          helperText={errors.name ? fieldError(errors.name) : ' '}
          slotProps={{ htmlInput: { maxLength: 64, 'data-testid': 'user-name' } }}
        />
        <TextField
          label={t('password')}
          type="password"
          required={!editing}
          autoComplete="new-password"
          {...form.register('password')}
          error={Boolean(errors.password)}
          helperText={errors.password ? fieldError(errors.password) : editing ? t('passwordKeep') : ' '}
          slotProps={{ htmlInput: { maxLength: 128, 'data-testid': 'user-password' } }}
        />
        <Controller
          control={form.control}
          name="admin"
          render={({ field }) => (
            <FormControl error={Boolean(errors.admin)} required>
              <FormLabel>{t('permission')}</FormLabel>
              <RadioGroup row value={field.value ?? ''} onChange={(e) => field.onChange(e.target.value)}>
                <FormControlLabel value="0" control={<Radio data-testid="user-admin-0" />} label={t('common')} />
                <FormControlLabel value="1" control={<Radio data-testid="user-admin-1" />} label={t('admin')} />
              </RadioGroup>
              <FormHelperText>{errors.admin ? fieldError(errors.admin) : ' '}</FormHelperText>
            </FormControl>
          )}
        />
        <button type="submit" hidden />
      </Box>
    </AppDialog>
  );
}
