import { isHttpUrl } from '@lns/contract/applications';
import { C } from '@lns/contract/codes';
import { NAME_MAX } from '@lns/contract/limits';
import {
  MC_CLASSES,
  MC_GROUP_ID_NONE,
  MC_GROUP_IDS,
  type McClass,
  type McGroupDetail,
  mcGroupCreateBody,
  PING_SLOT_PERIODS,
  pingPeriodFor,
  TIME_SLOT,
} from '@lns/contract/multicast';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/FormDialog';
import { HeaderEditor, type HeaderRow, headersToMap, mapToHeaders } from '../../../components/HeaderEditor';
import { HexField } from '../../../components/HexField';
import { MqttUnavailable } from '../../../components/MqttUnavailable';
import { RegionSubnetFields } from '../../../components/RegionSubnetFields';
import { useContractForm } from '../../../lib/form/useContractForm';
import type { RefusalTable } from '../../../lib/form/useFormSubmit';
import { useMqttAvailability } from '../../../lib/webConfig';
import { useSaveGroup } from '../api';

export interface GroupForm {
  mcName: string;
  mcEUI: string;
  region: string;
  autoSubnet: boolean;
  subnet: string;
  mcClass: McClass;
  pingSlotPeriod: number;
  enableMCRemote: boolean;
  groupID: number;
  genAppKey: string;
  enableMCExt: boolean;
  timeSlotLength: number;
  mcAddr: string;
  mcAppSKey: string;
  mcNwkSKey: string;
  enableMQTT: boolean;
  pushUrl: string;
  headers: HeaderRow[];
}

const fromGroup = (g?: McGroupDetail): GroupForm => ({
  mcName: g?.mcName ?? '',
  mcEUI: g?.mcEUI ?? '',
  region: g?.region ?? '',
  autoSubnet: g?.autoSubnet ?? true,
  subnet: g && !g.autoSubnet ? g.subnet : '',
  mcClass: g?.mcClass ?? 'C',
  pingSlotPeriod: g?.pingSlotPeriod ?? 0,
  enableMCRemote: g?.enableMCRemote ?? false,
  groupID: g?.groupID ?? MC_GROUP_ID_NONE,
  genAppKey: g?.genAppKey ?? '',
  enableMCExt: g?.enableMCExt ?? false,
  timeSlotLength: g?.timeSlotLength ?? 0,
  mcAddr: g?.mcAddr ?? '',
  mcAppSKey: g && !g.enableMCRemote ? g.mcAppSKey : '',
  mcNwkSKey: g && !g.enableMCRemote ? g.mcNwkSKey : '',
  enableMQTT: g?.enableMQTT ?? false,
  pushUrl: g?.pushUrls[0] ?? '',
  headers: mapToHeaders(g?.headers),
});

/** The request body of the form (the same for create and update: mcEUI names the group). */
export const groupBody = (v: GroupForm) => {
  const url = v.pushUrl.trim();
  return {
    mcName: v.mcName,
    mcEUI: v.mcEUI,
    region: v.region,
    autoSubnet: v.autoSubnet,
    subnet: v.autoSubnet ? undefined : v.subnet,
    mcClass: v.mcClass,
    pingSlotPeriod: v.pingSlotPeriod,
    enableMCRemote: v.enableMCRemote,
    groupID: v.groupID,
    genAppKey: v.genAppKey,
    enableMCExt: v.enableMCExt,
    timeSlotLength: v.timeSlotLength,
    mcAddr: v.mcAddr,
    // With remote setup the server derives the session keys from its group key.
    mcAppSKey: v.enableMCRemote ? undefined : v.mcAppSKey,
    mcNwkSKey: v.enableMCRemote ? undefined : v.mcNwkSKey,
    enableMQTT: v.enableMQTT,
    pushUrls: url ? [url] : [],
    headers: url && isHttpUrl(url) ? headersToMap(v.headers) : {},
  };
};

