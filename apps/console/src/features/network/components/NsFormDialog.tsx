import { C } from '@lns/contract/codes';
import { PICO } from '@lns/contract/gateways';
import { DEFAULT_COLOR } from '@lns/contract/limits';
import { NS_URL_MAX, type NsRow, nsCreateBody } from '@lns/contract/network-servers';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/FormDialog';
import { useRegions } from '../../../lib/catalog';
import { useContractForm } from '../../../lib/form/useContractForm';
import type { RefusalTable } from '../../../lib/form/useFormSubmit';
import { planName } from '../../../lib/planNames';
import { useSaveNetworkServer } from '../api';

interface NsForm {
  region: string;
  subnet: string;
  nsURL: string;
  color: string;
}

const REFUSALS: RefusalTable<NsForm> = {
  [C.SUBNET_MISSING]: { field: 'subnet', message: 'network:refusal.subnetMissing' },
  [C.SUBNET_EXISTS]: { field: 'subnet', message: 'network:refusal.subnetExists' },
  [C.SUBNET_UNSUPPORTED]: { field: 'subnet', message: 'network:refusal.subnetUnsupported' },
};

/**
 * New network-server entry or a change of one: region, then one of its subnets (those with an
 * entry already, and the pico subnet, are offered disabled), the address and the colour.
 */
export function NsFormDialog({ entry, taken, onClose }: { entry?: NsRow; taken: NsRow[]; onClose: () => void }) {
  const { t } = useTranslation('network');
  const regions = useRegions();
  const save = useSaveNetworkServer();
  const form = useContractForm({
    schema: nsCreateBody,
    defaultValues: {
      region: entry?.region ?? '',
      subnet: entry?.subnet ?? '',
      nsURL: entry?.nsURL ?? '',
      color: entry?.color ?? DEFAULT_COLOR,
    } as NsForm,
  });
  const { values: v, set } = form;
  const subnets = regions.data?.find((r) => r.region === v.region)?.subnets ?? [];
  const why = (subnet: string): string | undefined => {
    if (v.region === PICO.region && subnet === PICO.subnet) return t('ns.pico');
    const other = taken.find((x) => x.region === v.region && x.subnet === subnet && x.nsID !== entry?.nsID);
    return other ? t('ns.taken', { nsURL: other.nsURL }) : undefined;
  };

  return (
    <FormDialog
      form={form}
      onClose={onClose}
      title={entry ? t('ns.editTitle', { subnet: entry.subnet }) : t('ns.addTitle')}
      submitTestId="ns-save"
      submit={(body) => save.mutateAsync(entry ? { ...body, nsID: entry.nsID } : body)}
      success={t(entry ? 'common:updated' : 'common:created')}
      codes={REFUSALS}
    >
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1, pt: 1 }}>
        <TextField
          select
          size="small"
          required
          label={t('field.region')}
          value={v.region}
          onChange={(e) => {
            set('region', e.target.value);
            set('subnet', '');
          }}
          {...form.fieldState('region')}
          slotProps={{ htmlInput: { 'data-testid': 'ns-region' } }}
        >
          {(regions.data ?? []).map((r) => (
            <MenuItem key={r.region} value={r.region}>
              {planName(r.name)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          required
          disabled={!v.region}
          label={t('field.subnet')}
          value={v.subnet}
          onChange={(e) => set('subnet', e.target.value)}
          {...form.fieldState('subnet')}
          slotProps={{ htmlInput: { 'data-testid': 'ns-subnet' } }}
        >
          {subnets.map((s) => {
            const reason = why(s.subnet);
            return (
              <MenuItem key={s.subnet} value={s.subnet} disabled={Boolean(reason)}>
                <Box sx={{ display: 'flex', flexDirection: 'column', minWidth: 0 }}>
                  <span>{`${s.subnet} · ${planName(s.name)}`}</span>
                  {reason && (
                    <Box component="span" sx={{ fontSize: 12, color: 'text.secondary', whiteSpace: 'normal' }}>
                      {reason}
                    </Box>
                  )}
                </Box>
              </MenuItem>
            );
          })}
        </TextField>
        <TextField
          size="small"
          required
          label={t('field.nsURL')}
          value={v.nsURL}
          onChange={(e) => set('nsURL', e.target.value)}
          {...form.fieldState('nsURL', t('hint.nsURL'))}
          slotProps={{ htmlInput: { maxLength: NS_URL_MAX, spellCheck: false, 'data-testid': 'ns-url' } }}
        />
        <TextField
          size="small"
          type="color"
          label={t('field.color')}
          value={v.color}
          onChange={(e) => set('color', e.target.value)}
          {...form.fieldState('color', t('hint.color', { color: v.color }))}
          slotProps={{ htmlInput: { 'data-testid': 'ns-color' } }}
          sx={{ maxWidth: 200 }}
        />
      </Box>
    </FormDialog>
  );
}
