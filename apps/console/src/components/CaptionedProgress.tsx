import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';

/** A percentage held to 0–100 (a count may run past its total while a list refreshes). */
export const clampPercent = (value: number) => Math.max(0, Math.min(100, value));

export interface CaptionedProgressProps {
  /** Percent done, 0–100. */
  value: number;
  /** Beside the bar: "40 %", "3 / 10". */
  caption: string;
  /** What the bar measures, for screen readers. */
  label: string;
  testId?: string;
  /** Least widths (px) of the whole and of the caption, so the bars of a column line up. */
  minWidth: number;
  captionWidth: number;
}

/** Progress in a list or a page head: a thin bar and its caption. */
export function CaptionedProgress({ value, caption, label, testId, minWidth, captionWidth }: CaptionedProgressProps) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth }}>
      <LinearProgress
        variant="determinate"
        value={clampPercent(value)}
        sx={{ flexGrow: 1, height: 6, borderRadius: 3 }}
        aria-label={label}
        data-testid={testId}
      />
      <Typography variant="caption" sx={{ minWidth: captionWidth, textAlign: 'right', whiteSpace: 'nowrap' }}>
        {caption}
      </Typography>
    </Box>
  );
}
