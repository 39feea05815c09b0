import { C } from '@lns/contract/codes';
import {
  FIRMWARE_HEADER,
  firmwareVersions,
  fuotaCreateBody,
  REDUNDANCY_PERCENT,
  VERSION_TEXT_MAX,
} from '@lns/contract/fuota';
import { FIRMWARE_MAX_BYTES, NAME_MAX } from '@lns/contract/limits';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { FileField } from '../../../components/FileField';
import { FormDialog } from '../../../components/FormDialog';
import { validationText } from '../../../lib/form/messages';
import { useContractForm } from '../../../lib/form/useContractForm';
import type { RefusalTable } from '../../../lib/form/useFormSubmit';
import { useCreateTask } from '../api';
import { GroupPicker } from './GroupPicker';

export interface FuotaForm {
  mcEUI: string;
  firmwareName: string;
  /** Text while typed; the schema makes it a number. */
  redundancyPercent: string;
  /** The file store's reference of the uploaded image ('' until one is uploaded). */
  fileUrl: string;
  fileName: string;
  fileSize: number;
  oldVersion: string;
  newVersion: string;
  /** The versions were read from the image's header (FIRMWARE_HEADER). */
  fromHeader: boolean;
}

const EMPTY: FuotaForm = {
  mcEUI: '',
  firmwareName: '',
  redundancyPercent: String(REDUNDANCY_PERCENT.default),
  fileUrl: '',
  fileName: '',
  fileSize: 0,
  oldVersion: '',
  newVersion: '',
  fromHeader: false,
};

/** The request body: the image by its file-store reference; empty versions are left out. */
export const fuotaBody = (v: FuotaForm) => ({
  mcEUI: v.mcEUI,
  firmwareName: v.firmwareName,
  redundancyPercent: v.redundancyPercent,
  fileUrl: v.fileUrl || undefined,
  oldVersion: v.oldVersion.trim() || undefined,
  newVersion: v.newVersion.trim() || undefined,
});

const REFUSALS: RefusalTable<FuotaForm> = {
  [C.FUOTA_TASK_EXISTS]: { field: 'mcEUI', message: 'common:codes.16001' },
  [C.MC_MISSING]: { field: 'mcEUI', message: 'common:codes.14001' },
  [C.FILE_MISSING]: { field: 'fileUrl', message: 'common:codes.6003' },
};

/** A file name without its extension, as a default firmware name. */
const baseName = (name: string) => name.replace(/\.[^.]*$/, '').slice(0, NAME_MAX);

/** New FUOTA task: a group, the firmware image (uploaded to the file store), its name, redundancy and versions. */
export function FuotaFormDialog({ onClose, mcEUI = '' }: { onClose: () => void; mcEUI?: string }) {
  const { t } = useTranslation('fuota');
  const create = useCreateTask();
  const form = useContractForm({
    schema: fuotaCreateBody,
    defaultValues: { ...EMPTY, mcEUI },
    toBody: fuotaBody,
  });
  const { values: v, set } = form;
  const versionField = (field: 'oldVersion' | 'newVersion') => (
    <TextField
      size="small"
      label={t(`field.${field}`)}
      placeholder="1.0.0"
      value={v[field]}
      onChange={(e) => {
        set(field, e.target.value);
        set('fromHeader', false);
      }}
      {...form.fieldState(field, v.fromHeader ? t('hint.fromHeader') : ' ')}
      slotProps={{ htmlInput: { maxLength: VERSION_TEXT_MAX, 'data-testid': `fuota-${field}` } }}
    />
  );

  return (
    <FormDialog
      form={form}
      onClose={onClose}
      title={t('addTitle')}
      submitLabel={t('addSubmit')}
      submitTestId="fuota-save"
      submit={(body) => create.mutateAsync(body)}
      success={t('common:created')}
      codes={REFUSALS}
    >
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2, rowGap: 1, pt: 1 }}>
        <GroupPicker
          sx={{ gridColumn: '1 / -1' }}
          label={t('field.mcEUI')}
          required
          value={v.mcEUI}
          onChange={(x) => set('mcEUI', x)}
          {...form.fieldState('mcEUI', t('hint.group'))}
          testId="fuota-mcEUI"
        />
        <Box sx={{ gridColumn: '1 / -1' }}>
          <FileField
            form={form}
            field="fileUrl"
            label={t('field.file')}
            maxBytes={FIRMWARE_MAX_BYTES}
            tooLargeText={() => validationText('firmwareTooLarge')}
            hint={t('hint.file')}
            error={form.errorText('payload')}
            onRead={(file, bytes) => {
              const versions = firmwareVersions(bytes);
              if (versions) {
                set('oldVersion', versions.oldVersion);
                set('newVersion', versions.newVersion);
              }
              set('fromHeader', Boolean(versions));
              if (!v.firmwareName.trim()) set('firmwareName', baseName(file.name));
            }}
            testId="fuota-file"
          />
        </Box>
        <TextField
          size="small"
          required
          label={t('field.firmwareName')}
          value={v.firmwareName}
          onChange={(e) => set('firmwareName', e.target.value)}
          {...form.fieldState('firmwareName', `${v.firmwareName.length}/${NAME_MAX}`)}
          slotProps={{ htmlInput: { maxLength: NAME_MAX, 'data-testid': 'fuota-firmwareName' } }}
        />
        <TextField
          size="small"
          required
          label={t('field.redundancyPercent')}
          value={v.redundancyPercent}
          onChange={(e) => set('redundancyPercent', e.target.value.replace(/[^\d]/g, ''))}
          {...form.fieldState('redundancyPercent', t('hint.redundancy'))}
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 3, 'data-testid': 'fuota-redundancyPercent' } }}
        />
        <Typography variant="body2" color="text.secondary" sx={{ gridColumn: '1 / -1' }}>
          {t('hint.versions', { magic: FIRMWARE_HEADER.magic })}
        </Typography>
        {versionField('oldVersion')}
        {versionField('newVersion')}
      </Box>
    </FormDialog>
  );
}
