import { type GatewayRow, PUSH_URLS_MAX, randomGwId, TIME_ZONES } from '@lns/contract/gateways';
import AddIcon from '@mui/icons-material/Add';
import CasinoIcon from '@mui/icons-material/Casino';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppDialog } from '../../../components/AppDialog';
import { HeaderEditor } from '../../../components/HeaderEditor';
import { HexField } from '../../../components/HexField';
import { MapPicker } from '../../../components/MapPicker/MapPicker';
import { ApiError, codeMessage } from '../../../lib/http';
import { toast } from '../../../lib/toast';
import { useSession } from '../../../lib/useSession';
import { useGatewayTags, useGatewayTypes, useRegions, useSaveGateway } from '../api';
import { emptyForm, formIsPico, formOf, type GatewayForm, PICO, picoDefaults, RANGES, validate } from '../form';

const TX_POWERS = Array.from({ length: 28 }, (_, i) => 27 - i);
const CHANNELS = Array.from({ length: 32 }, (_, i) => i);
const RATES = Array.from({ length: 6 }, (_, i) => i);

/** Add (gateway undefined) or update a gateway, including pico gateways and the location. */
export function GatewayFormDialog({ onClose, gateway }: { onClose: () => void; gateway?: GatewayRow }) {
  const { t } = useTranslation('gateways');
  const editing = Boolean(gateway);
  const { userID } = useSession();
  const [f, setF] = useState<GatewayForm>(() => (gateway ? formOf(gateway) : emptyForm()));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const regions = useRegions().data ?? [];
  const types = useGatewayTypes().data ?? [];
  const allTags = useGatewayTags().data ?? [];
  const save = useSaveGateway(editing);
  // Tags of the gateway's owner (admins see every owner's tags in the list).
  const ownerId = gateway?.ownerID ?? userID;
  const tags = useMemo(
    () => allTags.filter((x) => x.ownerID === undefined || x.ownerID === ownerId),
    [allTags, ownerId],
  );
  const subnets = regions.find((r) => r.region === f.region)?.subnets ?? [];
  const pico = formIsPico(f);
  const fixedPlan = editing && Boolean(gateway?.pico);

  const set = <K extends keyof GatewayForm>(k: K, v: GatewayForm[K]) => {
    setF((prev) => {
      const next = { ...prev, [k]: v };
      // Entering pico mode shows the channel fields with their defaults.
      if (formIsPico(next) && !formIsPico(prev) && !gateway?.pico) next.pico = picoDefaults();
      return next;
    });
    setErrors((e) => {
      const { [k as string]: _, ...rest } = e;
      return rest;
    });
  };
  const setPico = (patch: Partial<GatewayForm['pico']>) => {
    setF((prev) => ({ ...prev, pico: { ...prev.pico, ...patch } }));
    setErrors((e) => Object.fromEntries(Object.entries(e).filter(([k]) => !k.startsWith('extendedAttr'))));
  };

  const message = (field: string, kind: string, max?: number) => {
    if (kind === 'required') return t('common:validation.required');
    const r = RANGES[field];
    if (r) return t('common:validation.range', r);
    if (field.startsWith('pushUrls')) return t('common:validation.url');
    if (field === 'gwID') return t('common:validation.hexLength', { n: 16 });
    if (kind === 'too_big' && max !== undefined) return t('common:validation.maxLength', { max });
    return t('common:validation.format');
  };

  const submit = async () => {
    const { body, errors: issues } = validate(f);
    if (issues.length > 0) {
      const map: Record<string, string> = {};
      for (const i of issues) map[i.field] ??= message(i.field, i.kind, i.max);
      setErrors(map);
      return;
    }
    try {
      await save.mutateAsync(body);
      toast.success(editing ? t('common:updated') : t('common:created'));
      onClose();
    } catch (e) {
      if (e instanceof ApiError) {
        const text = codeMessage(e.code, e.envelope?.msg);
        if (e.field) setErrors({ [e.field]: text });
        toast.error(e.field ? `${text} (${e.field})` : text);
      }
    }
  };

  const err = (k: string) => ({ error: Boolean(errors[k]), helperText: errors[k] ?? ' ' });
  const hint = (k: string, text: string) => ({ error: Boolean(errors[k]), helperText: errors[k] ?? text });

  return (
    <AppDialog
      open
      onClose={onClose}
      title={editing ? t('edit') : t('add')}
      maxWidth="md"
      actions={
        <>
          <Button onClick={onClose}>{t('common:cancel')}</Button>
          <Button variant="contained" onClick={submit} loading={save.isPending} data-testid="gw-save">
            {t('common:save')}
          </Button>
        </>
      }
    >
      <Box
        component="form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
        sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2, rowGap: 1, pt: 1 }}
      >
        <TextField
          label={t('gwName')}
          required
          value={f.gwName}
          onChange={(e) => set('gwName', e.target.value)}
          {...hint('gwName', `${f.gwName.length}/64`)}
          slotProps={{ htmlInput: { maxLength: 64, 'data-testid': 'gw-name' } }}
        />
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
          <HexField
            label={t('gwID')}
            required
            digits={16}
            value={f.gwID}
            disabled={editing}
            onChange={(v) => set('gwID', v)}
            {...err('gwID')}
            sx={{ flex: 1 }}
            slotProps={{ htmlInput: { 'data-testid': 'gw-id' } }}
          />
          {!editing && (
            <Tooltip title={t('randomId')}>
              <IconButton
                onClick={() => set('gwID', randomGwId())}
                aria-label={t('randomId')}
                sx={{ mt: 1 }}
                data-testid="gw-random"
              >
                <CasinoIcon />
              </IconButton>
            </Tooltip>
          )}
        </Box>
        <TextField
          select
          label={t('region')}
          required
          value={f.region}
          disabled={fixedPlan}
          onChange={(e) => {
            const region = e.target.value;
            const first = regions.find((r) => r.region === region)?.subnets[0]?.subnet ?? '';
            setF((prev) => {
              const next = { ...prev, region, subnet: first };
              if (formIsPico(next) && !formIsPico(prev)) next.pico = picoDefaults();
              return next;
            });
            setErrors(({ region: _r, subnet: _s, ...rest }) => rest);
          }}
          {...err('region')}
          slotProps={{ htmlInput: { 'data-testid': 'gw-region' } }}
        >
          {regions.map((r) => (
            <MenuItem key={r.region} value={r.region}>
              <Box
                component="span"
                sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: r.color, mr: 1, display: 'inline-block' }}
              />
              {r.region.toUpperCase()} — {r.name}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          label={t('subnet')}
          required
          value={subnets.some((s) => s.subnet === f.subnet) ? f.subnet : ''}
          disabled={fixedPlan || !f.region}
          onChange={(e) => set('subnet', e.target.value)}
          {...err('subnet')}
          slotProps={{ htmlInput: { 'data-testid': 'gw-subnet' } }}
        >
          {subnets.map((s) => (
            <MenuItem key={s.subnet} value={s.subnet}>
              {s.subnet} — {s.name}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          label={t('gwType')}
          required
          value={types.some((x) => x.gwType === f.gwType) ? f.gwType : ''}
          onChange={(e) => set('gwType', e.target.value)}
          {...err('gwType')}
          slotProps={{ htmlInput: { 'data-testid': 'gw-type' } }}
        >
          {types.map((x) => (
            <MenuItem key={x.gwTypeID} value={x.gwType}>
              <Box
                component="span"
                sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: x.color, mr: 1, display: 'inline-block' }}
              />
              {x.gwType} ({x.arch})
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          label={t('txPower')}
          required
          value={f.txPower}
          onChange={(e) => set('txPower', Number(e.target.value))}
          {...err('txPower')}
          slotProps={{ htmlInput: { 'data-testid': 'gw-txpower' } }}
        >
          {TX_POWERS.map((p) => (
            <MenuItem key={p} value={p}>
              {p}
            </MenuItem>
          ))}
        </TextField>
        {!pico && f.gwType === PICO.gwType && (
          <Alert severity="info" sx={{ gridColumn: '1 / -1' }}>
            {t('picoHint', { region: PICO.region, subnet: PICO.subnet })}
          </Alert>
        )}
        {pico && (
          <Box
            sx={{
              gridColumn: '1 / -1',
              display: 'grid',
              gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(4, 1fr)' },
              gap: 2,
            }}
            data-testid="gw-pico"
          >
            <Divider sx={{ gridColumn: '1 / -1' }}>
              <Chip size="small" color="secondary" label={t('picoSettings')} />
            </Divider>
            {(
              [
                ['publicCh', 'publicChannel', CHANNELS, 'CH', 'extendedAttr.publicChannel.ch'],
                ['publicDr', 'publicRate', RATES, 'DR', 'extendedAttr.publicChannel.dr'],
                ['dataCh', 'dataChannel', CHANNELS, 'CH', 'extendedAttr.dataChannel.ch'],
                ['dataDr', 'dataRate', RATES, 'DR', 'extendedAttr.dataChannel.dr'],
              ] as const
            ).map(([k, label, opts, prefix, field]) => (
              <TextField
                key={k}
                select
                required
                label={t(label)}
                value={f.pico[k]}
                onChange={(e) => setPico({ [k]: Number(e.target.value) })}
                {...err(field)}
                slotProps={{ htmlInput: { 'data-testid': `gw-pico-${k}` } }}
              >
                {opts.map((o) => (
                  <MenuItem key={o} value={o}>
                    {prefix}
                    {o}
                  </MenuItem>
                ))}
              </TextField>
            ))}
            <TextField
              label={t('heartBeatPeriod')}
              value={f.pico.heartBeatPeriod}
              onChange={(e) => setPico({ heartBeatPeriod: e.target.value })}
              {...hint('extendedAttr.heartBeatPeriod', t('rangeHint', RANGES['extendedAttr.heartBeatPeriod']))}
              slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': 'gw-pico-heartbeat' } }}
            />
            <TextField
              select
              label={t('timeZone')}
              value={f.pico.timeZone}
              onChange={(e) => setPico({ timeZone: e.target.value })}
              {...err('extendedAttr.timeZone')}
            >
              {TIME_ZONES.map((z) => (
                <MenuItem key={z} value={z}>
                  {z}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              label={t('upgradeServer')}
              value={f.pico.upgradeServer}
              onChange={(e) => setPico({ upgradeServer: e.target.value })}
              {...err('extendedAttr.upgradeServer')}
            />
            <TextField
              label={t('proxyServer')}
              value={f.pico.proxyServer}
              onChange={(e) => setPico({ proxyServer: e.target.value })}
              {...err('extendedAttr.proxyServer')}
            />
          </Box>
        )}
        <TextField
          label={t('mqttKeepAlive')}
          value={f.mqttKeepAlive}
          onChange={(e) => set('mqttKeepAlive', e.target.value)}
          {...hint('mqttKeepAlive', t('secondsHint', RANGES.mqttKeepAlive))}
          slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': 'gw-keepalive' } }}
        />
        <TextField
          label={t('statInterval')}
          value={f.statInterval}
          onChange={(e) => set('statInterval', e.target.value)}
          {...hint('statInterval', t('secondsHint', RANGES.statInterval))}
          slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': 'gw-statinterval' } }}
        />
        <Box sx={{ gridColumn: '1 / -1', display: 'flex', flexWrap: 'wrap', gap: 2 }}>
          <FormControlLabel
            control={<Switch checked={f.enableClassB} onChange={(e) => set('enableClassB', e.target.checked)} />}
            label={t('enableClassB')}
          />
          <FormControlLabel
            control={<Switch checked={f.enableClassC} onChange={(e) => set('enableClassC', e.target.checked)} />}
            label={t('enableClassC')}
          />
          <FormControlLabel
            control={
              <Switch
                checked={f.enableBridgeLogToFile}
                onChange={(e) => set('enableBridgeLogToFile', e.target.checked)}
              />
            }
            label={t('enableBridgeLogToFile')}
          />
        </Box>
        <Autocomplete
          multiple
          sx={{ gridColumn: '1 / -1' }}
          options={tags}
          value={tags.filter((x) => f.tagsId.includes(x.tagId))}
          getOptionLabel={(x) => (x.groupName ? `${x.groupName} / ${x.name}` : x.name)}
          isOptionEqualToValue={(a, b) => a.tagId === b.tagId}
          onChange={(_e, v) =>
            set(
              'tagsId',
              v.map((x) => x.tagId),
            )
          }
          renderInput={(params) => (
            <TextField
              {...params}
              label={t('tags')}
              {...err('tagsId')}
              inputProps={{ ...params.inputProps, 'data-testid': 'gw-tags' }}
            />
          )}
        />
        <Box sx={{ gridColumn: '1 / -1' }}>
          <Typography variant="subtitle2">{t('pushUrls')}</Typography>
          {f.pushUrls.map((u, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows are positional
            <Box key={i} sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', mt: 1 }}>
              <TextField
                size="small"
                fullWidth
                placeholder="https://"
                value={u}
                onChange={(e) =>
                  set(
                    'pushUrls',
                    f.pushUrls.map((x, j) => (j === i ? e.target.value : x)),
                  )
                }
                {...err(`pushUrls.${i}`)}
              />
              <IconButton
                aria-label={t('common:delete')}
                onClick={() =>
                  set(
                    'pushUrls',
                    f.pushUrls.filter((_, j) => j !== i),
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
            disabled={f.pushUrls.length >= PUSH_URLS_MAX}
            onClick={() => set('pushUrls', [...f.pushUrls, ''])}
          >
            {t('addPushUrl')}
          </Button>
        </Box>
        <Box sx={{ gridColumn: '1 / -1' }}>
          <Typography variant="subtitle2" sx={{ mb: 1 }}>
            {t('headers')}
          </Typography>
          <HeaderEditor value={f.headers} onChange={(rows) => set('headers', rows)} />
        </Box>
        <TextField
          label={t('ntpServer')}
          value={f.ntpServer}
          onChange={(e) => set('ntpServer', e.target.value)}
          {...err('ntpServer')}
        />
        <TextField
          label={t('remarks')}
          value={f.remarks}
          onChange={(e) => set('remarks', e.target.value)}
          {...hint('remarks', `${f.remarks.length}/50`)}
          slotProps={{ htmlInput: { maxLength: 50, 'data-testid': 'gw-remarks' } }}
        />
        <Box sx={{ gridColumn: '1 / -1' }}>
          <Typography variant="subtitle2" sx={{ mb: 1 }}>
            {t('location')}
          </Typography>
          <MapPicker
            value={f.location}
            onChange={(v) => {
              set('location', v);
              setErrors((e) => Object.fromEntries(Object.entries(e).filter(([k]) => !k.includes('Map'))));
            }}
          />
          {Object.keys(errors).some((k) => k.includes('Map')) && (
            <Typography color="error" variant="caption">
              {t('common:validation.format')}
            </Typography>
          )}
        </Box>
        <button type="submit" hidden />
      </Box>
    </AppDialog>
  );
}
