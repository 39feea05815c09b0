import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppDialog } from '../../../components/AppDialog';
import { useAllApps } from '../../../lib/catalog';
import { addApplication, cutoverKeys } from '../api';
import { RefusalList } from './RefusalList';
import { type ItemRefusal, skippedRefusals } from './refusals';

/**
 * Every device of an application that can join (on the current plan, in no other open task);
 * the server lists the others with their code, shown here until the dialog is closed.
 */
export function AddApplicationDialog({ taskId, onClose }: { taskId: number; onClose: () => void }) {
  const { t } = useTranslation('subnetCutover');
  const qc = useQueryClient();
  const apps = useAllApps().data?.rows ?? [];
  const [appID, setAppID] = useState<number | ''>('');
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ added: number; skipped: ItemRefusal[] } | null>(null);

  const add = async () => {
    if (appID === '') return;
    setBusy(true);
    try {
      const r = await addApplication(taskId, appID);
      setResult({ added: r.added, skipped: skippedRefusals(r.skipped) });
      await qc.invalidateQueries({ queryKey: cutoverKeys.all });
    } catch {
      // The HTTP client has shown the refusal.
    } finally {
      setBusy(false);
    }
  };

  return (
    <AppDialog
      open
      onClose={onClose}
      title={t('members.addApplication')}
      actions={
        <>
          <Button onClick={onClose}>{result ? t('common:close') : t('common:cancel')}</Button>
          <Button
            variant="contained"
            disabled={appID === '' || busy}
            onClick={() => void add()}
            data-testid="cutover-add-app-save"
          >
            {t('common:add')}
          </Button>
        </>
      }
    >
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, pt: 1 }}>
        <TextField
          select
          size="small"
          label={t('members.chooseApp')}
          value={apps.some((a) => a.appID === appID) ? appID : ''}
          onChange={(e) => {
            setAppID(Number(e.target.value));
            setResult(null);
          }}
          helperText={t('members.appHint')}
          slotProps={{ htmlInput: { 'data-testid': 'cutover-app' } }}
        >
          {apps.map((a) => (
            <MenuItem key={a.appID} value={a.appID} data-testid={`cutover-app-${a.appID}`}>
              {a.appName}
            </MenuItem>
          ))}
        </TextField>
        {result && (
          <Alert severity="success" data-testid="cutover-app-added">
            {t('members.appAdded', { count: result.added })}
          </Alert>
        )}
        <RefusalList
          title={t('members.appSkipped')}
          items={result?.skipped ?? []}
          severity="warning"
          testId="cutover-app-skipped"
        />
      </Box>
    </AppDialog>
  );
}
