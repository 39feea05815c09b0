import { NTP_HOST_MAX, type NtpInfo, ntpUpdateBody } from '@lns/contract/network-servers';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { CardPanel } from '../../../components/CardPanel';
import { useContractForm } from '../../../lib/form/useContractForm';
import { useFormSubmit } from '../../../lib/form/useFormSubmit';
import { formatTime } from '../../../lib/format';
import { useSaveNtpHost } from '../api';

/** The platform's NTP host: the time server of gateways whose own NTP server is empty. */
export function NtpCard({ info }: { info: NtpInfo }) {
  const { t } = useTranslation('network');
  const save = useSaveNtpHost();
  const form = useContractForm({ schema: ntpUpdateBody, defaultValues: { ntpHost: info.ntpHost } });
  const submit = useFormSubmit(form, {
    submit: (body) => save.mutateAsync(body),
    success: t('common:saved'),
  });
  return (
    <CardPanel title={t('ntp.title')} data-testid="ntp-card">
      <Box
        component="form"
        noValidate
        onSubmit={(e) => void submit(e)}
        sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}
      >
        <Typography variant="body2" color="text.secondary">
          {t('ntp.intro')}
        </Typography>
        <Typography variant="body2" data-testid="ntp-current">
          {info.ntpHost ? t('ntp.current', { host: info.ntpHost, time: formatTime(info.updatedAt) }) : t('ntp.unset')}
        </Typography>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap' }}>
          <TextField
            size="small"
            required
            label={t('field.ntpHost')}
            value={form.values.ntpHost ?? ''}
            onChange={(e) => form.set('ntpHost', e.target.value)}
            {...form.fieldState('ntpHost', t('hint.ntpHost'))}
            slotProps={{ htmlInput: { maxLength: NTP_HOST_MAX, spellCheck: false, 'data-testid': 'ntp-host' } }}
            sx={{ flex: '1 1 220px', minWidth: 0 }}
          />
          <Button type="submit" variant="contained" loading={form.formState.isSubmitting} data-testid="ntp-save">
            {t('common:save')}
          </Button>
        </Box>
      </Box>
    </CardPanel>
  );
}