const REFUSALS: RefusalTable<GroupForm> = {
  [C.MC_EXISTS]: { field: 'mcEUI', message: 'common:codes.14002' },
  [C.MC_NAME_EXISTS]: { field: 'mcName', message: 'common:codes.14005' },
  [C.MC_ADDR_KEY_REPEAT]: { field: 'mcAddr', message: 'common:codes.14003' },
  [C.MC_GEN_APP_KEY]: { field: 'genAppKey', message: 'multicast:errors.genAppKey' },
  [C.MC_GROUP_ID]: { field: 'groupID', message: 'common:codes.14019' },
};

/** Add (group undefined) or update a multicast group, with the form's switching rules (docs/product/multicast.md). */
export function GroupFormDialog({ onClose, group }: { onClose: () => void; group?: McGroupDetail }) {
  const { t } = useTranslation('multicast');
  const mqtt = useMqttAvailability();
  const save = useSaveGroup(Boolean(group));
  const form = useContractForm({ schema: mcGroupCreateBody, defaultValues: fromGroup(group), toBody: groupBody });
  const { values: v, set } = form;
  const err = (f: keyof GroupForm) => form.errorText(f);
  const groupIds: number[] = v.enableMCRemote ? [...MC_GROUP_IDS] : [...MC_GROUP_IDS, MC_GROUP_ID_NONE];

  const hex = (
    field: 'mcEUI' | 'genAppKey' | 'mcAddr' | 'mcAppSKey' | 'mcNwkSKey',
    digits: number,
    disabled = false,
  ) => (
    <HexField
      label={t(`field.${field}`)}
      required
      size="small"
      digits={digits}
      value={v[field]}
      disabled={disabled}
      onChange={(x) => set(field, x)}
      error={Boolean(err(field))}
      helperText={err(field) ?? ' '}
      slotProps={{ htmlInput: { 'data-testid': `mc-${field}` } }}
    />
  );
  const toggle = (
    field: 'enableMCRemote' | 'enableMCExt' | 'enableMQTT',
    onChange: (on: boolean) => void,
    disabled = false,
  ) => (
    <FormControlLabel
      control={
        <Switch
          checked={v[field]}
          disabled={disabled}
          onChange={(e) => onChange(e.target.checked)}
          data-testid={`mc-${field}`}
        />
      }
      label={t(`field.${field}`)}
    />
  );

  return (
    <FormDialog
      form={form}
      open
      onClose={onClose}
      title={group ? t('edit') : t('add')}
      maxWidth="md"
      submitTestId="mc-save"
      submit={(body) => save.mutateAsync(body)}
      success={group ? t('common:updated') : t('common:created')}
      codes={REFUSALS}
    >
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2, pt: 1 }}>
        <TextField
          size="small"
          required
          label={t('field.mcName')}
          value={v.mcName}
          onChange={(e) => set('mcName', e.target.value)}
          error={Boolean(err('mcName'))}
          helperText={err('mcName') ?? `${v.mcName.length}/${NAME_MAX}`}
          slotProps={{ htmlInput: { maxLength: NAME_MAX, 'data-testid': 'mc-mcName' } }}
        />
        {hex('mcEUI', 16, Boolean(group))}
        <RegionSubnetFields
          value={v}
          onChange={(patch) => {
            for (const [k, x] of Object.entries(patch)) set(k as 'region' | 'subnet' | 'autoSubnet', x as never);
          }}
          errors={{ region: err('region'), subnet: err('subnet') }}
          labels={{ region: t('field.region'), autoSubnet: t('field.autoSubnet'), subnet: t('field.subnet') }}
          testIdPrefix="mc"
        />
        <TextField
          select
          size="small"
          label={t('field.mcClass')}
          value={v.mcClass}
          onChange={(e) => {
            const cls = e.target.value as McClass;
            set('mcClass', cls);
            set('pingSlotPeriod', pingPeriodFor(cls));
          }}
          helperText=" "
          slotProps={{ htmlInput: { 'data-testid': 'mc-mcClass' } }}
        >
          {MC_CLASSES.map((c) => (
            <MenuItem key={c} value={c} data-testid={`mc-class-${c}`}>
              {t('classOf', { cls: c })}
            </MenuItem>
          ))}
        </TextField>
        {v.mcClass === 'B' ? (
          <TextField
            select
            size="small"
            label={t('field.pingSlotPeriod')}
            value={v.pingSlotPeriod}
            onChange={(e) => set('pingSlotPeriod', Number(e.target.value))}
            error={Boolean(err('pingSlotPeriod'))}
            helperText={err('pingSlotPeriod') ?? ' '}
            slotProps={{ htmlInput: { 'data-testid': 'mc-pingSlotPeriod' } }}
          >
            {PING_SLOT_PERIODS.map((p) => (
              <MenuItem key={p} value={p}>
                {t('seconds', { count: p })}
              </MenuItem>
            ))}
          </TextField>
        ) : (
          <Box />
        )}
        {toggle('enableMCRemote', (on) => {
          set('enableMCRemote', on);
          set('groupID', 0);
          set('enableMCExt', false);
          set('timeSlotLength', 0);
        })}
        <TextField
          select
          size="small"
          label={t('field.groupID')}
          value={v.groupID}
          onChange={(e) => set('groupID', Number(e.target.value))}
          error={Boolean(err('groupID'))}
          helperText={err('groupID') ?? ' '}
          slotProps={{ htmlInput: { 'data-testid': 'mc-groupID' } }}
        >
          {groupIds.map((id) => (
            <MenuItem key={id} value={id}>
              {id === MC_GROUP_ID_NONE ? t('groupIDNone') : id}
            </MenuItem>
          ))}
        </TextField>
        {toggle('enableMCExt', (on) => {
          set('enableMCExt', on);
          set('timeSlotLength', 0);
        })}
        <TextField
          select
          size="small"
          label={t('field.timeSlotLength')}
          value={v.timeSlotLength}
          disabled={!v.enableMCExt}
          onChange={(e) => set('timeSlotLength', Number(e.target.value))}
          error={Boolean(err('timeSlotLength'))}
          helperText={err('timeSlotLength') ?? t('timeSlotHint')}
          slotProps={{ htmlInput: { 'data-testid': 'mc-timeSlotLength' } }}
        >
          {Array.from({ length: TIME_SLOT.max + 1 }, (_, n) => n).map((level) => (
            <MenuItem key={level} value={level}>
              {t('timeSlot', { level, ms: level * TIME_SLOT.stepMs })}
            </MenuItem>
          ))}
        </TextField>
        {hex('genAppKey', 32)}
        {hex('mcAddr', 8)}
        {v.enableMCRemote ? (
          <Alert severity="info" sx={{ gridColumn: '1 / -1', mb: 2 }} data-testid="mc-derived-keys">
            {t('derivedKeys')}
          </Alert>
        ) : (
          <>
            {hex('mcAppSKey', 32)}
            {hex('mcNwkSKey', 32)}
          </>
        )}
        <Box sx={{ gridColumn: '1 / -1' }}>
          <MqttUnavailable />
          {toggle('enableMQTT', (on) => set('enableMQTT', on), !mqtt.available && !group?.enableMQTT)}
          <Typography variant="body2" color="text.secondary">
            {t('mqttEvents')}
          </Typography>
        </Box>
        <TextField
          size="small"
          label={t('field.pushUrl')}
          placeholder="https://example.com/multicast"
          value={v.pushUrl}
          onChange={(e) => set('pushUrl', e.target.value)}
          error={Boolean(form.errorText('pushUrls'))}
          helperText={form.errorText('pushUrls') ?? ' '}
          sx={{ gridColumn: '1 / -1' }}
          slotProps={{ htmlInput: { maxLength: 512, 'data-testid': 'mc-pushUrl' } }}
        />
        {isHttpUrl(v.pushUrl.trim()) && (
          <Box sx={{ gridColumn: '1 / -1' }}>
            <Typography variant="subtitle2">{t('field.headers')}</Typography>
            <HeaderEditor value={v.headers} onChange={(rows) => set('headers', rows)} />
          </Box>
        )}
      </Box>
    </FormDialog>
  );
}
