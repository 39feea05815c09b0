import { RELAY_BACKWARD_MODE, RELAY_WORK_MODE, type RelayConfigField } from '@lns/contract/relay';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { useContractForm } from '../../../lib/form/useContractForm';
import { useFormSubmit } from '../../../lib/form/useFormSubmit';
import { useSaveConfig } from '../api';
import { type RelayConfigForm as Form, RELAY_FIELDS, relayBodyOf, relayFormSchema, unitOf } from '../configForm';
import { relayLabels } from '../labels';

/** The relay's delays (checked with the contract's ranges, each Max above its Min) and modes. */
export function RelayConfigForm({ devEUI, initial }: { devEUI: string; initial: Form }) {
  const { t } = useTranslation('relay');
  const save = useSaveConfig();
  const form = useContractForm({ schema: relayFormSchema, defaultValues: initial, toBody: relayBodyOf(devEUI) });
  const submit = useFormSubmit(form, {
    submit: (body) => save.mutateAsync(body),
    success: t('configSent'),
  });
  const l = relayLabels(t);
  const field = (f: RelayConfigField) => {
    const unit = unitOf(f);
    return (
      <TextField
        key={f}
        size="small"
        required
        label={t(`config.${f}`)}
        value={form.values.config?.[f] ?? ''}
        onChange={(e) => form.set(`config.${f}`, e.target.value.replace(/\D/g, ''))}
        {...form.fieldState(`config.${f}`)}
        slotProps={{
          htmlInput: { inputMode: 'numeric', 'data-testid': `cfg-${f}` },
          input:
            unit === 'none'
              ? undefined
              : { endAdornment: <InputAdornment position="end">{t(`unit.${unit}`)}</InputAdornment> },
        }}
      />
    );
  };
  const select = (name: 'workMode' | 'backwardMode', table: Record<string, number>) => (
    <TextField
      select
      size="small"
      label={t(`field.${name}`)}
      value={form.values[name]}
      onChange={(e) => form.set(name, Number(e.target.value))}
      {...form.fieldState(name)}
      slotProps={{ htmlInput: { 'data-testid': `cfg-${name}` } }}
    >
      {Object.values(table).map((v) => (
        <MenuItem key={v} value={v}>
          {l[name](v)}
        </MenuItem>
      ))}
    </TextField>
  );
  return (
    <Box component="form" noValidate onSubmit={(e) => void submit(e)} data-testid="relay-config-form">
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', xl: '1fr 1fr 1fr' },
          columnGap: 2,
          rowGap: 1,
        }}
      >
        {select('workMode', RELAY_WORK_MODE)}
        {select('backwardMode', RELAY_BACKWARD_MODE)}
        {RELAY_FIELDS.map(field)}
      </Box>
      <Button type="submit" variant="contained" loading={form.formState.isSubmitting} data-testid="cfg-send">
        {t('sendConfig')}
      </Button>
    </Box>
  );
}
