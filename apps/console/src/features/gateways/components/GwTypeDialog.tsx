import { GW_ARCHS, type GwArch, type GwSubmodel, type GwTypeRow, gwTypeCreateBody } from '@lns/contract/gateway-types';
import { DEFAULT_COLOR, GWTYPE_NAME_MAX } from '@lns/contract/limits';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { ColorChoice } from '../../../components/ColorChoice';
import { FormDialog } from '../../../components/FormDialog';
import { useContractForm } from '../../../lib/form/useContractForm';
import { useSaveGwType } from '../api';

type Values = { gwType: string; arch: GwArch | ''; color: string; supportGPS: boolean; submodels: GwSubmodel[] };

/** Add or update a gateway type: name (≤ 20, stored lowercase), arch, colour, GPS, submodels. */
export function GwTypeDialog({ type, onClose }: { type?: GwTypeRow; onClose: () => void }) {
  const { t } = useTranslation('gateways');
  const save = useSaveGwType();
  const defaults: Values = {
    gwType: type?.gwType ?? '',
    arch: type?.arch ?? '',
    color: type?.color ?? DEFAULT_COLOR,
    supportGPS: type?.supportGPS ?? false,
    submodels: type?.submodels ?? [],
  };
  const form = useContractForm({
    schema: gwTypeCreateBody,
    defaultValues: defaults,
    toBody: (v: Values) => ({ ...v, arch: v.arch || undefined }),
  });
  const { values: v, set } = form;
  const submodels = v.submodels;
  const nameError = form.errorText('gwType');
  const archError = form.errorText('arch');
  const setSubmodel = (i: number, patch: Partial<GwSubmodel>) =>
    set(
      'submodels',
      submodels.map((x, j) => (j === i ? { ...x, ...patch } : x)),
    );

  return (
    <FormDialog
      form={form}
      onClose={onClose}
      title={type ? t('typeEdit') : t('typeAdd')}
      maxWidth="sm"
      submitTestId="gwtype-save"
      submit={(body) => save.mutateAsync(type ? { ...body, gwTypeID: type.gwTypeID } : body)}
      success={type ? t('common:updated') : t('common:created')}
    >
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, pt: 1 }}>
        <TextField
          label={t('gwType')}
          required
          value={v.gwType}
          onChange={(e) => set('gwType', e.target.value)}
          error={Boolean(nameError)}
          helperText={nameError ?? `${v.gwType.length}/${GWTYPE_NAME_MAX} · ${t('lowercaseHint')}`}
          slotProps={{ htmlInput: { maxLength: GWTYPE_NAME_MAX, 'data-testid': 'gwtype-name' } }}
        />
        <TextField
          select
          label={t('arch')}
          required
          value={v.arch}
          onChange={(e) => set('arch', e.target.value as GwArch)}
          error={Boolean(archError)}
          helperText={archError ?? ' '}
          slotProps={{ htmlInput: { 'data-testid': 'gwtype-arch' } }}
        >
          {GW_ARCHS.map((a) => (
            <MenuItem key={a} value={a}>
              {a}
            </MenuItem>
          ))}
        </TextField>
        <Box>
          <Typography variant="subtitle2" sx={{ mb: 1 }}>
            {t('color')}
          </Typography>
          <ColorChoice value={v.color} onChange={(c) => set('color', c)} />
        </Box>
        <FormControlLabel
          control={<Switch checked={v.supportGPS} onChange={(e) => set('supportGPS', e.target.checked)} />}
          label={t('supportGPS')}
        />
        <Box>
          <Typography variant="subtitle2">{t('submodels')}</Typography>
          {submodels.map((m, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows are positional
            <Box key={i} sx={{ display: 'flex', gap: 1, alignItems: 'center', mt: 1 }}>
              <TextField
                size="small"
                label={t('model')}
                value={m.model}
                onChange={(e) => setSubmodel(i, { model: e.target.value })}
                error={Boolean(form.errorText(`submodels.${i}`))}
                slotProps={{ htmlInput: { maxLength: GWTYPE_NAME_MAX } }}
                sx={{ flex: 1 }}
              />
              <FormControlLabel
                control={<Checkbox checked={m.lte} onChange={(e) => setSubmodel(i, { lte: e.target.checked })} />}
                label="LTE"
              />
              <FormControlLabel
                control={<Checkbox checked={m.wifi} onChange={(e) => setSubmodel(i, { wifi: e.target.checked })} />}
                label="Wi-Fi"
              />
              <IconButton
                aria-label={t('common:delete')}
                onClick={() =>
                  set(
                    'submodels',
                    submodels.filter((_, j) => j !== i),
                  )
                }
              >
                <DeleteIcon />
              </IconButton>
            </Box>
          ))}
          <Button
            size="small"
            startIcon={<AddIcon />}
            onClick={() => set('submodels', [...submodels, { model: '', lte: false, wifi: false }])}
          >
            {t('addSubmodel')}
          </Button>
        </Box>
      </Box>
    </FormDialog>
  );
}
