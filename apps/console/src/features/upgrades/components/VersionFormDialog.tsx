import { C } from '@lns/contract/codes';
import { GW_ARCHS, type GwArch } from '@lns/contract/gateway-types';
import { VERSION_NAME_MAX } from '@lns/contract/limits';
import { archVersionBody, packageVersionBody, type UpgradeKind } from '@lns/contract/upgrades';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { FileField } from '../../../components/FileField';
import { megaText } from '../../../components/FileUpload';
import { FormDialog } from '../../../components/FormDialog';
import { validationText } from '../../../lib/form/messages';
import { useContractForm } from '../../../lib/form/useContractForm';
import type { RefusalTable } from '../../../lib/form/useFormSubmit';
import { useUploadMaxBytes } from '../../../lib/webConfig';
import { useCreateVersion } from '../api/versions';
import { DEB_EXTENSION, hasArch, isDebFile } from '../kinds';

export interface VersionForm {
  name: string;
  /** The file store's reference of the uploaded package ('' until one is uploaded). */
  fileUrl: string;
  fileName: string;
  fileSize: number;
  restartAfterInstall: boolean;
  arch: GwArch | '';
}

const EMPTY: VersionForm = { name: '', fileUrl: '', fileName: '', fileSize: 0, restartAfterInstall: false, arch: '' };

/** The body of the kind: deb and opkg say whether to restart, agent and packet forwarder their arch. */
export const versionBody = (kind: UpgradeKind, v: VersionForm) =>
  hasArch(kind)
    ? { name: v.name, fileUrl: v.fileUrl, arch: v.arch || undefined }
    : { name: v.name, fileUrl: v.fileUrl, restartAfterInstall: v.restartAfterInstall };

/** A version name taken already is 8002 (deb, opkg, agent) or 9002 (packet forwarder). */
const REFUSALS: RefusalTable<VersionForm> = {
  [C.BRIDGE_EXISTS]: { field: 'name', message: 'upgrades:refusal.versionExists' },
  [C.PKTFWD_EXISTS]: { field: 'name', message: 'upgrades:refusal.versionExists' },
  [C.FILE_MISSING]: { field: 'fileUrl', message: 'common:codes.6003' },
};

/** New version of a kind: its name, the package file (uploaded to the file store), restart or arch. */
export function VersionFormDialog({ kind, onClose }: { kind: UpgradeKind; onClose: () => void }) {
  const { t } = useTranslation('upgrades');
  const create = useCreateVersion(kind);
  const form = useContractForm({
    schema: hasArch(kind) ? archVersionBody : packageVersionBody,
    defaultValues: EMPTY,
    toBody: (v: VersionForm) => versionBody(kind, v),
  });
  const { values: v, set } = form;
  const maxBytes = useUploadMaxBytes();
  const deb = kind === 'deb';
  const max = megaText(maxBytes);

  return (
    <FormDialog
      form={form}
      onClose={onClose}
      title={t('versions.addTitle', { kind: t(`kind.${kind}`) })}
      submitLabel={t('common:add')}
      submitTestId="version-save"
      submit={(body) => create.mutateAsync(body)}
      success={t('common:created')}
      codes={REFUSALS}
    >
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1, pt: 1 }}>
        <TextField
          size="small"
          required
          label={t('field.name')}
          value={v.name}
          onChange={(e) => set('name', e.target.value)}
          {...form.fieldState('name', t('hint.name', { max: VERSION_NAME_MAX }))}
          slotProps={{ htmlInput: { maxLength: VERSION_NAME_MAX, 'data-testid': 'version-name' } }}
        />
        <FileField
          form={form}
          field="fileUrl"
          label={t('field.file')}
          maxBytes={maxBytes}
          accept={deb ? DEB_EXTENSION : undefined}
          refuse={deb ? (f) => (isDebFile(f.name) ? undefined : validationText('debFileOnly')) : undefined}
          hint={t(deb ? 'hint.debFile' : 'hint.file', { max })}
          testId="version-file"
        />
        {hasArch(kind) ? (
          <TextField
            select
            size="small"
            required
            label={t('field.arch')}
            value={v.arch}
            onChange={(e) => set('arch', e.target.value as GwArch)}
            {...form.fieldState('arch', t('hint.arch'))}
            slotProps={{ htmlInput: { 'data-testid': 'version-arch' } }}
          >
            {GW_ARCHS.map((a) => (
              <MenuItem key={a} value={a}>
                {a}
              </MenuItem>
            ))}
          </TextField>
        ) : (
          <Box>
            <FormControlLabel
              control={
                <Switch
                  checked={v.restartAfterInstall}
                  onChange={(e) => set('restartAfterInstall', e.target.checked)}
                  slotProps={{ input: { 'data-testid': 'version-restart' } as object }}
                />
              }
              label={t('field.restartAfterInstall')}
            />
            <FormHelperText sx={{ mt: 0 }}>{t('hint.restartAfterInstall')}</FormHelperText>
          </Box>
        )}
      </Box>
    </FormDialog>
  );
}
