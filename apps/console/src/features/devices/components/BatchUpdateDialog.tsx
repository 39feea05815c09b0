import { deviceUpdatesBody } from '@lns/contract/devices';
import { REMARKS_MAX } from '@lns/contract/limits';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/FormDialog';
import { useContractForm } from '../../../lib/form/useContractForm';
import { useBatchUpdate } from '../api';
import { TagSelect } from './TagSelect';

type Values = { setTags: boolean; tagsId: number[]; setRemarks: boolean; remarks: string };

/**
 * Set the tags and/or remarks of the selected devices (all or nothing). Both start unticked: only
 * what the user ticks is sent, so an untouched setting is never overwritten.
 */
export function BatchUpdateDialog({
  appID,
  devEUIs,
  onClose,
}: {
  appID: number;
  devEUIs: string[];
  onClose: () => void;
}) {
  const { t } = useTranslation('devices');
  const update = useBatchUpdate();
  const defaults: Values = { setTags: false, tagsId: [], setRemarks: false, remarks: '' };
  const form = useContractForm({
    schema: deviceUpdatesBody,
    defaultValues: defaults,
    toBody: (v: Values) => ({
      appID,
      devEUIs,
      ...(v.setTags ? { tagsId: v.tagsId } : {}),
      ...(v.setRemarks ? { remarks: v.remarks } : {}),
    }),
  });
  const { values: v, set } = form;
  const remarksError = form.errorText('remarks');
  return (
    <FormDialog
      form={form}
      onClose={onClose}
      title={t('batchUpdate')}
      submitTestId="batch-update-save"
      submitDisabled={!v.setTags && !v.setRemarks}
      submit={(body) => update.mutateAsync(body)}
      success={t('common:updated')}
    >
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, pt: 1 }}>
        <Typography variant="body2">{t('selectedCount', { count: devEUIs.length })}</Typography>
        <Alert severity="info" data-testid="batch-update-hint">
          {t('batchOnlyChanged')}
        </Alert>
        <FormControlLabel
          control={
            <Checkbox
              checked={v.setTags}
              onChange={(e) => set('setTags', e.target.checked)}
              data-testid="batch-set-tags"
            />
          }
          label={t('setTags')}
        />
        {v.setTags && <TagSelect value={v.tagsId} onChange={(ids) => set('tagsId', ids)} testId="batch-tags" />}
        <FormControlLabel
          control={
            <Checkbox
              checked={v.setRemarks}
              onChange={(e) => set('setRemarks', e.target.checked)}
              data-testid="batch-set-remarks"
            />
          }
          label={t('setRemarks')}
        />
        {v.setRemarks && (
          <TextField
            size="small"
            label={t('field.remarks')}
            value={v.remarks}
            onChange={(e) => set('remarks', e.target.value)}
            error={Boolean(remarksError)}
            helperText={remarksError ?? `${v.remarks.length}/${REMARKS_MAX}`}
            slotProps={{ htmlInput: { maxLength: REMARKS_MAX, 'data-testid': 'batch-remarks' } }}
          />
        )}
      </Box>
    </FormDialog>
  );
}
