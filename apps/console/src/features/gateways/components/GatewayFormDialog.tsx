import { type GatewayRow, gatewayCreateBody, PUSH_URLS_MAX, randomGwId } from '@lns/contract/gateways';
import AddIcon from '@mui/icons-material/Add';
import CasinoIcon from '@mui/icons-material/Casino';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/FormDialog';
import { HeaderEditor } from '../../../components/HeaderEditor';
import { HexField } from '../../../components/HexField';
import { MapPicker } from '../../../components/MapPicker/MapPicker';
import { useRegions } from '../../../lib/catalog';
import { useContractForm } from '../../../lib/form/useContractForm';
import { planName } from '../../../lib/planNames';
import { useSession } from '../../../lib/useSession';
import { useGatewayTags, useGatewayTypes, useSaveGateway } from '../api';
import { emptyForm, formIsPico, formOf, type GatewayForm, PICO, picoDefaults, RANGES, toBody } from '../form';
import { PicoFields } from './PicoFields';

const TX_POWERS = Array.from({ length: 28 }, (_, i) => 27 - i);
/** Body fields of the location: the map picker shows one message for them. */
const LOCATION_FIELDS = [
  'longitudeForGaodeMap',
  'latitudeForGaodeMap',
  'longitudeForGoogleMap',
  'latitudeForGoogleMap',
];

/** Add (gateway undefined) or update a gateway, including pico gateways and the location. */
export function GatewayFormDialog({ onClose, gateway }: { onClose: () => void; gateway?: GatewayRow }) {
  const { t } = useTranslation('gateways');
  const editing = Boolean(gateway);
  const { userID } = useSession();
  const form = useContractForm({
    schema: gatewayCreateBody,
    defaultValues: gateway ? formOf(gateway) : emptyForm(),
    toBody,
  });
  const f = form.values;
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

  const { set, fieldState } = form;
  /** Sets region, subnet and type; entering pico mode shows the channel fields with their defaults. */
  const setPlan = (plan: Pick<GatewayForm, 'region' | 'subnet' | 'gwType'>) => {
    set('region', plan.region);
    set('subnet', plan.subnet);
    set('gwType', plan.gwType);
    if (formIsPico(plan) && !formIsPico(f) && !gateway?.pico) set('extendedAttr', picoDefaults());
  };

  const locationError = LOCATION_FIELDS.some((k) => form.errorText(k));

  return (
    <FormDialog
      form={form}
      onClose={onClose}
      title={editing ? t('edit') : t('add')}
      maxWidth="md"
      submitTestId="gw-save"
      submit={(body) => save.mutateAsync(body)}
      success={editing ? t('common:updated') : t('common:created')}
    >
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2, rowGap: 1, pt: 1 }}>
        <TextField
          label={t('gwName')}
          required
          value={f.gwName}
          onChange={(e) => set('gwName', e.target.value)}
          {...fieldState('gwName', `${f.gwName.length}/64`)}
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
            {...fieldState('gwID')}
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
            setPlan({ ...f, region, subnet: first });
          }}
          {...fieldState('region')}
          slotProps={{ htmlInput: { 'data-testid': 'gw-region' } }}
        >
          {regions.map((r) => (
            <MenuItem key={r.region} value={r.region}>
              <Box
                component="span"
                sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: r.color, mr: 1, display: 'inline-block' }}
              />
              {r.region.toUpperCase()} — {planName(r.name)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          label={t('subnet')}
          required
          value={subnets.some((s) => s.subnet === f.subnet) ? f.subnet : ''}
          disabled={fixedPlan || !f.region}
          onChange={(e) => setPlan({ ...f, subnet: e.target.value })}
          {...fieldState('subnet')}
          slotProps={{ htmlInput: { 'data-testid': 'gw-subnet' } }}
        >
          {subnets.map((s) => (
            <MenuItem key={s.subnet} value={s.subnet}>
              {s.subnet} — {planName(s.name)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          label={t('gwType')}
          required
          value={types.some((x) => x.gwType === f.gwType) ? f.gwType : ''}
          onChange={(e) => setPlan({ ...f, gwType: e.target.value })}
          {...fieldState('gwType')}
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
          {...fieldState('txPower')}
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
        {pico && <PicoFields form={form} />}
        <TextField
          label={t('mqttKeepAlive')}
          value={f.mqttKeepAlive}
          onChange={(e) => set('mqttKeepAlive', e.target.value)}
          {...fieldState('mqttKeepAlive', t('secondsHint', RANGES.mqttKeepAlive))}
          slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': 'gw-keepalive' } }}
        />
        <TextField
          label={t('statInterval')}
          value={f.statInterval}
          onChange={(e) => set('statInterval', e.target.value)}
          {...fieldState('statInterval', t('secondsHint', RANGES.statInterval))}
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
              {...fieldState('tagsId')}
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
                {...fieldState(`pushUrls.${i}`)}
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
          {...fieldState('ntpServer')}
        />
        <TextField
          label={t('remarks')}
          value={f.remarks}
          onChange={(e) => set('remarks', e.target.value)}
          {...fieldState('remarks', `${f.remarks.length}/50`)}
          slotProps={{ htmlInput: { maxLength: 50, 'data-testid': 'gw-remarks' } }}
        />
        <Box sx={{ gridColumn: '1 / -1' }}>
          <Typography variant="subtitle2" sx={{ mb: 1 }}>
            {t('location')}
          </Typography>
          <MapPicker value={f.location} onChange={(v) => set('location', v)} />
          {locationError && (
            <Typography color="error" variant="caption">
              {t('common:validation.format')}
            </Typography>
          )}
        </Box>
      </Box>
    </FormDialog>
  );
}
