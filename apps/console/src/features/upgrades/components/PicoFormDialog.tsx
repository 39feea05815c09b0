import { C } from '@lns/contract/codes';
import { VERSION_NAME_MAX } from '@lns/contract/limits';
import { picoFirmwareBody } from '@lns/contract/upgrades';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { FileField } from '../../../components/FileField';
import { megaText } from '../../../components/FileUpload';
import { FormDialog } from '../../../components/FormDialog';
import { useContractForm } from '../../../lib/form/useContractForm';
import type { RefusalTable } from '../../../lib/form/useFormSubmit';
import { useUploadMaxBytes } from '../../../lib/webConfig';
import { useCreatePico, useGatewayTypeNames } from '../api/catalogues';

export interface PicoForm {
  gwType: string;
  version: string;
  fileUrl: string;
  fileName: string;
  fileSize: number;
}

const EMPTY: PicoForm = { gwType: '', version: '', fileUrl: '', fileName: '', fileSize: 0 };

const REFUSALS: RefusalTable<PicoForm> = {
  [C.GWTYPE_MISSING]: { field: 'gwType', message: 'upgrades:refusal.gwTypeMissing' },
  [C.BRIDGE_EXISTS]: { field: 'version', message: 'upgrades:refusal.versionExists' },
  [C.FILE_MISSING]: { field: 'fileUrl', message: 'common:codes.6003' },
};

/** New pico firmware: the gateway type it is for, its version and file. */
export function PicoFormDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('upgrades');
  const create = useCreatePico();
  const types = useGatewayTypeNames().data ?? [];
  const form = useContractForm({
    schema: picoFirmwareBody,
    defaultValues: EMPTY,
    toBody: (v: PicoForm) => ({ gwType: v.gwType, version: v.version, fileUrl: v.fileUrl }),
  });
  const { values: v, set } = form;
  const maxBytes = useUploadMaxBytes();
  return (
    <FormDialog
      form={form}
      onClose={onClose}
      title={t('pico.addTitle')}
      submitLabel={t('common:add')}
      submitTestId="pico-save"
      submit={(body) => create.mutateAsync(body)}
      success={t('common:created')}
      codes={REFUSALS}
    >
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1, pt: 1 }}>
        <TextField
          select
          size="small"
          required
          label={t('field.gwType')}
          value={types.includes(v.gwType) ? v.gwType : ''}
          onChange={(e) => set('gwType', e.target.value)}
          {...form.fieldState('gwType')}
          slotProps={{ htmlInput: { 'data-testid': 'pico-gwType' } }}
        >
          {types.map((g) => (
            <MenuItem key={g} value={g}>
              {g}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          size="small"
          required
          label={t('field.firmwareVersion')}
          value={v.version}
          onChange={(e) => set('version', e.target.value)}
          {...form.fieldState('version', t('hint.name', { max: VERSION_NAME_MAX }))}
          slotProps={{ htmlInput: { maxLength: VERSION_NAME_MAX, 'data-testid': 'pico-version' } }}
        />
        <FileField
          form={form}
          field="fileUrl"
          label={t('field.file')}
          maxBytes={maxBytes}
          hint={t('hint.file', { max: megaText(maxBytes) })}
          testId="pico-file"
        />
      </Box>
    </FormDialog>
  );
}
