import { EXPORT_FIELDS, type ExportField } from '@lns/contract/devices';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Typography from '@mui/material/Typography';
import dayjs from 'dayjs';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppDialog } from '../../../components/AppDialog';
import type { Range } from '../../../components/DateTimeRangePicker';
import { downloadExport } from '../api';

const DateTimeRangePicker = lazy(() =>
  import('../../../components/DateTimeRangePicker').then((m) => ({ default: m.DateTimeRangePicker })),
);

const DEFAULT_FIELDS: ExportField[] = [
  'devEUI',
  'devName',
  'devAddr',
  'region',
  'fCntUp',
  'fCntDown',
  'lastSeen',
  'rssi',
  'snr',
];
/** Export range: initial span 1 day, at most 7 (docs/product/devices.md). */
const EXPORT_SPAN_DAYS = 7;

/** Choose fields and a time range, download the .xlsx (selected devices, else the whole application). */
export function ExportDialog({ appID, devEUIs, onClose }: { appID: number; devEUIs: string[]; onClose: () => void }) {
  const { t } = useTranslation('devices');
  const [fields, setFields] = useState<ExportField[]>(DEFAULT_FIELDS);
  const [range, setRange] = useState<Range>(() => {
    const end = dayjs().add(1, 'day').startOf('day');
    return [end.subtract(1, 'day').valueOf(), end.valueOf()];
  });
  const [busy, setBusy] = useState(false);
  const toggle = (f: ExportField) =>
    setFields((s) =>
      s.includes(f) ? s.filter((x) => x !== f) : EXPORT_FIELDS.filter((x) => x === f || s.includes(x)),
    );
  const submit = async () => {
    setBusy(true);
    try {
      await downloadExport({
        ...(devEUIs.length ? { devEUIs } : { appID }),
        fields,
        startTime: range[0],
        endTime: range[1],
      });
      onClose();
    } catch {
      // the HTTP client has shown the refusal
    } finally {
      setBusy(false);
    }
  };
  return (
    <AppDialog
      open
      onClose={onClose}
      title={t('export')}
      maxWidth="md"
      actions={
        <>
          <Button onClick={onClose}>{t('common:cancel')}</Button>
          <Button
            variant="contained"
            disabled={fields.length === 0}
            onClick={submit}
            loading={busy}
            data-testid="export-save"
          >
            {t('common:download')}
          </Button>
        </>
      }
    >
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, pt: 1 }}>
        <Typography variant="body2">
          {devEUIs.length ? t('selectedCount', { count: devEUIs.length }) : t('exportAll')}
        </Typography>
        <Typography variant="subtitle2">{t('exportFields')}</Typography>
        <FormGroup row>
          {EXPORT_FIELDS.map((f) => (
            <FormControlLabel
              key={f}
              sx={{ minWidth: 160 }}
              control={
                <Checkbox
                  size="small"
                  checked={fields.includes(f)}
                  onChange={() => toggle(f)}
                  data-testid={`export-field-${f}`}
                />
              }
              label={t(`field.${f}`)}
            />
          ))}
        </FormGroup>
        <Typography variant="subtitle2">{t('exportRange')}</Typography>
        <Suspense>
          <DateTimeRangePicker value={range} onChange={setRange} maxSpanDays={EXPORT_SPAN_DAYS} />
        </Suspense>
      </Box>
    </AppDialog>
  );
}
