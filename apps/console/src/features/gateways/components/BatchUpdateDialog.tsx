import { gatewayApi } from '@lns/contract/api/gateways';
import {
  BRIDGE_LOG,
  type BridgeLog,
  type GatewayBatchUpdateBody,
  type GatewayRow,
  gatewayBatchUpdateBody,
  PUSH_URLS_MAX,
  type RowError,
} from '@lns/contract/gateways';
import { formatHex } from '@lns/contract/hex';
import { REMARKS_MAX } from '@lns/contract/limits';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/FormDialog';
import { HeaderEditor, type HeaderRow, headersToMap } from '../../../components/HeaderEditor';
import { refusalOf } from '../../../lib/api';
import { useContractForm } from '../../../lib/form/useContractForm';
import { refusalText } from '../../../lib/refusal';
import { useBatchUpdate, useGatewayTags, useGatewayTypes } from '../api';
import { RANGES } from '../form';

const TX_POWERS = Array.from({ length: 28 }, (_, i) => 27 - i);

/** '' means "keep the current value": nothing is sent for that field. */
type Keep<T> = T | '';
type Switches = 'enableClassB' | 'enableClassC' | 'enablePFW';
const SWITCHES: Switches[] = ['enableClassB', 'enableClassC', 'enablePFW'];

interface Values {
  mqttKeepAlive: string;
  txPower: Keep<number>;
  bridgeLog: Keep<BridgeLog>;
  gwType: string;
  enableClassB: Keep<'on' | 'off'>;
  enableClassC: Keep<'on' | 'off'>;
  enablePFW: Keep<'on' | 'off'>;
  tagsId: number[];
  remarks: string;
  pushUrls: string[];
  headers: HeaderRow[];
}

/** Every field starts unchanged. */
const UNCHANGED: Values = {
  mqttKeepAlive: '',
  txPower: '',
  bridgeLog: '',
  gwType: '',
  enableClassB: '',
  enableClassC: '',
  enablePFW: '',
  tagsId: [],
  remarks: '',
  pushUrls: [],
  headers: [],
};

/** The fields the user set, and only those: a batch must never overwrite a setting nobody touched. */
function changedFields(v: Values) {
  const urls = v.pushUrls.map((u) => u.trim()).filter(Boolean);
  const headers = headersToMap(v.headers);
  const changes: Omit<GatewayBatchUpdateBody, 'gwIDs'> = {};
  if (v.mqttKeepAlive.trim() !== '') changes.mqttKeepAlive = Number(v.mqttKeepAlive);
  if (v.txPower !== '') changes.txPower = v.txPower;
  if (v.bridgeLog !== '') changes.bridgeLog = v.bridgeLog;
  if (v.gwType) changes.gwType = v.gwType;
  for (const k of SWITCHES) if (v[k] !== '') changes[k] = v[k] === 'on';
  if (v.tagsId.length) changes.tagsId = v.tagsId;
  if (v.remarks.trim()) changes.remarks = v.remarks;
  if (urls.length) changes.pushUrls = urls;
  if (Object.keys(headers).length) changes.headers = headers;
  return changes;
}

/**
 * Batch update of the selected gateways. Every field starts as "keep current"; only the fields
 * the user sets are sent, so the gateways keep everything else.
 */
