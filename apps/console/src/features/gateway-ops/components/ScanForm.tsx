import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { ScanFormValues } from '../scanDefaults';
import type { ScanCheck } from '../scanForm';

const FIELDS: (keyof ScanFormValues)[] = ['min', 'max', 'step'];

/** The band to scan in MHz (sent in Hz), how many frequencies that makes, and Start. */
export function ScanForm({
  values,
  onChange,
  check,
  showErrors,
  disabled,
  starting,
  onStart,
}: {
  values: ScanFormValues;
  onChange: (v: ScanFormValues) => void;
  check: ScanCheck;
  /** Errors show once Start was pressed. */
  showErrors: boolean;
  disabled: boolean;
  starting: boolean;
  onStart: () => void;
}) {
  const { t } = useTranslation('gatewayOps');
  return (
    <Box
      component="form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        onStart();
      }}
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'flex-start' }}
    >
      {/* Three abreast even on a phone: the values are short. */}
      <Box
        sx={{
          display: 'grid',
          gap: 1,
          gridTemplateColumns: { xs: 'repeat(3, minmax(0, 1fr))', sm: 'repeat(3, 180px)' },
        }}
      >
        {FIELDS.map((f) => {
          const error = showErrors ? check.errors[f] : undefined;
          return (
            <TextField
              key={f}
              size="small"
              label={t(`scan.field.${f}`)}
              value={values[f]}
              onChange={(e) => onChange({ ...values, [f]: e.target.value })}
              error={Boolean(error)}
              helperText={error ?? ' '}
              disabled={disabled}
              slotProps={{
                input: { endAdornment: <InputAdornment position="end">MHz</InputAdornment> },
                htmlInput: { inputMode: 'decimal', 'data-testid': `scan-${f}` },
              }}
            />
          );
        })}
      </Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minHeight: 40 }}>
        <Button
          type="submit"
          variant="contained"
          startIcon={<PlayArrowIcon />}
          disabled={disabled}
          loading={starting}
          loadingPosition="start"
          data-testid="scan-start"
        >
          {t('scan.start')}
        </Button>
        {check.points !== undefined && (
          <Typography variant="body2" color="text.secondary" data-testid="scan-points">
            {t('scan.points', { count: check.points })}
          </Typography>
        )}
      </Box>
    </Box>
  );
}
