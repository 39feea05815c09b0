import { GW_ARCHS, type GwSubmodel, type GwTypeRow, gwTypeCreateBody } from '@lns/contract/gateway-types';
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
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppDialog } from '../../../components/AppDialog';
import { ApiError } from '../../../lib/http';
import { toast } from '../../../lib/toast';
import { useSaveGwType } from '../api';
import { ColorChoice } from './ColorChoice';

/** Add or update a gateway type: name (≤ 20, stored lowercase), arch, colour, GPS, submodels. */
export function GwTypeDialog({ type, onClose }: { type?: GwTypeRow; onClose: () => void }) {
  const { t } = useTranslation('gateways');
  const save = useSaveGwType();
  const [gwType, setGwType] = useState(type?.gwType ?? '');
  const [arch, setArch] = useState<string>(type?.arch ?? '');
  const [color, setColor] = useState(type?.color ?? DEFAULT_COLOR);
  const [supportGPS, setGps] = useState(type?.supportGPS ?? false);
  const [submodels, setSubmodels] = useState<GwSubmodel[]>(type?.submodels ?? []);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = async () => {
    const body = { gwType, arch, color, supportGPS, submodels };
    const r = gwTypeCreateBody.safeParse(body);
    if (!r.success) {
      const map: Record<string, string> = {};
      for (const i of r.error.issues) {
        const k = String(i.path[0]);
        const empty = k === 'gwType' ? gwType.trim() === '' : k === 'arch' ? !arch : false;
        map[k] ??= empty
          ? t('common:validation.required')
          : i.code === 'too_big'
            ? t('common:validation.maxLength', { max: GWTYPE_NAME_MAX })
            : t('common:validation.nameChars');
      }
      setErrors(map);
      return;
    }
    try {
      await save.mutateAsync(type ? { ...r.data, gwTypeID: type.gwTypeID } : r.data);
      toast.success(type ? t('common:updated') : t('common:created'));
      onClose();
    } catch (e) {
      if (e instanceof ApiError && e.field) setErrors({ [e.field]: e.message });
    }
  };

  return (
    <AppDialog
      open
      onClose={onClose}
      title={type ? t('typeEdit') : t('typeAdd')}
      maxWidth="sm"
      actions={
        <>
          <Button onClick={onClose}>{t('common:cancel')}</Button>
          <Button variant="contained" onClick={submit} loading={save.isPending} data-testid="gwtype-save">
            {t('common:save')}
          </Button>
        </>
      }
    >
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, pt: 1 }}>
        <TextField
          label={t('gwType')}
          required
          value={gwType}
          onChange={(e) => setGwType(e.target.value)}
          error={Boolean(errors.gwType)}
          helperText={errors.gwType ?? `${gwType.length}/${GWTYPE_NAME_MAX} · ${t('lowercaseHint')}`}
          slotProps={{ htmlInput: { maxLength: GWTYPE_NAME_MAX, 'data-testid': 'gwtype-name' } }}
        />
        <TextField
          select
          label={t('arch')}
          required
          value={arch}
          onChange={(e) => setArch(e.target.value)}
          error={Boolean(errors.arch)}
          helperText={errors.arch ?? ' '}
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
          <ColorChoice value={color} onChange={setColor} />
        </Box>
        <FormControlLabel
          control={<Switch checked={supportGPS} onChange={(e) => setGps(e.target.checked)} />}
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
                onChange={(e) => setSubmodels(submodels.map((x, j) => (j === i ? { ...x, model: e.target.value } : x)))}
                error={Boolean(errors.submodels)}
                slotProps={{ htmlInput: { maxLength: GWTYPE_NAME_MAX } }}
                sx={{ flex: 1 }}
              />
              <FormControlLabel
                control={
                  <Checkbox
                    checked={m.lte}
                    onChange={(e) =>
                      setSubmodels(submodels.map((x, j) => (j === i ? { ...x, lte: e.target.checked } : x)))
                    }
                  />
                }
                label="LTE"
              />
              <FormControlLabel
                control={
                  <Checkbox
                    checked={m.wifi}
                    onChange={(e) =>
                      setSubmodels(submodels.map((x, j) => (j === i ? { ...x, wifi: e.target.checked } : x)))
                    }
                  />
                }
                label="Wi-Fi"
              />
              <IconButton
                aria-label={t('common:delete')}
                onClick={() => setSubmodels(submodels.filter((_, j) => j !== i))}
              >
                <DeleteIcon />
              </IconButton>
            </Box>
          ))}
          <Button
            size="small"
            startIcon={<AddIcon />}
            onClick={() => setSubmodels([...submodels, { model: '', lte: false, wifi: false }])}
          >
            {t('addSubmodel')}
          </Button>
        </Box>
      </Box>
    </AppDialog>
  );
}
