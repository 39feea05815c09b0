import { moveDeviceBody } from '@lns/contract/devices';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/FormDialog';
import { useAllApps } from '../../../lib/catalog';
import { useContractForm } from '../../../lib/form/useContractForm';
import { useMoveDevices } from '../api';

type Values = { appId: number | '' };

/** Move the selected devices to another of the user's applications. */
export function MoveDialog({ appID, devEUIs, onClose }: { appID: number; devEUIs: string[]; onClose: () => void }) {
  const { t } = useTranslation('devices');
  const apps = (useAllApps().data?.rows ?? []).filter((a) => a.appID !== appID);
  const move = useMoveDevices();
  const defaults: Values = { appId: '' };
  const form = useContractForm({
    schema: moveDeviceBody,
    defaultValues: defaults,
    toBody: (v: Values) => ({ appId: v.appId === '' ? undefined : v.appId, devEUIs }),
  });
  const target = form.values.appId;
  return (
    <FormDialog
      form={form}
      onClose={onClose}
      title={t('move')}
      submitLabel={t('move')}
      submitTestId="move-save"
      submitDisabled={target === ''}
      submit={(body) => move.mutateAsync(body)}
      success={t('moved', { count: devEUIs.length })}
    >
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, pt: 1 }}>
        <Typography variant="body2">{t('selectedCount', { count: devEUIs.length })}</Typography>
        <TextField
          select
          size="small"
          label={t('targetApp')}
          value={target}
          onChange={(e) => form.set('appId', Number(e.target.value))}
          slotProps={{ htmlInput: { 'data-testid': 'move-target' } }}
        >
          {apps.length === 0 && <MenuItem disabled>{t('noOtherApp')}</MenuItem>}
          {apps.map((a) => (
            <MenuItem key={a.appID} value={a.appID} data-testid={`move-app-${a.appName}`}>
              {a.appName}
            </MenuItem>
          ))}
        </TextField>
      </Box>
    </FormDialog>
  );
}
