import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppDialog } from '../../../components/AppDialog';
import { useAllApps } from '../../../lib/catalog';
import { toast } from '../../../lib/toast';
import { useMoveDevices } from '../api';

/** Move the selected devices to another of the user's applications. */
export function MoveDialog({ appID, devEUIs, onClose }: { appID: number; devEUIs: string[]; onClose: () => void }) {
  const { t } = useTranslation('devices');
  const apps = (useAllApps().data?.rows ?? []).filter((a) => a.appID !== appID);
  const move = useMoveDevices();
  const [target, setTarget] = useState<number | ''>('');
  const submit = async () => {
    if (target === '') return;
    await move.mutateAsync({ appId: target, devEUIs });
    toast.success(t('moved', { count: devEUIs.length }));
    onClose();
  };
  return (
    <AppDialog
      open
      onClose={onClose}
      title={t('move')}
      actions={
        <>
          <Button onClick={onClose}>{t('common:cancel')}</Button>
          <Button
            variant="contained"
            disabled={target === ''}
            onClick={submit}
            loading={move.isPending}
            data-testid="move-save"
          >
            {t('move')}
          </Button>
        </>
      }
    >
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, pt: 1 }}>
        <Typography variant="body2">{t('selectedCount', { count: devEUIs.length })}</Typography>
        <TextField
          select
          size="small"
          label={t('targetApp')}
          value={target}
          onChange={(e) => setTarget(Number(e.target.value))}
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
    </AppDialog>
  );
}
