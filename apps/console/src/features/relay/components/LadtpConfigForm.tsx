import { LADTP_BAUDRATES, LADTP_DATABITS, LADTP_PARITY, LADTP_TIMEOUT_CHOICES } from '@lns/contract/relay';
import { ladtpConfigBody } from '@lns/contract/relay-api';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { useContractForm } from '../../../lib/form/useContractForm';
import { useFormSubmit } from '../../../lib/form/useFormSubmit';
import { useSaveConfig } from '../api';
import { type LadtpConfigForm as Form, ladtpBodyOf, parityKey } from '../configForm';

const SWITCHES = ['isConfirmed', 'isReply', 'isSendTimeStap', 'isSubPacket'] as const;

/** The ladtp's serial settings and heartbeat period, checked with the contract's rules. */
export function LadtpConfigForm({ devEUI, initial }: { devEUI: string; initial: Form }) {
  const { t } = useTranslation('relay');
  const save = useSaveConfig();
  const form = useContractForm({ schema: ladtpConfigBody, defaultValues: initial, toBody: ladtpBodyOf(devEUI) });
  const submit = useFormSubmit(form, { submit: (body) => save.mutateAsync(body), success: t('configSent') });
  const c = form.values.config;
  // A timeout the device holds outside the offered choices stays choosable.
  const timeouts = [...new Set<number>([...LADTP_TIMEOUT_CHOICES, initial.config.timeout])].sort((a, b) => a - b);
  const select = (
    name: 'baudrate' | 'parity' | 'databits' | 'timeout',
    choices: readonly number[],
    text: (v: number) => string,
  ) => (
    <TextField
      select
      size="small"
      label={t(`ladtp.${name}`)}
      value={c[name]}
      onChange={(e) => form.set(`config.${name}`, Number(e.target.value))}
      {...form.fieldState(`config.${name}`)}
      slotProps={{ htmlInput: { 'data-testid': `ladtp-${name}` } }}
    >
      {choices.map((v) => (
        <MenuItem key={v} value={v}>
          {text(v)}
        </MenuItem>
      ))}
    </TextField>
  );
  return (
    <Box component="form" noValidate onSubmit={(e) => void submit(e)} data-testid="ladtp-config-form">
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2, rowGap: 1 }}>
        <TextField
          size="small"
          required
          label={t('ladtp.period')}
          value={c.period}
          onChange={(e) => form.set('config.period', e.target.value.replace(/\D/g, ''))}
          {...form.fieldState('config.period', t('ladtp.periodHint'))}
          slotProps={{
            htmlInput: { inputMode: 'numeric', 'data-testid': 'ladtp-period' },
            input: { endAdornment: <InputAdornment position="end">{t('unit.min')}</InputAdornment> },
          }}
        />
        {select('baudrate', LADTP_BAUDRATES, String)}
        {select('parity', Object.values(LADTP_PARITY), (v) => t(`ladtp.parityOf.${parityKey(v)}`))}
        {select('databits', LADTP_DATABITS, String)}
        {select('timeout', timeouts, (v) => t('ladtp.seconds', { count: v }))}
      </Box>
      <Box sx={{ display: 'flex', flexDirection: 'column', mb: 2 }}>
        {SWITCHES.map((s) => (
          <FormControlLabel
            key={s}
            control={
              <Switch
                checked={c[s]}
                onChange={(e) => form.set(`config.${s}`, e.target.checked)}
                slotProps={{ input: { 'data-testid': `ladtp-${s}` } as object }}
              />
            }
            label={t(`ladtp.${s}`)}
          />
        ))}
      </Box>
      <Button type="submit" variant="contained" loading={form.formState.isSubmitting} data-testid="cfg-send">
        {t('sendConfig')}
      </Button>
    </Box>
  );
}
