import { FCNT_MAX, resetFcntBody } from '@lns/contract/devices';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/FormDialog';
import { useContractForm } from '../../../lib/form/useContractForm';
import { useResetFcnt } from '../api';

type Values = { fCntUp: string; fCntDown: string };

/** Set a device's uplink and downlink frame counters (default 0). */
export function ResetFcntDialog({ devEUI, onClose }: { devEUI: string; onClose: () => void }) {
  const { t } = useTranslation('devices');
  const reset = useResetFcnt();
  const defaults: Values = { fCntUp: '0', fCntDown: '0' };
  const form = useContractForm({
    schema: resetFcntBody,
    defaultValues: defaults,
    toBody: (v: Values) => ({ devEUI, ...v }),
  });
  const field = (f: keyof Values) => {
    const error = form.errorText(f);
    return (
      <TextField
        size="small"
        required
        label={t(`field.${f}`)}
        value={form.values[f]}
        onChange={(e) => form.set(f, e.target.value.replace(/\D/g, ''))}
        error={Boolean(error)}
        helperText={error ?? `0 ~ ${FCNT_MAX}`}
        slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': `reset-${f}` } }}
      />
    );
  };
  return (
    <FormDialog
      form={form}
      onClose={onClose}
      title={t('resetFcnt')}
      maxWidth="xs"
      submitLabel={t('common:ok')}
      submitTestId="reset-save"
      submit={(body) => reset.mutateAsync(body)}
      success={t('fcntReset')}
    >
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, pt: 1 }}>
        {field('fCntUp')}
        {field('fCntDown')}
      </Box>
    </FormDialog>
  );
}
