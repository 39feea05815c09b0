import { C } from '@lns/contract/codes';
import { PLATFORM_SWITCHES, type PlatformConfig, platformConfig } from '@lns/contract/platform';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { CardPanel } from '../../../components/CardPanel';
import { useContractForm } from '../../../lib/form/useContractForm';
import { type RefusalTable, useFormSubmit } from '../../../lib/form/useFormSubmit';
import { useSavePlatformConfig } from '../api';
import { ExpirySlider } from './ExpirySlider';
import { SwitchRow } from './SwitchRow';

const REFUSALS: RefusalTable<PlatformConfig> = {
  [C.PARAM_EMPTY]: { field: 'dataExpireDay', message: 'platform:refusal.dataExpireDay' },
  [C.PARAM_FORMAT]: { field: 'dataExpireDay', message: 'platform:refusal.dataExpireDay' },
};

/**
 * The five data switches and the retention period, saved together: the update wants every field,
 * so the body is always the whole configuration, checked by the contract's schema.
 */
export function DataSettingsCard({ config }: { config: PlatformConfig }) {
  const { t } = useTranslation('platform');
  const save = useSavePlatformConfig();
  const form = useContractForm({ schema: platformConfig, defaultValues: config });
  const { values: v, set } = form;
  const submit = useFormSubmit(form, {
    submit: async (body) => {
      await save.mutateAsync(body);
      return body;
    },
    success: t('common:saved'),
    codes: REFUSALS,
    // What was saved is the new baseline: Save is off again until the next change.
    onDone: (body) => form.reset(body),
  });
  const { isDirty, isSubmitting } = form.formState;
  return (
    <CardPanel title={t('data.title')} data-testid="platform-data-card">
      <Box
        component="form"
        noValidate
        onSubmit={(e) => void submit(e)}
        sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}
      >
        <Typography variant="body2" color="text.secondary">
          {t('data.intro')}
        </Typography>
        {PLATFORM_SWITCHES.map((field) => (
          <SwitchRow key={field} field={field} checked={v[field]} onChange={(on) => set(field, on)} />
        ))}
        <Divider />
        <ExpirySlider
          value={v.dataExpireDay}
          onChange={(days) => set('dataExpireDay', days)}
          error={form.errorText('dataExpireDay')}
        />
        <Box>
          <Button
            type="submit"
            variant="contained"
            disabled={!isDirty || isSubmitting}
            loading={isSubmitting}
            data-testid="platform-save"
          >
            {t('common:save')}
          </Button>
        </Box>
      </Box>
    </CardPanel>
  );
}
