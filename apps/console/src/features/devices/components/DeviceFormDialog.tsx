import { PRODUCT_TYPES, type ProductType } from '@lns/contract/applications';
import { C } from '@lns/contract/codes';
import {
  AUTH_TYPES,
  type AuthType,
  DEFAULT_MAC_VERSION,
  DEVICE_CLASSES,
  type DeviceClass,
  type DeviceDetail,
  deviceCreateBody,
  deviceUpdateBody,
  MAC_VERSIONS,
} from '@lns/contract/devices';
import { NAME_MAX, REMARKS_MAX } from '@lns/contract/limits';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/FormDialog';
import { HexField } from '../../../components/HexField';
import { RegionSubnetFields } from '../../../components/RegionSubnetFields';
import { useContractForm } from '../../../lib/form/useContractForm';
import type { RefusalTable } from '../../../lib/form/useFormSubmit';
import { useSaveDevice } from '../api';
import { TagSelect } from './TagSelect';

type MacVersion = (typeof MAC_VERSIONS)[number];
type Values = {
  devEUI: string;
  devName: string;
  appEUI: string;
  authType: AuthType;
  appKey: string;
  devAddr: string;
  appSKey: string;
  nwkSKey: string;
  class: DeviceClass;
  macVersion: MacVersion;
  productType: ProductType;
  region: string;
  subnet: string;
  autoSubnet: boolean;
  fCntUp: string;
  fCntDown: string;
  tagsId: number[];
  remarks: string;
};

const fromDevice = (d?: DeviceDetail): Values => ({
  devEUI: d?.devEUI ?? '',
  devName: d?.devName ?? '',
  appEUI: d?.appEUI ?? '',
  authType: d?.authType ?? 'otaa',
  appKey: d?.appKey ?? '',
  devAddr: d?.authType === 'abp' ? (d.devAddr ?? '') : '',
  appSKey: d?.authType === 'abp' ? (d.appSKey ?? '') : '',
  nwkSKey: d?.authType === 'abp' ? (d.nwkSKey ?? '') : '',
  class: d?.class ?? 'A',
  macVersion: MAC_VERSIONS.find((m) => m === d?.macVersion) ?? DEFAULT_MAC_VERSION,
  productType: d?.productType ?? 'lorawan',
  region: d?.region ?? '',
  subnet: d?.subnet ?? '',
  autoSubnet: d?.autoSubnet ?? false,
  fCntUp: String(d?.fCntUp ?? 0),
  fCntDown: String(d?.fCntDown ?? 0),
  tagsId: d?.tagsId ?? [],
  remarks: d?.remarks ?? '',
});

const REFUSALS: RefusalTable<Values> = {
  [C.DEVICE_EXISTS]: { field: 'devEUI', message: 'devices:validation.devEUIExists' },
  [C.DEVADDR_NWKSKEY_DUP]: { field: 'devAddr', message: 'devices:validation.sessionExists' },
};

