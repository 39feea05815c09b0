import { C } from '@lns/contract/codes';
import { PF_CONF_MAX_BYTES, TX_LUT_MAX_ENTRIES, type TxLutRow, txLutBody } from '@lns/contract/frequency-plans';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { FileField } from '../../../components/FileField';
import { FormDialog } from '../../../components/FormDialog';
import { useContractForm } from '../../../lib/form/useContractForm';
import type { RefusalTable } from '../../../lib/form/useFormSubmit';
import { useGwTypeNames, useSaveTxLut } from '../api';
import { RegionField } from './RegionField';

interface TxLutForm {
  gwType: string;
  region: string;
  filestore: string;
  fileName: string;
  fileSize?: number;
}

// 10002 is not here: its text names the type and region, so onRefused sets it.
const REFUSALS: RefusalTable<TxLutForm> = {
  [C.TXLUT_ENTRY_FAILED]: { field: 'filestore', message: 'frequencyPlans:refusal.notTxLut', detail: true },
  [C.GWTYPE_MISSING]: { field: 'gwType', message: 'frequencyPlans:refusal.gwTypeMissing' },
  [C.FILE_MISSING]: { field: 'filestore', message: 'common:codes.6003' },
};

/** New tx lookup table, or a change of one: gateway type, region and the JSON file of tx gain entries. */
export function TxLutDialog({ entry, onClose }: { entry?: TxLutRow; onClose: () => void }) {
  const { t } = useTranslation('frequencyPlans');
  const save = useSaveTxLut();
  const types = useGwTypeNames();
  const form = useContractForm({
    schema: txLutBody,
    defaultValues: {
      gwType: entry?.gwType ?? '',
      region: entry?.region ?? '',
      filestore: entry?.filestore ?? '',
      fileName: entry?.fileName ?? '',
      fileSize: undefined,
    } as TxLutForm,
    toBody: (v: TxLutForm) => ({ gwType: v.gwType, region: v.region, filestore: v.filestore }),
  });
  const { values: v, set } = form;
  // The row's own type stays offered while the list loads (a select with an unknown value is blank).
  const names = [...new Set([...(types.data ?? []), ...(entry ? [entry.gwType] : [])])];
  return (
    <FormDialog
      form={form}
      onClose={onClose}
      title={
        entry ? t('txLut.editTitle', { gwType: entry.gwType, region: entry.region.toUpperCase() }) : t('txLut.addTitle')
      }
      submitTestId="txlut-save"
      submit={(body) => save.mutateAsync(entry ? { ...body, txLutID: entry.txLutID } : body)}
      success={t(entry ? 'common:updated' : 'common:created')}
      codes={REFUSALS}
      onRefused={(e) => {
        if (e.code !== C.TXLUT_EXISTS) return;
        const message = t('refusal.txLutExists', { gwType: v.gwType, region: v.region.toUpperCase() });
        form.setError('gwType', { type: 'server', message });
      }}
    >
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1, pt: 1 }}>
        <TextField
          select
          size="small"
          required
          label={t('field.gwType')}
          value={v.gwType}
          onChange={(e) => set('gwType', e.target.value)}
          {...form.fieldState('gwType')}
          slotProps={{ htmlInput: { 'data-testid': 'txlut-gwType' } }}
        >
          {names.map((name) => (
            <MenuItem key={name} value={name}>
              {name}
            </MenuItem>
          ))}
        </TextField>
        <RegionField
          label={t('field.region')}
          value={v.region}
          onChange={(region) => set('region', region)}
          state={form.fieldState('region')}
          testId="txlut-region"
        />
        <FileField
          form={form}
          field="filestore"
          label={t('field.file')}
          accept=".json,application/json"
          maxBytes={PF_CONF_MAX_BYTES}
          hint={t('txLut.fileHint', { max: TX_LUT_MAX_ENTRIES })}
          testId="txlut-file"
        />
      </Box>
    </FormDialog>
  );
}
