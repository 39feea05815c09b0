import { relayDownlinkBody } from '@lns/contract/relay-api';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { useTranslation } from 'react-i18next';
import { CardPanel } from '../../../components/CardPanel';
import { useContractForm } from '../../../lib/form/useContractForm';
import { useFormSubmit } from '../../../lib/form/useFormSubmit';
import { useSendData } from '../api';
import { type DownlinkForm, downlinkBodyOf, emptyDownlink } from '../downlinkForm';

/** Send data to the device: a relay's application data (port, confirmed) or a ladtp's RS485 data. */
export function DownlinkCard({ devEUI, relay }: { devEUI: string; relay: boolean }) {
  const { t } = useTranslation('relay');
  const send = useSendData();
  const form = useContractForm({
    schema: relayDownlinkBody,
    defaultValues: emptyDownlink(devEUI),
    toBody: downlinkBodyOf(relay),
  });
  const v = form.values as DownlinkForm;
  const submit = useFormSubmit(form, {
    submit: (body) => send.mutateAsync(body),
    success: (r) => t('dataSent', { count: r.parts }),
    onDone: () => form.setValue('data', ''),
  });
  return (
    <CardPanel title={relay ? t('downlinkTitle') : t('rs485Title')} data-testid="downlink-card">
      <Box
        component="form"
        noValidate
        onSubmit={(e) => void submit(e)}
        sx={{ display: 'flex', flexDirection: 'column', gap: 2, maxWidth: 560 }}
      >
        {relay && (
          <TextField
            size="small"
            required
            label={t('field.fPort')}
            value={v.fPort}
            onChange={(e) => form.set('fPort', e.target.value.replace(/\D/g, ''))}
            {...form.fieldState('fPort', t('fPortHint'))}
            slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': 'dl-fport' } }}
          />
        )}
        <ToggleButtonGroup
          size="small"
          exclusive
          value={v.mode}
          onChange={(_e, mode: DownlinkForm['mode'] | null) => mode && form.set('mode', mode)}
        >
          <ToggleButton value="hex" data-testid="dl-hex">
            HEX
          </ToggleButton>
          <ToggleButton value="text" data-testid="dl-text">
            {t('text')}
          </ToggleButton>
        </ToggleButtonGroup>
        <TextField
          size="small"
          required
          multiline
          minRows={2}
          label={t('field.data')}
          value={v.data}
          onChange={(e) => form.set('data', e.target.value)}
          {...form.fieldState('data', v.mode === 'hex' ? t('hexHint') : t('textHint'))}
          slotProps={{ htmlInput: { spellCheck: false, 'data-testid': 'dl-data', style: { fontFamily: 'monospace' } } }}
        />
        {relay ? (
          <FormControlLabel
            control={<Switch checked={v.confirmed} onChange={(e) => form.set('confirmed', e.target.checked)} />}
            label={t('field.confirmed')}
          />
        ) : (
          <Box sx={{ color: 'text.secondary', typography: 'body2' }}>{t('rs485Hint')}</Box>
        )}
        <Box>
          <Button type="submit" variant="contained" loading={form.formState.isSubmitting} data-testid="dl-send">
            {t('send')}
          </Button>
        </Box>
      </Box>
    </CardPanel>
  );
}
