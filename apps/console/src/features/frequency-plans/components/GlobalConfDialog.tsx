import { C } from '@lns/contract/codes';
import { type GlobalConfRow, globalConfBody, PF_CONF_MAX_BYTES } from '@lns/contract/frequency-plans';
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { FileField } from '../../../components/FileField';
import { megaText } from '../../../components/FileUpload';
import { FormDialog } from '../../../components/FormDialog';
import { useContractForm } from '../../../lib/form/useContractForm';
import type { RefusalTable } from '../../../lib/form/useFormSubmit';
import { useSaveGlobalConf } from '../api';
import { RegionField, SubnetField } from './RegionField';

interface GlobalConfForm {
  region: string;
  subnet: string;
  /** The file store's reference ('' until a file is uploaded). */
  filestore: string;
  fileName: string;
  fileSize?: number;
}

// 11002 is not here: its text names the region/subnet, so onRefused sets it.
const REFUSALS: RefusalTable<GlobalConfForm> = {
  [C.GLOBALCONF_ENTRY_FAILED]: { field: 'filestore', message: 'frequencyPlans:refusal.notGlobalConf', detail: true },
  [C.SUBNET_UNSUPPORTED]: { field: 'subnet', message: 'frequencyPlans:refusal.subnetUnsupported' },
  [C.FILE_MISSING]: { field: 'filestore', message: 'common:codes.6003' },
};

/** New global configuration, or a change of one: region, then subnet, then its global_conf.json. */
export function GlobalConfDialog({ entry, onClose }: { entry?: GlobalConfRow; onClose: () => void }) {
  const { t } = useTranslation('frequencyPlans');
  const save = useSaveGlobalConf();
  const form = useContractForm({
    schema: globalConfBody,
    defaultValues: {
      region: entry?.region ?? '',
      subnet: entry?.subnet ?? '',
      filestore: entry?.filestore ?? '',
      fileName: entry?.fileName ?? '',
      fileSize: undefined,
    } as GlobalConfForm,
    toBody: (v: GlobalConfForm) => ({ region: v.region, subnet: v.subnet, filestore: v.filestore }),
  });
  const { values: v, set } = form;
  return (
    <FormDialog
      form={form}
      onClose={onClose}
      title={entry ? t('global.editTitle', { subnet: entry.subnet }) : t('global.addTitle')}
      submitTestId="globalconf-save"
      submit={(body) => save.mutateAsync(entry ? { ...body, globalConfID: entry.globalConfID } : body)}
      success={t(entry ? 'common:updated' : 'common:created')}
      codes={REFUSALS}
      onRefused={(e) => {
        if (e.code !== C.GLOBALCONF_EXISTS) return;
        const message = t('refusal.globalConfExists', { region: v.region.toUpperCase(), subnet: v.subnet });
        form.setError('subnet', { type: 'server', message });
      }}
    >
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1, pt: 1 }}>
        <RegionField
          label={t('field.region')}
          value={v.region}
          onChange={(region) => {
            set('region', region);
            set('subnet', '');
          }}
          state={form.fieldState('region')}
          testId="globalconf-region"
        />
        <SubnetField
          label={t('field.subnet')}
          region={v.region}
          value={v.subnet}
          onChange={(subnet) => set('subnet', subnet)}
          state={form.fieldState('subnet')}
          testId="globalconf-subnet"
        />
        <FileField
          form={form}
          field="filestore"
          label={t('field.file')}
          accept=".json,application/json"
          maxBytes={PF_CONF_MAX_BYTES}
          hint={t('global.fileHint', { max: megaText(PF_CONF_MAX_BYTES) })}
          testId="globalconf-file"
        />
      </Box>
    </FormDialog>
  );
}
