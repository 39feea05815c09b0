import { PRODUCT_TYPES } from '@lns/contract/applications';
import { C } from '@lns/contract/codes';
import {
  AUTH_TYPES,
  DEFAULT_MAC_VERSION,
  DEVICE_CLASSES,
  type DeviceDetail,
  deviceCreateBody,
  deviceUpdateBody,
  MAC_VERSIONS,
} from '@lns/contract/devices';
import { NAME_MAX, REMARKS_MAX } from '@lns/contract/limits';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppDialog } from '../../../components/AppDialog';
import { HexField } from '../../../components/HexField';
import { ApiError } from '../../../lib/http';
import { toast } from '../../../lib/toast';
import { useRegions, useSaveDevice } from '../api';
import { issuesToKeys } from '../messages';
import { TagSelect } from './TagSelect';

type Values = {
  devEUI: string;
  devName: string;
  appEUI: string;
  authType: 'otaa' | 'abp';
  appKey: string;
  devAddr: string;
  appSKey: string;
  nwkSKey: string;
  class: string;
  macVersion: string;
  productType: string;
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
  macVersion: d?.macVersion ?? DEFAULT_MAC_VERSION,
  productType: d?.productType ?? 'lorawan',
  region: d?.region ?? '',
  subnet: d?.subnet ?? '',
  autoSubnet: d?.autoSubnet ?? false,
  fCntUp: String(d?.fCntUp ?? 0),
  fCntDown: String(d?.fCntDown ?? 0),
  tagsId: d?.tagsId ?? [],
  remarks: d?.remarks ?? '',
});

/** Add or edit a device: the rules of docs/product/devices.md, OTAA/ABP keys, class, region/subnet, counters. */
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
  const regions = useRegions();
  const [v, setV] = useState<Values>(() => fromDevice(device));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = <K extends keyof Values>(k: K, val: Values[K]) => setV((s) => ({ ...s, [k]: val }));
  const err = (f: string) => (errors[f] ? t(errors[f]!) : undefined);
  const subnets = regions.data?.find((r) => r.region === v.region)?.subnets ?? [];

  const submit = async () => {
    const body = {
      ...(editing ? {} : { appID }),
      ...v,
      appKey: v.authType === 'otaa' ? v.appKey : v.appKey || undefined,
      devAddr: v.authType === 'abp' ? v.devAddr : undefined,
      appSKey: v.authType === 'abp' ? v.appSKey : undefined,
      nwkSKey: v.authType === 'abp' ? v.nwkSKey : undefined,
      subnet: v.autoSubnet ? undefined : v.subnet,
    };
    const parsed = (editing ? deviceUpdateBody : deviceCreateBody).safeParse(body);
    if (!parsed.success) {
      setErrors(issuesToKeys(parsed.error));
      return;
    }
    setErrors({});
    try {
      await save.mutateAsync(parsed.data);
      toast.success(editing ? t('common:updated') : t('common:created'));
      onClose();
    } catch (e) {
      if (e instanceof ApiError) {
        const field = e.field ?? '';
        const byCode: Record<number, string> = {
          [C.DEVICE_EXISTS]: 'validation.devEUIExists',
          [C.DEVADDR_NWKSKEY_DUP]: 'validation.sessionExists',
        };
        if (byCode[e.code]) setErrors({ [field || 'devEUI']: byCode[e.code]! });
        else if (field) setErrors({ [field]: 'validation.format' });
        toast.error(e.message);
      }
    }
  };

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
      error={Boolean(errors[field])}
      helperText={err(field) ?? ' '}
      slotProps={{ htmlInput: { 'data-testid': `dev-${field}` } }}
    />
  );

  return (
    <AppDialog
      open={open}
      onClose={onClose}
      title={editing ? t('edit') : t('add')}
      maxWidth="md"
      actions={
        <>
          <Button onClick={onClose}>{t('common:cancel')}</Button>
          <Button variant="contained" onClick={submit} loading={save.isPending} data-testid="dev-save">
            {t('common:save')}
          </Button>
        </>
      }
    >
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 1.5, pt: 1 }}>
        <TextField
          label={t('field.devName')}
          required
          size="small"
          value={v.devName}
          onChange={(e) => set('devName', e.target.value)}
          error={Boolean(errors.devName)}
          helperText={err('devName') ?? `${v.devName.length}/${NAME_MAX}`}
          slotProps={{ htmlInput: { maxLength: NAME_MAX, 'data-testid': 'dev-devName' } }}
        />
        {hex('devEUI', 16, editing)}
        {hex('appEUI', 16)}
        <RadioGroup row value={v.authType} onChange={(e) => set('authType', e.target.value as Values['authType'])}>
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
          onChange={(e) => set('class', e.target.value)}
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
          onChange={(e) => set('macVersion', e.target.value)}
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
          onChange={(e) => set('productType', e.target.value)}
        >
          {PRODUCT_TYPES.map((p) => (
            <MenuItem key={p} value={p}>
              {t(`productTypes.${p}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          required
          label={t('field.region')}
          value={v.region}
          onChange={(e) => setV((s) => ({ ...s, region: e.target.value, subnet: '' }))}
          error={Boolean(errors.region)}
          helperText={err('region') ?? ' '}
          slotProps={{ htmlInput: { 'data-testid': 'dev-region' } }}
        >
          {(regions.data ?? []).map((r) => (
            <MenuItem key={r.region} value={r.region} data-testid={`dev-region-${r.region}`}>
              {r.name}
            </MenuItem>
          ))}
        </TextField>
        <FormControlLabel
          control={
            <Switch
              checked={v.autoSubnet}
              onChange={(e) => set('autoSubnet', e.target.checked)}
              data-testid="dev-auto-subnet"
            />
          }
          label={t('field.autoSubnet')}
        />
        {!v.autoSubnet && (
          <TextField
            select
            size="small"
            required
            label={t('field.subnet')}
            value={v.subnet}
            onChange={(e) => set('subnet', e.target.value)}
            error={Boolean(errors.subnet)}
            helperText={err('subnet') ?? ' '}
            slotProps={{ htmlInput: { 'data-testid': 'dev-subnet' } }}
          >
            {subnets.map((s) => (
              <MenuItem key={s.subnet} value={s.subnet} data-testid={`dev-subnet-${s.subnet}`}>
                {s.name}
              </MenuItem>
            ))}
          </TextField>
        )}
        {(['fCntUp', 'fCntDown'] as const).map((f) => (
          <TextField
            key={f}
            size="small"
            required
            label={t(`field.${f}`)}
            value={v[f]}
            onChange={(e) => set(f, e.target.value.replace(/\D/g, ''))}
            error={Boolean(errors[f])}
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
          error={Boolean(errors.remarks)}
          helperText={err('remarks') ?? `${v.remarks.length}/${REMARKS_MAX}`}
          slotProps={{ htmlInput: { maxLength: REMARKS_MAX, 'data-testid': 'dev-remarks' } }}
        />
      </Box>
    </AppDialog>
  );
}
