import {
  type AppDetail,
  appCreateBody,
  appUpdateBody,
  DECODER_TYPES,
  isHttpUrl,
  PRODUCT_TYPES,
  type ProductType,
  PUSH_URLS_MAX,
  pushLinksOf,
} from '@lns/contract/applications';
import { C } from '@lns/contract/codes';
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
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/FormDialog';
import { HeaderEditor, type HeaderRow, headersToMap, mapToHeaders } from '../../../components/HeaderEditor';
import { MqttUnavailable } from '../../../components/MqttUnavailable';
import { validationText } from '../../../lib/form/messages';
import { useContractForm } from '../../../lib/form/useContractForm';
import type { RefusalTable } from '../../../lib/form/useFormSubmit';
import { useMqttAvailability } from '../../../lib/webConfig';
import { useSaveApp } from '../api';

const DECODER_TEMPLATE = `function decodeUplink(input) {
  // input.bytes, input.fPort, input.fCnt, input.devEUI, input.recvTime
  return { data: { temperature: ((input.bytes[0] << 8) | input.bytes[1]) / 10 } };
}`;

type DecoderType = (typeof DECODER_TYPES)[number];
interface AppForm {
  appName: string;
  productType: ProductType;
  pushUrls: string[];
  headers: HeaderRow[];
  enableMQTT: boolean;
  decoder: { type: DecoderType; content: string };
}

const fromApp = (app?: AppDetail): AppForm => ({
  appName: app?.appName ?? '',
  productType: app?.productType ?? 'lorawan',
  pushUrls: app?.pushUrls.length ? app.pushUrls : [''],
  headers: mapToHeaders(app?.headers),
  enableMQTT: app?.enableMQTT ?? false,
  decoder: { type: app?.decoder?.type ?? 'none', content: app?.decoder?.content ?? '' },
});

const validUrlsOf = (urls: string[]) => urls.map((u) => u.trim()).filter((u) => u && isHttpUrl(u));

const REFUSALS: RefusalTable<AppForm> = {
  [C.APP_EXISTS]: { field: 'appName', message: 'applications:errors.exists' },
  // The server compiles the script in its sandbox and says what is wrong with it.
  [C.PARAM_FORMAT]: { field: 'decoder.content', message: 'applications:errors.decoder', detail: true },
};

/** Add (app undefined) or update an application: name, push URLs, headers, MQTT, decoder. */
export function AppFormDialog({ open, onClose, app }: { open: boolean; onClose: () => void; app?: AppDetail }) {
  const { t } = useTranslation('applications');
  const mqtt = useMqttAvailability();
  const save = useSaveApp();
  const form = useContractForm({
    schema: app ? appUpdateBody : appCreateBody,
    defaultValues: fromApp(app),
    toBody: (v: AppForm) => ({
      ...(app ? { appID: app.appID } : {}),
      appName: v.appName,
      productType: v.productType,
      pushUrls: v.pushUrls,
      // Headers only travel with a valid push URL (the editor is hidden otherwise).
      headers: validUrlsOf(v.pushUrls).length ? headersToMap(v.headers) : {},
      enableMQTT: v.enableMQTT,
      decoder: v.decoder.type === 'none' && !v.decoder.content ? null : { name: v.appName.trim(), ...v.decoder },
    }),
  });
  const { values: v, set } = form;
  const urls = v.pushUrls;
  const validUrls = validUrlsOf(urls);
  // Shown as the user types, before any submit.
  const urlError = (u: string) => (u.trim() && !isHttpUrl(u.trim()) ? validationText('httpUrl') : '');
  const nameError = form.errorText('appName');
  const decoderError = form.errorText('decoder.content');

  return (
    <FormDialog
      form={form}
      open={open}
      onClose={onClose}
      title={app ? t('edit') : t('add')}
      maxWidth="md"
      submitTestId="app-save"
      submit={(body) => save.mutateAsync(body)}
      success={app ? t('common:updated') : t('common:created')}
      codes={REFUSALS}
    >
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, pt: 1 }}>
        <TextField
          label={t('appName')}
          required
          value={v.appName}
          onChange={(e) => set('appName', e.target.value)}
          error={Boolean(nameError)}
          helperText={nameError ?? `${v.appName.length}/${NAME_MAX}`}
          slotProps={{ htmlInput: { maxLength: NAME_MAX, 'data-testid': 'app-name' } }}
        />
        <TextField
          select
          label={t('productType')}
          value={v.productType}
          onChange={(e) => set('productType', e.target.value as ProductType)}
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
              onChange={(e) =>
                set(
                  'pushUrls',
                  urls.map((x, j) => (j === i ? e.target.value : x)),
                )
              }
              error={Boolean(urlError(u))}
              helperText={urlError(u) || ' '}
              slotProps={{ htmlInput: { maxLength: 512, 'data-testid': `app-push-url-${i}` } }}
            />
            <IconButton
              aria-label={t('removeUrl')}
              onClick={() => set('pushUrls', urls.length > 1 ? urls.filter((_, j) => j !== i) : [''])}
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
            onClick={() => set('pushUrls', [...urls, ''])}
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
            <HeaderEditor value={v.headers} onChange={(rows) => set('headers', rows)} />
          </Box>
        )}

        <MqttUnavailable />
        <FormControlLabel
          control={
            <Switch
              checked={v.enableMQTT}
              // Switching on needs a broker; an application that already has MQTT keeps it.
              disabled={!mqtt.available && !app?.enableMQTT}
              onChange={(e) => set('enableMQTT', e.target.checked)}
              data-testid="app-mqtt"
            />
          }
          label={t('enableMQTT')}
        />
        {v.enableMQTT &&
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

        <TextField
          select
          label={t('decoderType')}
          value={v.decoder.type}
          onChange={(e) => set('decoder.type', e.target.value as DecoderType)}
        >
          {DECODER_TYPES.map((d) => (
            <MenuItem key={d} value={d}>
              {t(`decoders.${d}`)}
            </MenuItem>
          ))}
        </TextField>
        {v.decoder.type === 'javascript' && (
          <TextField
            label={t('decoderContent')}
            multiline
            minRows={4}
            value={v.decoder.content}
            onChange={(e) => set('decoder.content', e.target.value)}
            placeholder={DECODER_TEMPLATE}
            error={Boolean(decoderError)}
            helperText={decoderError ?? t('decoderHelp')}
            slotProps={{ htmlInput: { style: { fontFamily: 'monospace' }, 'data-testid': 'app-decoder' } }}
          />
        )}
      </Box>
    </FormDialog>
  );
}
