import { formatHex, normalizeHex } from '@lns/contract/hex';
import { RELAY_BIND_MAX, relayBindBody } from '@lns/contract/relay-api';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppDialog } from '../../../components/AppDialog';
import { useContractForm } from '../../../lib/form/useContractForm';
import { useFormSubmit } from '../../../lib/form/useFormSubmit';
import { useAppDevices, useBindSlaves } from '../api';
import { type BindOutcome, BindResults, refusedOutcome } from './BindResults';

/** Typed or pasted EUIs: any separators between them, dashes or colons inside them. */
export const splitEuis = (text: string) =>
  text
    .split(/[\s,;]+/)
    .map((s) => normalizeHex(s))
    .filter((s) => s !== '');

interface Form {
  devEUI: string;
  slaveDevEUIs: string[];
}

/**
 * Bind slaves to a relay: type or paste their DevEUIs, or choose devices of the relay's
 * application. Each EUI is checked with the contract's rule; the answer's per-slave results stay
 * in the dialog (already bound here, bound to another relay).
 */
export function BindDialog({ devEUI, appID, onClose }: { devEUI: string; appID: number; onClose: () => void }) {
  const { t } = useTranslation('relay');
  const bind = useBindSlaves(false);
  const [outcome, setOutcome] = useState<BindOutcome | null>(null);
  const devices = useAppDevices(appID, true);
  const options = (devices.data?.rows ?? []).filter((d) => d.devEUI !== devEUI);
  const nameOf = new Map(options.map((d) => [d.devEUI, d.devName]));
  const form = useContractForm({ schema: relayBindBody, defaultValues: { devEUI, slaveDevEUIs: [] } as Form });
  const chosen = form.values.slaveDevEUIs ?? [];
  const submit = useFormSubmit(form, {
    submit: (body) => bind.mutateAsync(body),
    success: t('bindSent'),
    onDone: (r) => {
      setOutcome(r);
      form.reset({ devEUI, slaveDevEUIs: [] });
    },
    onRefused: (e) => setOutcome(refusedOutcome(e) ?? null),
  });
  // The first EUI the contract refuses, named, or the list's own message (none, too many).
  const bad = chosen.findIndex((_, i) => form.errorText(`slaveDevEUIs.${i}`));
  const error = bad >= 0 ? `${chosen[bad]}: ${form.errorText(`slaveDevEUIs.${bad}`)}` : form.errorText('slaveDevEUIs');
  return (
    <AppDialog
      open
      onClose={onClose}
      title={t('bindTitle')}
      maxWidth="sm"
      actions={
        <>
          <Button onClick={onClose}>{t('common:close')}</Button>
          <Button
            variant="contained"
            onClick={() => void submit()}
            loading={form.formState.isSubmitting}
            data-testid="bind-send"
          >
            {t('bind')}
          </Button>
        </>
      }
    >
      <Box component="form" noValidate onSubmit={(e) => void submit(e)} sx={{ pt: 1 }}>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('bindIntro', { max: RELAY_BIND_MAX })}
        </Typography>
        <Autocomplete
          multiple
          freeSolo
          // A typed EUI counts without Enter: leaving the field takes it.
          autoSelect
          options={options.map((d) => d.devEUI)}
          value={chosen}
          loading={devices.isFetching}
          // Typed or pasted text may hold several EUIs: each becomes its own chip.
          onChange={(_e, v) => form.set('slaveDevEUIs', [...new Set(v.flatMap(splitEuis))])}
          getOptionLabel={(o) => `${nameOf.get(o) ?? ''} ${formatHex(o)}`.trim()}
          renderOption={(props, o) => {
            const { key, ...rest } = props as typeof props & { key: string };
            return (
              <Box component="li" key={key} {...rest} sx={{ display: 'flex', gap: 1 }}>
                <span>{nameOf.get(o)}</span>
                <Box component="span" sx={{ fontFamily: 'monospace', color: 'text.secondary' }}>
                  {formatHex(o)}
                </Box>
              </Box>
            );
          }}
          renderValue={(v, getItemProps) =>
            v.map((o, index) => {
              const { key, ...item } = getItemProps({ index });
              return <Chip key={key} size="small" label={nameOf.get(o) ?? formatHex(o)} {...item} />;
            })
          }
          renderInput={(params) => (
            <TextField
              {...params}
              size="small"
              label={t('slaves')}
              placeholder={t('bindPlaceholder')}
              error={Boolean(error)}
              helperText={error ?? t('bindHint')}
              inputProps={{ ...params.inputProps, 'data-testid': 'bind-input' }}
            />
          )}
        />
        <button type="submit" hidden />
      </Box>
      {outcome && (
        <Box sx={{ mt: 2 }}>
          <BindResults outcome={outcome} unbind={false} />
        </Box>
      )}
    </AppDialog>
  );
}