export function BatchUpdateDialog({ gateways, onClose }: { gateways: GatewayRow[]; onClose: () => void }) {
  const { t } = useTranslation('gateways');
  const types = useGatewayTypes().data ?? [];
  const tags = useGatewayTags().data ?? [];
  const save = useBatchUpdate();
  const [rowErrors, setRowErrors] = useState<RowError[]>([]);
  const form = useContractForm({
    schema: gatewayBatchUpdateBody,
    defaultValues: UNCHANGED,
    toBody: (v: Values) => ({ gwIDs: gateways.map((g) => g.gwID), ...changedFields(v) }),
  });
  const { values: v, set } = form;
  const keepAliveError = form.errorText('mqttKeepAlive');
  const nothingSet = Object.keys(changedFields(v)).length === 0;
  const keep = <MenuItem value="">{t('keepCurrent')}</MenuItem>;
  const onOff = (k: Switches) => (
    <TextField
      key={k}
      select
      label={t(k)}
      value={v[k]}
      onChange={(e) => set(k, e.target.value as Values[Switches])}
      slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
    >
      {keep}
      <MenuItem value="on">{t('on')}</MenuItem>
      <MenuItem value="off">{t('off')}</MenuItem>
    </TextField>
  );

  return (
    <FormDialog
      form={form}
      onClose={onClose}
      title={t('batchUpdate')}
      maxWidth="sm"
      submitTestId="gw-batch-save"
      submitDisabled={nothingSet}
      submit={(body) => {
        setRowErrors([]);
        return save.mutateAsync(body);
      }}
      success={(res) => t('batchDone', { count: res.count })}
      onRefused={(e) => setRowErrors(refusalOf(gatewayApi.batchUpdate, e)?.errors ?? [])}
    >
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, pt: 1 }}>
        <Typography variant="body2" color="text.secondary">
          {t('batchSelected', { count: gateways.length })}
        </Typography>
        <Alert severity="info" data-testid="gw-batch-hint">
          {t('batchOnlyChanged')}
        </Alert>
        {rowErrors.length > 0 && (
          <Alert severity="error" data-testid="gw-batch-errors">
            {rowErrors.map((r) => (
              <div key={`${r.gwID}-${r.code}-${r.field}`}>
                {r.gwID ? `${formatHex(r.gwID)}: ` : ''}
                {refusalText(r)}
              </div>
            ))}
          </Alert>
        )}
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}>
          <TextField
            label={t('mqttKeepAlive')}
            value={v.mqttKeepAlive}
            placeholder={t('keepCurrent')}
            onChange={(e) => set('mqttKeepAlive', e.target.value)}
            error={Boolean(keepAliveError)}
            helperText={keepAliveError ?? t('secondsHint', RANGES.mqttKeepAlive)}
            slotProps={{ htmlInput: { 'data-testid': 'gw-batch-keepalive' }, inputLabel: { shrink: true } }}
          />
          <TextField
            select
            label={t('txPower')}
            value={v.txPower}
            onChange={(e) => set('txPower', e.target.value === '' ? '' : Number(e.target.value))}
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          >
            {keep}
            {TX_POWERS.map((p) => (
              <MenuItem key={p} value={p}>
                {p}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            label={t('bridgeLog')}
            value={v.bridgeLog}
            onChange={(e) => set('bridgeLog', e.target.value === '' ? '' : (Number(e.target.value) as BridgeLog))}
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          >
            {keep}
            <MenuItem value={BRIDGE_LOG.on}>{t('on')}</MenuItem>
            <MenuItem value={BRIDGE_LOG.off}>{t('off')}</MenuItem>
          </TextField>
          <TextField
            select
            label={t('gwType')}
            value={v.gwType}
            onChange={(e) => set('gwType', e.target.value)}
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          >
            {keep}
            {types.map((x) => (
              <MenuItem key={x.gwTypeID} value={x.gwType}>
                {x.gwType}
              </MenuItem>
            ))}
          </TextField>
          {SWITCHES.map(onOff)}
        </Box>
        <Autocomplete
          multiple
          options={tags}
          value={tags.filter((x) => v.tagsId.includes(x.tagId))}
          getOptionLabel={(x) => (x.groupName ? `${x.groupName} / ${x.name}` : x.name)}
          isOptionEqualToValue={(a, b) => a.tagId === b.tagId}
          onChange={(_e, picked) =>
            set(
              'tagsId',
              picked.map((x) => x.tagId),
            )
          }
          renderInput={(params) => (
            <TextField {...params} label={t('tags')} placeholder={v.tagsId.length ? undefined : t('keepCurrent')} />
          )}
        />
        <TextField
          label={t('remarks')}
          value={v.remarks}
          onChange={(e) => set('remarks', e.target.value)}
          placeholder={t('keepCurrent')}
          helperText={`${v.remarks.length}/${REMARKS_MAX}`}
          slotProps={{
            htmlInput: { maxLength: REMARKS_MAX, 'data-testid': 'gw-batch-remarks' },
            inputLabel: { shrink: true },
          }}
        />
        <Box>
          <Typography variant="subtitle2">{t('pushUrls')}</Typography>
          {v.pushUrls.map((u, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows are positional
            <Box key={i} sx={{ display: 'flex', gap: 1, mt: 1 }}>
              <TextField
                size="small"
                fullWidth
                value={u}
                placeholder="https://"
                onChange={(e) =>
                  set(
                    'pushUrls',
                    v.pushUrls.map((x, j) => (j === i ? e.target.value : x)),
                  )
                }
                error={Boolean(form.errorText(`pushUrls.${i}`))}
                helperText={form.errorText(`pushUrls.${i}`)}
              />
              <IconButton
                aria-label={t('common:delete')}
                onClick={() =>
                  set(
                    'pushUrls',
                    v.pushUrls.filter((_, j) => j !== i),
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
            disabled={v.pushUrls.length >= PUSH_URLS_MAX}
            onClick={() => set('pushUrls', [...v.pushUrls, ''])}
          >
            {t('addPushUrl')}
          </Button>
        </Box>
        <Box>
          <Typography variant="subtitle2" sx={{ mb: 1 }}>
            {t('headers')}
          </Typography>
          <HeaderEditor value={v.headers} onChange={(rows) => set('headers', rows)} />
        </Box>
      </Box>
    </FormDialog>
  );
}
