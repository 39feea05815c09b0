import { REMARKS_MAX } from '@lns/contract/limits';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppDialog } from '../../../components/AppDialog';
import { toast } from '../../../lib/toast';
import { useBatchUpdate } from '../api';
import { TagSelect } from './TagSelect';

/** Set the tags and/or remarks of the selected devices (all or nothing). */
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
  const [setTags, setSetTags] = useState(true);
  const [tagsId, setTagsId] = useState<number[]>([]);
  const [setRemarks, setSetRemarks] = useState(false);
  const [remarks, setRemarksText] = useState('');
  const submit = async () => {
    await update.mutateAsync({
      appID,
      devEUIs,
      ...(setTags ? { tagsId } : {}),
      ...(setRemarks ? { remarks } : {}),
    });
    toast.success(t('common:updated'));
    onClose();
  };
  return (
    <AppDialog
      open
      onClose={onClose}
      title={t('batchUpdate')}
      actions={
        <>
          <Button onClick={onClose}>{t('common:cancel')}</Button>
          <Button
            variant="contained"
            disabled={!setTags && !setRemarks}
            onClick={submit}
            loading={update.isPending}
            data-testid="batch-update-save"
          >
            {t('common:save')}
          </Button>
        </>
      }
    >
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, pt: 1 }}>
        <Typography variant="body2">{t('selectedCount', { count: devEUIs.length })}</Typography>
        <FormControlLabel
          control={<Checkbox checked={setTags} onChange={(e) => setSetTags(e.target.checked)} />}
          label={t('setTags')}
        />
        {setTags && <TagSelect value={tagsId} onChange={setTagsId} testId="batch-tags" />}
        <FormControlLabel
          control={
            <Checkbox
              checked={setRemarks}
              onChange={(e) => setSetRemarks(e.target.checked)}
              data-testid="batch-set-remarks"
            />
          }
          label={t('setRemarks')}
        />
        {setRemarks && (
          <TextField
            size="small"
            label={t('field.remarks')}
            value={remarks}
            onChange={(e) => setRemarksText(e.target.value)}
            helperText={`${remarks.length}/${REMARKS_MAX}`}
            slotProps={{ htmlInput: { maxLength: REMARKS_MAX, 'data-testid': 'batch-remarks' } }}
          />
        )}
      </Box>
    </AppDialog>
  );
}
