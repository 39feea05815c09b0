import { gatewayApi } from '@lns/contract/api/gateways';
import {
  BATCH_DEFAULTS,
  BRIDGE_LOG,
  type BridgeLog,
  type GatewayBatchUpdateBody,
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
import { AppDialog } from '../../../components/AppDialog';
import { HeaderEditor, type HeaderRow, headersToMap } from '../../../components/HeaderEditor';
import { refusalOf } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { useBatchUpdate, useGatewayTags, useGatewayTypes } from '../api';
import { RANGES } from '../form';

const TX_POWERS = Array.from({ length: 28 }, (_, i) => 27 - i);

/**
 * Batch update of the selected gateways. Keep-alive, tx power, bridge log and the switches are
 * always applied (defaults 10, 0, off); type, tags, remarks, push URLs and headers only when set.
 */
export function BatchUpdateDialog({ gateways, onClose }: { gateways: GatewayRow[]; onClose: () => void }) {
  const { t } = useTranslation('gateways');
  const types = useGatewayTypes().data ?? [];
  const tags = useGatewayTags().data ?? [];
  const save = useBatchUpdate();
  const [keepAlive, setKeepAlive] = useState(String(BATCH_DEFAULTS.mqttKeepAlive));
  const [txPower, setTxPower] = useState<number>(BATCH_DEFAULTS.txPower);
  const [bridgeLog, setBridgeLog] = useState<BridgeLog>(BATCH_DEFAULTS.bridgeLog);
  const [gwType, setGwType] = useState('');
  const [classB, setClassB] = useState(false);
  const [classC, setClassC] = useState(false);
  const [pfw, setPfw] = useState(false);
  const [tagsId, setTagsId] = useState<number[]>([]);
  const [remarks, setRemarks] = useState('');
  const [pushUrls, setPushUrls] = useState<string[]>([]);
  const [headers, setHeaders] = useState<HeaderRow[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [rowErrors, setRowErrors] = useState<{ gwID?: string; msg: string }[]>([]);

  const submit = async () => {
    const body: GatewayBatchUpdateBody = {
      gwIDs: gateways.map((g) => g.gwID),
      mqttKeepAlive: keepAlive.trim() === '' ? undefined : Number(keepAlive),
      txPower,
      bridgeLog,
      enableClassB: classB,
      enableClassC: classC,
      enablePFW: pfw,
    };
    if (gwType) body.gwType = gwType;
    if (tagsId.length) body.tagsId = tagsId;
    if (remarks.trim()) body.remarks = remarks;
    const urls = pushUrls.map((u) => u.trim()).filter(Boolean);
    if (urls.length) body.pushUrls = urls;
    const h = headersToMap(headers);
    if (Object.keys(h).length) body.headers = h;
    const r = gatewayBatchUpdateBody.safeParse(body);
    if (!r.success) {
      const map: Record<string, string> = {};
      for (const i of r.error.issues) {
        const k = i.path.join('.');
        map[k] ??= RANGES[k]
          ? t('common:validation.range', RANGES[k])
          : k.startsWith('pushUrls')
            ? t('common:validation.url')
            : t('common:validation.format');
      }
      setErrors(map);
      return;
    }
    try {
      const res = await save.mutateAsync(body);
      toast.success(t('batchDone', { count: res.count }));
      onClose();
    } catch (e) {
      setRowErrors(refusalOf(gatewayApi.batchUpdate, e)?.errors ?? []);
    }
  };

  return (
    <AppDialog
      open
      onClose={onClose}
      title={t('batchUpdate')}
      maxWidth="sm"
      actions={
        <>
          <Button onClick={onClose}>{t('common:cancel')}</Button>
          <Button variant="contained" onClick={submit} loading={save.isPending} data-testid="gw-batch-save">
            {t('common:save')}
          </Button>
        </>
      }
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
            value={keepAlive}
            onChange={(e) => setKeepAlive(e.target.value)}
            error={Boolean(errors.mqttKeepAlive)}
            helperText={errors.mqttKeepAlive ?? t('secondsHint', RANGES.mqttKeepAlive)}
            slotProps={{ htmlInput: { 'data-testid': 'gw-batch-keepalive' } }}
          />
          <TextField select label={t('txPower')} value={txPower} onChange={(e) => setTxPower(Number(e.target.value))}>
            {TX_POWERS.map((p) => (
              <MenuItem key={p} value={p}>
                {p}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            label={t('bridgeLog')}
            value={bridgeLog}
            onChange={(e) => setBridgeLog(Number(e.target.value) as BridgeLog)}
          >
            <MenuItem value={BRIDGE_LOG.on}>{t('on')}</MenuItem>
            <MenuItem value={BRIDGE_LOG.off}>{t('off')}</MenuItem>
          </TextField>
          <TextField
            select
            label={t('gwType')}
            value={gwType}
            onChange={(e) => setGwType(e.target.value)}
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
            control={<Switch checked={classB} onChange={(e) => setClassB(e.target.checked)} />}
            label={t('enableClassB')}
          />
          <FormControlLabel
            control={<Switch checked={classC} onChange={(e) => setClassC(e.target.checked)} />}
            label={t('enableClassC')}
          />
          <FormControlLabel
            control={<Switch checked={pfw} onChange={(e) => setPfw(e.target.checked)} />}
            label={t('enablePFW')}
          />
        </Box>
        <Autocomplete
          multiple
          options={tags}
          value={tags.filter((x) => tagsId.includes(x.tagId))}
          getOptionLabel={(x) => (x.groupName ? `${x.groupName} / ${x.name}` : x.name)}
          isOptionEqualToValue={(a, b) => a.tagId === b.tagId}
          onChange={(_e, v) => setTagsId(v.map((x) => x.tagId))}
          renderInput={(params) => <TextField {...params} label={t('tags')} helperText={t('keepUnchanged')} />}
        />
        <TextField
          label={t('remarks')}
          value={remarks}
          onChange={(e) => setRemarks(e.target.value)}
          helperText={`${remarks.length}/50 · ${t('keepUnchanged')}`}
          slotProps={{ htmlInput: { maxLength: 50 } }}
        />
        <Box>
          <Typography variant="subtitle2">{t('pushUrls')}</Typography>
          {pushUrls.map((u, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows are positional
            <Box key={i} sx={{ display: 'flex', gap: 1, mt: 1 }}>
              <TextField
                size="small"
                fullWidth
                value={u}
                placeholder="https://"
                onChange={(e) => setPushUrls(pushUrls.map((x, j) => (j === i ? e.target.value : x)))}
                error={Boolean(errors[`pushUrls.${i}`])}
                helperText={errors[`pushUrls.${i}`]}
              />
              <IconButton
                aria-label={t('common:delete')}
                onClick={() => setPushUrls(pushUrls.filter((_, j) => j !== i))}
              >
                <DeleteIcon />
              </IconButton>
            </Box>
          ))}
          <Button
            size="small"
            startIcon={<AddIcon />}
            disabled={pushUrls.length >= PUSH_URLS_MAX}
            onClick={() => setPushUrls([...pushUrls, ''])}
          >
            {t('addPushUrl')}
          </Button>
        </Box>
        <Box>
          <Typography variant="subtitle2" sx={{ mb: 1 }}>
            {t('headers')}
          </Typography>
          <HeaderEditor value={headers} onChange={setHeaders} />
        </Box>
      </Box>
    </AppDialog>
  );
}
