import {
  type AppDetail,
  appCreateBody,
  DECODER_TYPES,
  isHttpUrl,
  PRODUCT_TYPES,
  PUSH_URLS_MAX,
  pushLinksOf,
} from '@lns/contract/applications';
import { NAME_MAX } from '@lns/contract/limits';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
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
import { HeaderEditor, type HeaderRow, headersToMap, mapToHeaders } from '../../../components/HeaderEditor';
import { ApiError } from '../../../lib/http';
import { toast } from '../../../lib/toast';
import { useSaveApp } from '../api';

type Errors = Partial<Record<string, string>>;

const DECODER_TEMPLATE = `function decodeUplink(input) {
  // input.bytes, input.fPort, input.fCnt, input.devEUI, input.recvTime
  return { data: { temperature: ((input.bytes[0] << 8) | input.bytes[1]) / 10 } };
}`;

/** Add (app undefined) or update an application: name, push URLs, headers, MQTT, decoder. */
export function AppFormDialog({ open, onClose, app }: { open: boolean; onClose: () => void; app?: AppDetail }) {
  const { t } = useTranslation('applications');
  const save = useSaveApp();
  const [name, setName] = useState(app?.appName ?? '');
  const [productType, setProductType] = useState<string>(app?.productType ?? 'lorawan');
  const [urls, setUrls] = useState<string[]>(app?.pushUrls.length ? app.pushUrls : ['']);
  const [headers, setHeaders] = useState<HeaderRow[]>(mapToHeaders(app?.headers));
  const [mqtt, setMqtt] = useState(app?.enableMQTT ?? false);
  const [decoderType, setDecoderType] = useState<string>(app?.decoder?.type ?? 'none');
  const [decoder, setDecoder] = useState(app?.decoder?.content ?? '');
  const [errors, setErrors] = useState<Errors>({});

  const validUrls = urls.map((u) => u.trim()).filter((u) => u && isHttpUrl(u));
  const urlError = (u: string) => (u.trim() && !isHttpUrl(u.trim()) ? t('errors.url') : '');

  const submit = async () => {
    const body = {
      ...(app ? { appID: app.appID } : {}),
      appName: name,
      productType,
      pushUrls: urls,
      // Headers only travel with a valid push URL (the editor is hidden otherwise).
      headers: validUrls.length ? headersToMap(headers) : {},
      enableMQTT: mqtt,
      decoder: decoderType === 'none' && !decoder ? null : { name: name.trim(), type: decoderType, content: decoder },
    };
    const parsed = appCreateBody.safeParse(body);
    if (!parsed.success || urls.some(urlError)) {
      const next: Errors = {};
      for (const i of parsed.error?.issues ?? []) {
        const f = String(i.path[0]);
        next[f] ??=
          f === 'appName' ? (name.trim() ? t('errors.nameLong') : t('errors.nameRequired')) : t('errors.format');
      }
      setErrors(next);
      return;
    }
    setErrors({});
    try {
      await save.mutateAsync(body as never);
      toast.success(app ? t('common:updated') : t('common:created'));
      onClose();
    } catch (e) {
      if (e instanceof ApiError) {
        if (e.code === 3002) setErrors({ appName: t('errors.exists') });
        // The server compiles the script in its sandbox and says what is wrong with it.
        else if (e.field === 'decoder.content') {
          // The envelope reads "<code text>: <field> (<reason>)": show the reason.
          const reason = /\((.*)\)$/s.exec(e.envelope?.msg ?? '')?.[1];
          setErrors({ decoder: reason ? `${t('errors.decoder')}: ${reason}` : e.message });
        } else toast.error(e.message);
      }
    }
  };

  return (
    <AppDialog
      open={open}
      onClose={onClose}
      title={app ? t('edit') : t('add')}
      maxWidth="md"
      actions={
        <>
          <Button onClick={onClose}>{t('common:cancel')}</Button>
          <Button variant="contained" onClick={submit} loading={save.isPending} data-testid="app-save">
            {t('common:save')}
          </Button>
        </>
      }
    >
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, pt: 1 }}>
        <TextField
          label={t('appName')}
          required
          value={name}
          onChange={(e) => setName(e.target.value)}
          error={Boolean(errors.appName)}
          helperText={errors.appName ?? `${name.length}/${NAME_MAX}`}
          slotProps={{ htmlInput: { maxLength: NAME_MAX, 'data-testid': 'app-name' } }}
        />
        <TextField
          select
          label={t('productType')}
          value={productType}
          onChange={(e) => setProductType(e.target.value)}
          disabled={Boolean(app)}
          slotProps={{ htmlInput: { 'data-testid': 'app-product-type' } }}
        >
          {PRODUCT_TYPES.map((p) => (
            <MenuItem key={p} value={p}>
              {t(`productTypes.${p}`)}
            </MenuItem>
          ))}
        </TextField>

        <Typography variant="subtitle2">{t('pushUrls')}</Typography>
        {urls.map((u, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows are positional
          <Box key={i} sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
            <TextField
              size="small"
              fullWidth
              label={`${t('pushUrl')} ${i + 1}`}
              placeholder="https://example.com/lora"
              value={u}
              onChange={(e) => setUrls(urls.map((x, j) => (j === i ? e.target.value : x)))}
              error={Boolean(urlError(u))}
              helperText={urlError(u) || ' '}
              slotProps={{ htmlInput: { maxLength: 512, 'data-testid': `app-push-url-${i}` } }}
            />
            <IconButton
              aria-label={t('removeUrl')}
              onClick={() => setUrls(urls.length > 1 ? urls.filter((_, j) => j !== i) : [''])}
            >
              <DeleteIcon />
            </IconButton>
          </Box>
        ))}
        <Box>
          <Button
            size="small"
            startIcon={<AddIcon />}
            disabled={urls.length >= PUSH_URLS_MAX}
            onClick={() => setUrls([...urls, ''])}
            data-testid="app-add-url"
          >
            {t('addUrl')}
          </Button>
        </Box>
        {validUrls.length > 0 && (
          <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }} data-testid="app-push-links">
            {validUrls.map((u) => {
              const l = pushLinksOf(u);
              return (
                <Box key={u} sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
                  <TextField
                    size="small"
                    label={t('joinURL')}
                    value={l.joinURL}
                    slotProps={{ input: { readOnly: true } }}
                    sx={{ flex: 1, minWidth: 240 }}
                  />
                  <TextField
                    size="small"
                    label={t('uplinkURL')}
                    value={l.uplinkURL}
                    slotProps={{ input: { readOnly: true } }}
                    sx={{ flex: 1, minWidth: 240 }}
                  />
                </Box>
              );
            })}
            <Typography variant="subtitle2">{t('headers')}</Typography>
            <HeaderEditor value={headers} onChange={setHeaders} />
          </Box>
        )}

        <FormControlLabel
          control={<Switch checked={mqtt} onChange={(e) => setMqtt(e.target.checked)} data-testid="app-mqtt" />}
          label={t('enableMQTT')}
        />
        {mqtt &&
          (app ? (
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }} data-testid="app-mqtt-credentials">
              <TextField
                size="small"
                label={t('mqURL')}
                value={app.mqURL}
                slotProps={{ input: { readOnly: true } }}
                sx={{ flex: 1, minWidth: 200 }}
              />
              <TextField
                size="small"
                label={t('mqName')}
                value={app.mqName}
                slotProps={{ input: { readOnly: true } }}
                sx={{ flex: 1, minWidth: 160 }}
              />
              <TextField
                size="small"
                label={t('mqPassword')}
                value={app.mqPassword}
                slotProps={{ input: { readOnly: true } }}
                sx={{ flex: 1, minWidth: 160 }}
              />
            </Box>
          ) : (
            <Typography variant="body2" color="text.secondary">
              {t('mqttAfterSave')}
            </Typography>
          ))}

        <TextField select label={t('decoderType')} value={decoderType} onChange={(e) => setDecoderType(e.target.value)}>
          {DECODER_TYPES.map((d) => (
            <MenuItem key={d} value={d}>
              {t(`decoders.${d}`)}
            </MenuItem>
          ))}
        </TextField>
        {decoderType === 'javascript' && (
          <TextField
            label={t('decoderContent')}
            multiline
            minRows={4}
            value={decoder}
            onChange={(e) => setDecoder(e.target.value)}
            placeholder={DECODER_TEMPLATE}
            error={Boolean(errors.decoder)}
            helperText={errors.decoder ?? t('decoderHelp')}
            slotProps={{ htmlInput: { style: { fontFamily: 'monospace' }, 'data-testid': 'app-decoder' } }}
          />
        )}
      </Box>
    </AppDialog>
  );
}
