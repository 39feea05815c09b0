import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { ReactNode } from 'react';
import { COLUMN_BREAKPOINTS } from '../../../components/ListTable';

/** A stored file's name: monospace, broken anywhere so a long name does not widen the table. */
export function FileNameCell({ name }: { name: string }) {
  return (
    <Box component="span" sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>
      {name}
    </Box>
  );
}

/**
 * A key cell with the file's name under it while the file column is hidden (narrow windows):
 * squeezed into its own column beside the kept ones, a name would stand one letter a line.
 */
export function WithFileName({ name, children }: { name: string; children: ReactNode }) {
  const narrow = useMediaQuery(`(max-width:${COLUMN_BREAKPOINTS.secondary - 0.02}px)`);
  if (!narrow) return children;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 0.25 }}>
      {children}
      <Typography variant="caption" color="text.secondary" sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>
        {name}
      </Typography>
    </Box>
  );
}
