import type { PlatformSwitch } from '@lns/contract/platform';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/** One data switch: its name, and below it one line saying what switching it off does. */
export function SwitchRow(p: { field: PlatformSwitch; checked: boolean; onChange: (on: boolean) => void }) {
  const { t } = useTranslation('platform');
  const hintId = `platform-${p.field}-hint`;
  return (
    <Box sx={{ minWidth: 0 }}>
      <FormControlLabel
        control={
          <Switch
            checked={p.checked}
            onChange={(e) => p.onChange(e.target.checked)}
            slotProps={{ input: { 'aria-describedby': hintId } }}
          />
        }
        label={t(`switch.${p.field}.label`)}
      />
      {/* Lined up with the label text: the switch is 58 px wide and FormControlLabel pulls it 11 px left. */}
      <Typography id={hintId} variant="body2" color="text.secondary" sx={{ pl: '47px' }}>
        {t(`switch.${p.field}.off`)}
      </Typography>
    </Box>
  );
}
