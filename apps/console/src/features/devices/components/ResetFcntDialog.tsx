import { FCNT_MAX, resetFcntBody } from '@lns/contract/devices';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppDialog } from '../../../components/AppDialog';
import { toast } from '../../../lib/toast';
import { useResetFcnt } from '../api';

/** Set a device's uplink and downlink frame counters (default 0). */
export function ResetFcntDialog({ devEUI, onClose }: { devEUI: string; onClose: () => void }) {
  const { t } = useTranslation('devices');
  const reset = useResetFcnt();
  const [up, setUp] = useState('0');
  const [down, setDown] = useState('0');
  const [bad, setBad] = useState<string[]>([]);
  const submit = async () => {
    const parsed = resetFcntBody.safeParse({ devEUI, fCntUp: up, fCntDown: down });
    if (!parsed.success) {
      setBad(parsed.error.issues.map((i) => String(i.path[0])));
      return;
    }
    await reset.mutateAsync(parsed.data);
    toast.success(t('fcntReset'));
    onClose();
  };
  const field = (f: 'fCntUp' | 'fCntDown', value: string, set: (s: string) => void) => (
    <TextField
      size="small"
      required
      label={t(`field.${f}`)}
      value={value}
      onChange={(e) => set(e.target.value.replace(/\D/g, ''))}
      error={bad.includes(f)}
      helperText={
        bad.includes(f) ? (value === '' ? t('validation.fCntEmpty') : t('validation.fCntFormat')) : `0 ~ ${FCNT_MAX}`
      }
      slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': `reset-${f}` } }}
    />
  );
  return (
    <AppDialog
      open
      onClose={onClose}
      title={t('resetFcnt')}
      maxWidth="xs"
      actions={
        <>
          <Button onClick={onClose}>{t('common:cancel')}</Button>
          <Button variant="contained" onClick={submit} loading={reset.isPending} data-testid="reset-save">
            {t('common:ok')}
          </Button>
        </>
      }
    >
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, pt: 1 }}>
        {field('fCntUp', up, setUp)}
        {field('fCntDown', down, setDown)}
      </Box>
    </AppDialog>
  );
}
