import { DATA_EXPIRE_DAYS } from '@lns/contract/limits';
import Box from '@mui/material/Box';
import FormHelperText from '@mui/material/FormHelperText';
import Slider from '@mui/material/Slider';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

const MARKS = [DATA_EXPIRE_DAYS.min, DATA_EXPIRE_DAYS.default, 14, DATA_EXPIRE_DAYS.max].map((value) => ({
  value,
  label: String(value),
}));

/** Days of history kept, whole days from the contract's range; the value is shown beside the label. */
export function ExpirySlider(p: { value: number; onChange: (days: number) => void; error?: string }) {
  const { t } = useTranslation('platform');
  const days = (count: number) => t('expiry.value', { count });
  return (
    <Box sx={{ minWidth: 0 }}>
      <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1, flexWrap: 'wrap' }}>
        <Typography id="platform-expiry-label" variant="body1">
          {t('expiry.label')}
        </Typography>
        <Typography variant="body1" fontWeight={600} data-testid="platform-expiry-value">
          {days(p.value)}
        </Typography>
      </Box>
      {/* Side padding keeps the edge marks' labels inside the card on a narrow screen. */}
      <Box sx={{ px: 1.5 }}>
        <Slider
          value={p.value}
          min={DATA_EXPIRE_DAYS.min}
          max={DATA_EXPIRE_DAYS.max}
          step={1}
          marks={MARKS}
          valueLabelDisplay="auto"
          getAriaValueText={days}
          // One thumb: the value is a number.
          onChange={(_e, v) => p.onChange(v as number)}
          aria-labelledby="platform-expiry-label"
        />
      </Box>
      <FormHelperText error={Boolean(p.error)} data-testid="platform-expiry-helper">
        {p.error ?? t('expiry.hint')}
      </FormHelperText>
    </Box>
  );
}
