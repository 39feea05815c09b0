import { gatewayApi } from '@lns/contract/api/gateways';
import {
  BATCH_DEFAULTS,
  BRIDGE_LOG,
  type BridgeLog,
  type GatewayRow,
  gatewayBatchUpdateBody,
  PUSH_URLS_MAX,
} from '@lns/contract/gateways';
import { formatHex } from '@lns/contract/hex';
import AddIcon from '@mui/icons-material/Add';
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
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/FormDialog';
import { HeaderEditor, type HeaderRow, headersToMap } from '../../../components/HeaderEditor';
import { refusalOf } from '../../../lib/api';
import { useContractForm } from '../../../lib/form/useContractForm';
import { useBatchUpdate, useGatewayTags, useGatewayTypes } from '../api';
import { RANGES } from '../form';

const TX_POWERS = Array.from({ length: 28 }, (_, i) => 27 - i);

interface Values {
  mqttKeepAlive: string;
  txPower: number;
  bridgeLog: BridgeLog;
  gwType: string;
  enableClassB: boolean;
  enableClassC: boolean;
  enablePFW: boolean;
  tagsId: number[];
  remarks: string;
  pushUrls: string[];
  headers: HeaderRow[];
}

const DEFAULTS: Values = {
  mqttKeepAlive: String(BATCH_DEFAULTS.mqttKeepAlive),
  txPower: BATCH_DEFAULTS.txPower,
  bridgeLog: BATCH_DEFAULTS.bridgeLog,
  gwType: '',
  enableClassB: false,
  enableClassC: false,
  enablePFW: false,
  tagsId: [],
  remarks: '',
  pushUrls: [],
  headers: [],
};

/**
 * Batch update of the selected gateways. Keep-alive, tx power, bridge log and the switches are
 * always applied (defaults 10, 0, off); type, tags, remarks, push URLs and headers only when set.
 */
export function BatchUpdateDialog({ gateways, onClose }: { gateways: GatewayRow[]; onClose: () => void }) {
  const { t } = useTranslation('gateways');
  const types = useGatewayTypes().data ?? [];
  const tags = useGatewayTags().data ?? [];
  const save = useBatchUpdate();
  const [rowErrors, setRowErrors] = useState<{ gwID?: string; msg: string }[]>([]);
  const form = useContractForm({
    schema: gatewayBatchUpdateBody,
    defaultValues: DEFAULTS,
    toBody: (v: Values) => {
      const urls = v.pushUrls.map((u) => u.trim()).filter(Boolean);
      const headers = headersToMap(v.headers);
      return {
        gwIDs: gateways.map((g) => g.gwID),
        mqttKeepAlive: v.mqttKeepAlive.trim() === '' ? undefined : Number(v.mqttKeepAlive),
        txPower: v.txPower,
        bridgeLog: v.bridgeLog,
        enableClassB: v.enableClassB,
        enableClassC: v.enableClassC,
        enablePFW: v.enablePFW,
        ...(v.gwType ? { gwType: v.gwType } : {}),
        ...(v.tagsId.length ? { tagsId: v.tagsId } : {}),
        ...(v.remarks.trim() ? { remarks: v.remarks } : {}),
        ...(urls.length ? { pushUrls: urls } : {}),
        ...(Object.keys(headers).length ? { headers } : {}),
      };
    },
  });
  const { values: v, set } = form;
  const keepAliveError = form.errorText('mqttKeepAlive');

  return (
    <FormDialog
      form={form}
      onClose={onClose}
      title={t('batchUpdate')}
      maxWidth="sm"
      submitTestId="gw-batch-save"
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
        {rowErrors.length > 0 && (
          <Alert severity="error" data-testid="gw-batch-errors">
            {rowErrors.map((r) => (
              <div key={`${r.gwID}-${r.msg}`}>
                {r.gwID ? `${formatHex(r.gwID)}: ` : ''}
                {r.msg}
              </div>
            ))}
          </Alert>
        )}
        <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 2 }}>
          <TextField
            label={t('mqttKeepAlive')}
            value={v.mqttKeepAlive}
            onChange={(e) => set('mqttKeepAlive', e.target.value)}
            error={Boolean(keepAliveError)}
            helperText={keepAliveError ?? t('secondsHint', RANGES.mqttKeepAlive)}
            slotProps={{ htmlInput: { 'data-testid': 'gw-batch-keepalive' } }}
          />
          <TextField
            select
            label={t('txPower')}
            value={v.txPower}
            onChange={(e) => set('txPower', Number(e.target.value))}
          >
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
            onChange={(e) => set('bridgeLog', Number(e.target.value) as BridgeLog)}
          >
            <MenuItem value={BRIDGE_LOG.on}>{t('on')}</MenuItem>
            <MenuItem value={BRIDGE_LOG.off}>{t('off')}</MenuItem>
          </TextField>
          <TextField
            select
            label={t('gwType')}
            value={v.gwType}
            onChange={(e) => set('gwType', e.target.value)}
            helperText={t('keepUnchanged')}
          >
            <MenuItem value="">—</MenuItem>
            {types.map((x) => (
              <MenuItem key={x.gwTypeID} value={x.gwType}>
                {x.gwType}
              </MenuItem>
            ))}
          </TextField>
        </Box>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
          <FormControlLabel
            control={<Switch checked={v.enableClassB} onChange={(e) => set('enableClassB', e.target.checked)} />}
            label={t('enableClassB')}
          />
          <FormControlLabel
            control={<Switch checked={v.enableClassC} onChange={(e) => set('enableClassC', e.target.checked)} />}
            label={t('enableClassC')}
          />
          <FormControlLabel
            control={<Switch checked={v.enablePFW} onChange={(e) => set('enablePFW', e.target.checked)} />}
            label={t('enablePFW')}
          />
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
          renderInput={(params) => <TextField {...params} label={t('tags')} helperText={t('keepUnchanged')} />}
        />
        <TextField
          label={t('remarks')}
          value={v.remarks}
          onChange={(e) => set('remarks', e.target.value)}
          helperText={`${v.remarks.length}/50 · ${t('keepUnchanged')}`}
          slotProps={{ htmlInput: { maxLength: 50 } }}
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