/** Add or edit a device (docs/product/devices.md): OTAA/ABP keys, class, region/subnet, counters, tags. */
export function DeviceFormDialog({
  open,
  onClose,
  appID,
  device,
}: {
  open: boolean;
  onClose: () => void;
  appID: number;
  device?: DeviceDetail;
}) {
  const { t } = useTranslation('devices');
  const editing = Boolean(device);
  const save = useSaveDevice(editing);
  const form = useContractForm({
    schema: editing ? deviceUpdateBody : deviceCreateBody,
    defaultValues: fromDevice(device),
    toBody: (v: Values) => ({
      ...(editing ? {} : { appID }),
      ...v,
      appKey: v.authType === 'otaa' ? v.appKey : v.appKey || undefined,
      devAddr: v.authType === 'abp' ? v.devAddr : undefined,
      appSKey: v.authType === 'abp' ? v.appSKey : undefined,
      nwkSKey: v.authType === 'abp' ? v.nwkSKey : undefined,
      subnet: v.autoSubnet ? undefined : v.subnet,
    }),
  });
  const { values: v, set } = form;
  const err = (f: keyof Values) => form.errorText(f);

  const hex = (
    field: 'devEUI' | 'appEUI' | 'appKey' | 'devAddr' | 'appSKey' | 'nwkSKey',
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
      slotProps={{ htmlInput: { 'data-testid': `dev-${field}` } }}
    />
  );

  return (
    <FormDialog
      form={form}
      open={open}
      onClose={onClose}
      title={editing ? t('edit') : t('add')}
      maxWidth="md"
      submitTestId="dev-save"
      submit={(body) => save.mutateAsync(body)}
      success={editing ? t('common:updated') : t('common:created')}
      codes={REFUSALS}
    >
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 1.5, pt: 1 }}>
        <TextField
          label={t('field.devName')}
          required
          size="small"
          value={v.devName}
          onChange={(e) => set('devName', e.target.value)}
          error={Boolean(err('devName'))}
          helperText={err('devName') ?? `${v.devName.length}/${NAME_MAX}`}
          slotProps={{ htmlInput: { maxLength: NAME_MAX, 'data-testid': 'dev-devName' } }}
        />
        {hex('devEUI', 16, editing)}
        {hex('appEUI', 16)}
        <RadioGroup row value={v.authType} onChange={(e) => set('authType', e.target.value as AuthType)}>
          {AUTH_TYPES.map((a) => (
            <FormControlLabel
              key={a}
              value={a}
              control={<Radio data-testid={`dev-auth-${a}`} />}
              label={t(`auth.${a}`)}
            />
          ))}
        </RadioGroup>
        {v.authType === 'otaa' ? (
          hex('appKey', 32)
        ) : (
          <>
            {hex('devAddr', 8)}
            {hex('appSKey', 32)}
            {hex('nwkSKey', 32)}
          </>
        )}
        <TextField
          select
          size="small"
          label={t('field.class')}
          value={v.class}
          onChange={(e) => set('class', e.target.value as DeviceClass)}
          slotProps={{ htmlInput: { 'data-testid': 'dev-class' } }}
          helperText={t(`classHint.${v.class}`)}
        >
          {DEVICE_CLASSES.map((c) => (
            <MenuItem key={c} value={c}>
              {t('classN', { c })}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label={t('field.macVersion')}
          value={v.macVersion}
          onChange={(e) => set('macVersion', e.target.value as MacVersion)}
        >
          {MAC_VERSIONS.map((m) => (
            <MenuItem key={m} value={m}>
              {m}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label={t('field.productType')}
          value={v.productType}
          onChange={(e) => set('productType', e.target.value as ProductType)}
        >
          {PRODUCT_TYPES.map((p) => (
            <MenuItem key={p} value={p}>
              {t(`productTypes.${p}`)}
            </MenuItem>
          ))}
        </TextField>
        <RegionSubnetFields
          value={v}
          onChange={(patch) => {
            for (const [k, x] of Object.entries(patch)) set(k as 'region' | 'subnet' | 'autoSubnet', x as never);
          }}
          errors={{ region: err('region'), subnet: err('subnet') }}
          labels={{ region: t('field.region'), autoSubnet: t('field.autoSubnet'), subnet: t('field.subnet') }}
          testIdPrefix="dev"
        />
        {(['fCntUp', 'fCntDown'] as const).map((f) => (
          <TextField
            key={f}
            size="small"
            required
            label={t(`field.${f}`)}
            value={v[f]}
            onChange={(e) => set(f, e.target.value.replace(/\D/g, ''))}
            error={Boolean(err(f))}
            helperText={err(f) ?? ' '}
            slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': `dev-${f}` } }}
          />
        ))}
        <TagSelect value={v.tagsId} onChange={(ids) => set('tagsId', ids)} />
        <TextField
          size="small"
          label={t('field.remarks')}
          value={v.remarks}
          onChange={(e) => set('remarks', e.target.value)}
          error={Boolean(err('remarks'))}
          helperText={err('remarks') ?? `${v.remarks.length}/${REMARKS_MAX}`}
          slotProps={{ htmlInput: { maxLength: REMARKS_MAX, 'data-testid': 'dev-remarks' } }}
        />
      </Box>
    </FormDialog>
  );
}
