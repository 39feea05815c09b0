import { C } from '@lns/contract/codes';
import { VERSION_NAME_MAX } from '@lns/contract/limits';
import { SDK_CONTROL_TYPES, sdkBody, type sdkRow, sdkUpdateBody } from '@lns/contract/upgrades';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { FileField } from '../../../components/FileField';
import { megaText } from '../../../components/FileUpload';
import { FormDialog } from '../../../components/FormDialog';
import { useContractForm } from '../../../lib/form/useContractForm';
import type { RefusalTable } from '../../../lib/form/useFormSubmit';
import { useUploadMaxBytes } from '../../../lib/webConfig';
import { useSaveSdk } from '../api/catalogues';

export type SdkRow = z.infer<typeof sdkRow>;
type ControlType = (typeof SDK_CONTROL_TYPES)[number];

export interface SdkForm {
  version: string;
  /** The file store's reference ('' until a file is uploaded). */
  filestore: string;
  fileName: string;
  /** Unknown (undefined) for the stored file of a version being changed. */
  fileSize?: number;
  controlType: ControlType;
}

const REFUSALS: RefusalTable<SdkForm> = {
  [C.BRIDGE_EXISTS]: { field: 'version', message: 'upgrades:refusal.versionExists' },
  [C.BRIDGE_MISSING]: { field: 'version', message: 'upgrades:refusal.versionMissing' },
  [C.FILE_MISSING]: { field: 'filestore', message: 'common:codes.6003' },
};

/** New SDK version, or a change of one: the version, its file and the control type (Pico). */
export function SdkFormDialog({ sdk, onClose }: { sdk?: SdkRow; onClose: () => void }) {
  const { t } = useTranslation('upgrades');
  const save = useSaveSdk();
  const form = useContractForm({
    schema: sdk ? sdkUpdateBody : sdkBody,
    defaultValues: {
      version: sdk?.version ?? '',
      filestore: sdk?.filestore ?? '',
      fileName: sdk?.fileName ?? '',
      fileSize: undefined,
      controlType: sdk?.controlType ?? SDK_CONTROL_TYPES[0],
    } as SdkForm,
    toBody: (v: SdkForm) => ({
      ...(sdk && { sdkID: sdk.sdkID }),
      version: v.version,
      filestore: v.filestore,
      controlType: v.controlType,
    }),
  });
  const { values: v, set } = form;
  const maxBytes = useUploadMaxBytes();
  return (
    <FormDialog
      form={form}
      onClose={onClose}
      title={sdk ? t('sdk.editTitle', { version: sdk.version }) : t('sdk.addTitle')}
      submitTestId="sdk-save"
      submit={(body) => save.mutateAsync(body)}
      success={t(sdk ? 'common:updated' : 'common:created')}
      codes={REFUSALS}
    >
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1, pt: 1 }}>
        <TextField
          size="small"
          required
          label={t('field.sdkVersion')}
          value={v.version}
          onChange={(e) => set('version', e.target.value)}
          {...form.fieldState('version', t('hint.name', { max: VERSION_NAME_MAX }))}
          slotProps={{ htmlInput: { maxLength: VERSION_NAME_MAX, 'data-testid': 'sdk-version' } }}
        />
        <FileField
          form={form}
          field="filestore"
          label={t('field.file')}
          maxBytes={maxBytes}
          hint={t('hint.file', { max: megaText(maxBytes) })}
          testId="sdk-file"
        />
        <TextField
          select
          size="small"
          required
          label={t('field.controlType')}
          value={v.controlType}
          onChange={(e) => set('controlType', e.target.value as ControlType)}
          {...form.fieldState('controlType')}
          slotProps={{ htmlInput: { 'data-testid': 'sdk-controlType' } }}
        >
          {SDK_CONTROL_TYPES.map((c) => (
            <MenuItem key={c} value={c}>
              {c}
            </MenuItem>
          ))}
        </TextField>
      </Box>
    </FormDialog>
  );
}
