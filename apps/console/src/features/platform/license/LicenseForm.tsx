import { licenseApi } from '@lns/contract/api/license';
import { C } from '@lns/contract/codes';
import {
  LICENSE_TEXT_MAX,
  licenseUpdateBody,
  PLATFORM_TOKEN_HEADER,
  TOKEN_MAX,
  TOKEN_MIN,
} from '@lns/contract/license';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { useContractForm } from '../../../lib/form/useContractForm';
import { type RefusalTable, useFormSubmit } from '../../../lib/form/useFormSubmit';
import { useSaveLicense } from './api';

interface LicenseFormValues {
  license: string;
  token: string;
}

const REFUSALS: RefusalTable<LicenseFormValues> = {
  [C.LICENSE_INVALID]: { field: 'license', message: 'license:refusal.invalid' },
  [C.LICENSE_EXPIRED]: { field: 'license', message: 'license:refusal.expired' },
};

/**
 * The license text and the token, both required, saved together. The token is write-only: the
 * field starts empty each time (the server keeps only its hash).
 */
export function LicenseForm({ disabled }: { disabled: boolean }) {
  const { t } = useTranslation('license');
  const save = useSaveLicense();
  const form = useContractForm({
    schema: licenseUpdateBody,
    defaultValues: { license: '', token: '' } as LicenseFormValues,
  });
  const { values: v, set } = form;
  const onSubmit = useFormSubmit(form, {
    submit: (body) => save.mutateAsync(body),
    success: t('saved'),
    codes: REFUSALS,
    onDone: () => form.reset({ license: '', token: '' }),
  });
  return (
    <Box
      component="form"
      noValidate
      onSubmit={onSubmit}
      sx={{ display: 'flex', flexDirection: 'column', gap: 1.5, pt: 1 }}
    >
      <TextField
        size="small"
        required
        multiline
        minRows={3}
        maxRows={8}
        disabled={disabled}
        label={t('field.license')}
        value={v.license}
        onChange={(e) => set('license', e.target.value)}
        {...form.fieldState('license', t('hint.license'))}
        slotProps={{ htmlInput: { maxLength: LICENSE_TEXT_MAX, 'data-testid': 'license-text', spellCheck: false } }}
      />
      <TextField
        size="small"
        required
        type="password"
        autoComplete="new-password"
        disabled={disabled}
        label={t('field.token')}
        value={v.token}
        onChange={(e) => set('token', e.target.value)}
        {...form.fieldState(
          'token',
          t('hint.token', { min: TOKEN_MIN, path: licenseApi.usage.path, header: PLATFORM_TOKEN_HEADER }),
        )}
        slotProps={{ htmlInput: { maxLength: TOKEN_MAX, 'data-testid': 'license-token' } }}
      />
      <Box>
        <Button
          type="submit"
          variant="contained"
          disabled={disabled || form.formState.isSubmitting}
          data-testid="license-save"
        >
          {t('common:save')}
        </Button>
      </Box>
    </Box>
  );
}
