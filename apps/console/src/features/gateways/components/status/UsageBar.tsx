import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { percentText } from './format';

/** A usage in percent as a labelled bar: warning from 75 %, error from 90 %. */
export function UsageBar({ label, value, testId }: { label: string; value: number | undefined; testId?: string }) {
  const known = typeof value === 'number' && Number.isFinite(value);
  const v = known ? Math.min(100, Math.max(0, value)) : 0;
  const color = !known ? 'inherit' : v >= 90 ? 'error' : v >= 75 ? 'warning' : 'primary';
  return (
    <Box sx={{ py: 0.75 }} data-testid={testId}>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, mb: 0.5 }}>
        <Typography variant="body2" color="text.secondary">
          {label}
        </Typography>
        <Typography variant="body2" fontWeight={600} data-testid={testId && `${testId}-value`}>
          {known ? percentText(value) : '—'}
        </Typography>
      </Box>
      <LinearProgress
        variant="determinate"
        value={v}
        color={color}
        aria-label={label}
        sx={{ height: 8, borderRadius: 4, ...(known ? {} : { opacity: 0.3 }) }}
      />
    </Box>
  );
}
