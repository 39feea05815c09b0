import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CardPanel } from '../../../components/CardPanel';
import { toast } from '../../../lib/toast';
import { useSendDownlink } from '../api';
import { type DataMode, type DownlinkForm, emptyForm, toBody, validate } from '../form';

/** Port 1–255, data in hex or text, confirmed flag; MAC commands mode forces port 0 and hex. */
export function DownlinkFormCard({ devEUI }: { devEUI: string }) {
  const { t } = useTranslation('downlink');
  const [form, setForm] = useState<DownlinkForm>(emptyForm);
  const [touched, setTouched] = useState(false);
  const send = useSendDownlink();
  const errors = touched ? validate(form) : {};
  const set = (patch: Partial<DownlinkForm>) => setForm((f) => ({ ...f, ...patch }));
  const msg = (e?: { key: string; opts?: object }) => (e ? t(e.key, { ...e.opts }) : undefined);

  const submit = async () => {
    setTouched(true);
    if (Object.keys(validate(form)).length > 0) return;
    await send.mutateAsync(toBody(devEUI, form));
    toast.success(t('sent'));
    setForm((f) => ({ ...f, data: '' }));
    setTouched(false);
  };

  return (
    <CardPanel title={t('title')} data-testid="downlink-form">
      <Box
        component="form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit().catch(() => {});
        }}
        sx={{ display: 'flex', flexDirection: 'column', gap: 2, maxWidth: 560 }}
      >
        <FormControlLabel
          control={
            <Switch
              checked={form.macCommands}
              onChange={(e) =>
                set({ macCommands: e.target.checked, ...(e.target.checked ? { mode: 'hex' as const } : {}) })
              }
              slotProps={{ input: { 'aria-label': t('macCommands') } }}
            />
          }
          label={t('macCommands')}
        />
        <TextField
          size="small"
          label={t('fport')}
          required
          value={form.macCommands ? '0' : form.fport}
          disabled={form.macCommands}
          onChange={(e) => set({ fport: e.target.value })}
          error={!!errors.fport}
          helperText={msg(errors.fport) ?? (form.macCommands ? t('macPortHint') : ' ')}
          slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': 'fport' } }}
        />
        <ToggleButtonGroup
          size="small"
          exclusive
          value={form.macCommands ? 'hex' : form.mode}
          onChange={(_e, v: DataMode | null) => v && set({ mode: v })}
          disabled={form.macCommands}
        >
          <ToggleButton value="hex">{t('hex')}</ToggleButton>
          <ToggleButton value="text">{t('text')}</ToggleButton>
        </ToggleButtonGroup>
        <TextField
          size="small"
          label={t('data')}
          required
          multiline
          minRows={2}
          value={form.data}
          onChange={(e) => set({ data: e.target.value })}
          error={!!errors.data}
          helperText={msg(errors.data) ?? (form.mode === 'hex' || form.macCommands ? t('hexHint') : t('textHint'))}
          slotProps={{ htmlInput: { 'data-testid': 'data', spellCheck: false } }}
        />
        <FormControlLabel
          control={<Switch checked={form.confirmed} onChange={(e) => set({ confirmed: e.target.checked })} />}
          label={t('confirmed')}
        />
        <Box>
          <Button type="submit" variant="contained" disabled={send.isPending || !devEUI}>
            {t('send')}
          </Button>
        </Box>
      </Box>
    </CardPanel>
  );
}
